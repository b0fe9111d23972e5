// Every route of core.md §2 and advanced.md §2. Screens load on demand; the page name becomes the body class.
import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isTltMode } from '@camwatch/contract/environment';
import { ApiError } from '../lib/api-client.ts';
import { readState } from '../lib/browser-state.ts';
import { withTimeout } from '../lib/with-timeout.ts';
import { meQueryOptions } from '../features/auth/api/me.ts';
import { queryClient } from '../lib/query-client.ts';
import { loginPathFor } from './session.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import type { EnvSettings } from '@camwatch/contract/settings';

/** A chunk that does not arrive within 120 s is an error (advanced.md §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

export type PageName =
  | 'list'
  | 'detail'
  | 'setting'
  | 'notification'
  | 'child_users'
  | 'heatmap'
  | 'releases'
  | 'debug'
  | 'notfound'
  | 'login'
  | 'password_reissue'
  | 'help'
  | 'people_counter'
  | 'entry_detection'
  | 'entry_detection_detail'
  | 'entry_detection_report'
  | 'operation_analysis'
  | 'person_tracking_results'
  | 'person_tracking_result_detail'
  | 'operation_analysis_results'
  | 'operation_analysis_result_detail';

export interface RouteHandle {
  page: PageName;
}

const lazyPage = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const module = await withTimeout(load(), CHUNK_TIMEOUT_MS);
  return { Component: module.default };
};

/** Screens that later work fills in show their page frame and title until then. */
const frame = lazyPage(() => import('../features/pages/PageFrame.tsx'));

const page = (path: string, name: PageName, lazy = frame, extra: Partial<RouteObject> = {}): RouteObject => ({
  path,
  lazy,
  handle: { page: name } satisfies RouteHandle,
  ...extra,
});

/** The page base: logged in, and the user info loaded before anything renders (core.md §1, §2). */
async function requireLogin({ request }: LoaderFunctionArgs) {
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
      children: [
        page(
          '/login',
          'login',
          lazyPage(() => import('../features/auth/components/LoginPage.tsx')),
        ),
        page(
          '/password_reissue',
          'password_reissue',
          lazyPage(() => import('../features/auth/components/PasswordReissuePage.tsx')),
        ),
        page('/help', 'help'),
        {
          path: '/',
          loader: requireLogin,
          lazy: lazyPage(() => import('./layout/AppLayout.tsx')),
          errorElement: <RouteError />,
          children: [
            // Runs alongside the login check; logged out, `/` goes to a plain /login (core.md §2).
            { index: true, loader: () => redirect(readState('loggedIn') ? '/list/1' : '/login') },
            page('list/:page', 'list'),
            page('detail/:code', 'detail'),
            page('detail/:code/people-counter', 'people_counter'),
            page('location/:code/people-counter', 'people_counter'),
            page('detail/:code/entry-detection', 'entry_detection', frame, { loader: tltOnly }),
            page('detail/:code/entry-detection/create', 'entry_detection_detail', frame, { loader: tltOnly }),
            page('detail/:code/entry-detection/:id', 'entry_detection_detail', frame, { loader: tltOnly }),
            page('detail/:code/entry-detection-report', 'entry_detection_report', frame, { loader: tltOnly }),
            page('detail/:code/operation-analysis', 'operation_analysis', frame, { loader: tltOnly }),
            page('person-tracking/results', 'person_tracking_results', frame, { loader: tltOnly }),
            page('person-tracking/results/:id', 'person_tracking_result_detail', frame, { loader: tltOnly }),
            page('operation-analysis/results', 'operation_analysis_results', frame, { loader: tltOnly }),
            page('operation-analysis/results/:id', 'operation_analysis_result_detail', frame, {
              loader: tltOnly,
            }),
            page('setting', 'setting'),
            page('notification', 'notification'),
            page('child_users', 'child_users'),
            page('heatmap', 'heatmap'),
            page('releases', 'releases'),
            page('debug', 'debug'),
            page(
              'notfound',
              'notfound',
              lazyPage(() => import('../features/pages/NotFoundPage.tsx')),
            ),
            { path: '*', loader: () => redirect('/notfound') },
          ],
        },
      ],
    },
  ];
}
