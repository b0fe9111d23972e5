// The routes of core.md §2 and advanced.md §2 that have a screen. Screens load on demand; the page name becomes the
// body class. The person tracking and operation analysis results have landed (issue 15).
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isTltMode } from '@camwatch/contract/environment';
import { ApiError } from '../lib/api-client.ts';
import { readState } from '../lib/browser-state.ts';
import { lazyScreen, type LazyScreen } from './lazy-screen.ts';
import { PageLoader } from '../components/ui/PageLoader.tsx';
import { meQueryOptions } from '../lib/current-user.ts';
import { loadDetailPage } from '../features/player/live-prestart.ts';
import { prefetchCameraList } from '../features/cameras/api/get-cameras.ts';
import { loadOperationAnalysisPage } from '../features/operation-analysis/api/load-page.ts';
import { loadEntryDetectionPage } from '../features/entry-detection/api/load-pages.ts';
import { loadEntryReportPage } from '../features/entry-detection/api/load-report-page.ts';
import { queryClient } from '../lib/query-client.ts';
import { loginPathFor } from './session.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import type { EnvSettings } from '@camwatch/contract/settings';
import type { loadPeopleCounterPage as PeopleCounterLoader } from '../features/people-counter/api/load-page.ts';
import type { loadPage as PersonTrackingResultLoader } from '../features/person-tracking/components/PersonTrackingResultPage.tsx';
import type { loadPage as OperationResultLoader } from '../features/operation-analysis/components/OperationAnalysisResultPage.tsx';

export type PageName =
  | 'list'
  | 'detail'
  | 'setting'
  | 'notification'
  | 'child_users'
  | 'releases'
  | 'debug'
  | 'notfound'
  | 'login'
  | 'password_reissue'
  | 'help'
  | 'people_counter'
  | 'heatmap'
  | 'camera_health'
  | 'entry_detection'
  | 'entry_detection_detail'
  | 'entry_detection_report'
  | 'operation_analysis'
  | 'person_tracking_results'
  | 'person_tracking_result_detail'
  | 'operation_analysis_results'
  | 'operation_analysis_result_detail'
  | 'audit_log'
  | 'events'
  | 'share_links'
  | 'shared_clip';

export interface RouteHandle {
  page: PageName;
}

const loginScreen = lazyScreen(() => import('../features/auth/components/LoginPage.tsx'));
const reissueScreen = lazyScreen(() => import('../features/auth/components/PasswordReissuePage.tsx'));
const notFoundScreen = lazyScreen(() => import('../features/pages/NotFoundPage.tsx'));
const releasesScreen = lazyScreen(() => import('../features/releases/components/ReleasesPage.tsx'));
const childUsersScreen = lazyScreen(() => import('../features/child-users/components/ChildUsersPage.tsx'));
const notificationScreen = lazyScreen(
  () => import('../features/notifications/components/NotificationPage.tsx'),
);
const settingsScreen = lazyScreen(() => import('./SettingsScreen.tsx'));
const auditLogScreen = lazyScreen(() => import('../features/audit-log/components/AuditLogPage.tsx'));
const eventsScreen = lazyScreen(() => import('../features/events/components/EventsPage.tsx'));
const layoutScreen = lazyScreen(() => import('./layout/AppLayout.tsx'));
const shareLinksScreen = lazyScreen(() => import('../features/share-links/components/ShareLinksPage.tsx'));
const sharedClipScreen = lazyScreen(() => import('../features/share-links/components/SharedClipPage.tsx'));
const detailScreen = lazyScreen(() => import('../features/player/components/CameraDetailPage.tsx'));
const helpScreen = lazyScreen(() => import('../features/help/components/HelpPage.tsx'));
const debugScreen = lazyScreen(() => import('../features/debug/components/DebugPage.tsx'));
const operationAnalysisScreen = lazyScreen(
  () => import('../features/operation-analysis/components/OperationAnalysisPage.tsx'),
);
const entryDetectionScreen = lazyScreen(
  () => import('../features/entry-detection/components/EntryDetectionListPage.tsx'),
);
const entryReportScreen = lazyScreen(
  () => import('../features/entry-detection/components/EntryReportPage.tsx'),
);
const peopleCounterCameraScreen = lazyScreen(
  () => import('../features/people-counter/components/PeopleCounterPageCamera.tsx'),
);
const peopleCounterLocationScreen = lazyScreen(
  () => import('../features/people-counter/components/PeopleCounterPageLocation.tsx'),
);
const heatmapScreen = lazyScreen(() => import('../features/heatmap/components/HeatmapPage.tsx'));
const cameraHealthScreen = lazyScreen(
  () => import('../features/cameras/health/components/CameraHealthPage.tsx'),
);
const personTrackingResultsScreen = lazyScreen(
  () => import('../features/person-tracking/components/PersonTrackingResultsPage.tsx'),
);
const personTrackingResultScreen = lazyScreen(
  () => import('../features/person-tracking/components/PersonTrackingResultPage.tsx'),
);
const operationResultsScreen = lazyScreen(
  () => import('../features/operation-analysis/components/OperationAnalysisResultsPage.tsx'),
);
const operationResultScreen = lazyScreen(
  () => import('../features/operation-analysis/components/OperationAnalysisResultPage.tsx'),
);
const areaLinkScreen = lazyScreen(
  () => import('../features/entry-detection/components/AreaLinkEditPage.tsx'),
);

type Loader = (args: LoaderFunctionArgs) => unknown;

/** A screen's route: its code starts downloading when the route's loaders start, and errors show in place. */
const page = (path: string, name: PageName, screen: LazyScreen, loader?: Loader): RouteObject => ({
  path,
  Component: screen.Component,
  handle: { page: name } satisfies RouteHandle,
  errorElement: <RouteError />,
  loader: async (args) => {
    const [, data] = await Promise.all([screen.preload(), loader ? loader(args) : null]);
    return data ?? null;
  },
});

/** child_users is for parents only (advanced.md §6); the page base has loaded the user info by then. */
async function parentsOnly(): Promise<null> {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (!me.hasChildUser) throw redirect('/notfound');
  return null;
}

/** The audit log is for a customer's parent users, not child users (issue 16; the server refuses them too). */
async function notForChildren(): Promise<null> {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (me.isChild) throw redirect('/notfound');
  return null;
}

/**
 * Runs a screen's data loading before it renders; a camera that is unknown, another customer's or without the
 * feature, or an unknown id (404, or 400 for an id that cannot be one) goes to notfound (core.md §8).
 */
async function orNotFound(load: () => Promise<unknown>): Promise<null> {
  if (!readState('loggedIn')) return null;
  try {
    await load();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw redirect('/notfound');
    throw error;
  }
  return null;
}

/** The detail page's camera; takes over what the start-up asked for on a detail address (live-prestart.ts). */
const cameraDetail = ({ params, request }: LoaderFunctionArgs) =>
  // Runs alongside the page base's loader: without a session, its redirect to login wins.
  orNotFound(() => loadDetailPage(params.code ?? '', new URL(request.url).searchParams.get('date')));
const operationAnalysisData = ({ params }: LoaderFunctionArgs) =>
  orNotFound(() => loadOperationAnalysisPage(params.code ?? ''));
/** The entry detection screens' camera and area links, and the edited link. */
const entryDetectionData = ({ params }: LoaderFunctionArgs) =>
  orNotFound(() => loadEntryDetectionPage(params.code ?? '', params.id));
const entryReportData = ({ params }: LoaderFunctionArgs) =>
  orNotFound(() => loadEntryReportPage(params.code ?? ''));
/**
 * A people counter screen's camera or site and the counts its address asks for (nothing without the right). The
 * loading code comes with the screen's chunk (which page() is fetching anyway), so the entry, and /login, do not
 * carry it; a chunk of its own reshuffled the shared chunks and added 0.8 KB to /login.
 */
const peopleCounterData =
  (kind: 'camera' | 'location') =>
  ({ params, request }: LoaderFunctionArgs) =>
    orNotFound(async () => {
      const screen = kind === 'camera' ? peopleCounterCameraScreen : peopleCounterLocationScreen;
      const { loadPage } = (await screen.preload()) as { loadPage: typeof PeopleCounterLoader };
      await loadPage({ kind, code: params.code ?? '' }, new URL(request.url).searchParams);
    });

/** One person tracking analysis (unknown → notfound); the loading code comes with the screen's chunk. */
const personTrackingResultData = ({ params }: LoaderFunctionArgs) =>
  orNotFound(async () => {
    const { loadPage } = (await personTrackingResultScreen.preload()) as {
      loadPage: typeof PersonTrackingResultLoader;
    };
    await loadPage(params.id ?? '');
  });

/** One operation analysis (unknown → notfound); the loading code comes with the screen's chunk. */
const operationResultData = ({ params }: LoaderFunctionArgs) =>
  orNotFound(async () => {
    const { loadPage } = (await operationResultScreen.preload()) as {
      loadPage: typeof OperationResultLoader;
    };
    await loadPage(params.id ?? '');
  });

/** The camera list's page of cameras, asked for while the screen's code downloads (not awaited). */
function cameraListHeadStart({ params, request }: LoaderFunctionArgs): null {
  if (readState('loggedIn')) prefetchCameraList(params.page, new URL(request.url).searchParams);
  return null;
}

/** The page base: logged in, and the user info loaded before anything renders (core.md §1, §2). */
async function requireLogin({ request }: LoaderFunctionArgs) {
  const layout = layoutScreen.preload();
  layout.catch(() => undefined); // awaited below, after the login checks have had their say
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  if (!readState('loggedIn')) throw redirect(loginPathFor(target));
  try {
    await queryClient.ensureQueryData(meQueryOptions);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      queryClient.clear();
      throw redirect(loginPathFor(target));
    }
    throw error;
  }
  await layout;
  return null;
}

export function buildRoutes(settings: EnvSettings): RouteObject[] {
  const tltOnly = (): null => {
    if (!isTltMode(settings.environmentMode)) throw redirect('/notfound');
    return null;
  };
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      HydrateFallback: PageLoader,
      children: [
        page('/login', 'login', loginScreen),
        page('/password_reissue', 'password_reissue', reissueScreen),
        page('/help', 'help', helpScreen),
        // A share link's page opens without an account (issue 22).
        page('/share/:token', 'shared_clip', sharedClipScreen),
        {
          path: '/',
          loader: requireLogin,
          Component: layoutScreen.Component,
          errorElement: <RouteError />,
          children: [
            // Runs alongside the login check; logged out, `/` goes to a plain /login (core.md §2). Redirects
            // render nothing, but a leaf route without an element makes react-router warn on every visit.
            {
              index: true,
              loader: () => redirect(readState('loggedIn') ? '/list/1' : '/login'),
              element: null,
            },
            page(
              'list/:page',
              'list',
              lazyScreen(() => import('../features/cameras/components/CameraListPage.tsx')),
              cameraListHeadStart,
            ),
            page('detail/:code', 'detail', detailScreen, cameraDetail),
            page(
              'detail/:code/people-counter',
              'people_counter',
              peopleCounterCameraScreen,
              peopleCounterData('camera'),
            ),
            page(
              'location/:code/people-counter',
              'people_counter',
              peopleCounterLocationScreen,
              peopleCounterData('location'),
            ),
            page('detail/:code/entry-detection', 'entry_detection', entryDetectionScreen, (args) => {
              tltOnly();
              return entryDetectionData(args);
            }),
            page('detail/:code/entry-detection/create', 'entry_detection_detail', areaLinkScreen, (args) => {
              tltOnly();
              return entryDetectionData(args);
            }),
            page('detail/:code/entry-detection/:id', 'entry_detection_detail', areaLinkScreen, (args) => {
              tltOnly();
              return entryDetectionData(args);
            }),
            page(
              'detail/:code/entry-detection-report',
              'entry_detection_report',
              entryReportScreen,
              (args) => {
                tltOnly();
                return entryReportData(args);
              },
            ),
            page('detail/:code/operation-analysis', 'operation_analysis', operationAnalysisScreen, (args) => {
              tltOnly();
              return operationAnalysisData(args);
            }),
            page('person-tracking/results', 'person_tracking_results', personTrackingResultsScreen, tltOnly),
            page(
              'person-tracking/results/:id',
              'person_tracking_result_detail',
              personTrackingResultScreen,
              (args) => {
                tltOnly();
                return personTrackingResultData(args);
              },
            ),
            page('operation-analysis/results', 'operation_analysis_results', operationResultsScreen, tltOnly),
            page(
              'operation-analysis/results/:id',
              'operation_analysis_result_detail',
              operationResultScreen,
              (args) => {
                tltOnly();
                return operationResultData(args);
              },
            ),
            page('setting', 'setting', settingsScreen),
            page('setting/audit-log', 'audit_log', auditLogScreen, notForChildren),
            page('events', 'events', eventsScreen),
            page('share-links', 'share_links', shareLinksScreen),
            page('notification', 'notification', notificationScreen),
            page('child_users', 'child_users', childUsersScreen, parentsOnly),
            page('heatmap', 'heatmap', heatmapScreen),
            page('health', 'camera_health', cameraHealthScreen),
            page('releases', 'releases', releasesScreen),
            page('debug', 'debug', debugScreen),
            page('notfound', 'notfound', notFoundScreen),
            { path: '*', loader: () => redirect('/notfound'), element: null },
          ],
        },
      ],
    },
  ];
}
