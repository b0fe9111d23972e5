// Side navigation (core.md §2, advanced.md §2): camera list with 'all' and one entry per tag that has cameras
// (keeping the list's view and division), heat map with the heatmap right, people count with the analytics right
// (the list of people-counter cameras, whose menus open each camera's counts), person tracking and operation
// analysis (TLT modes: their results lists, issue 15), setting, help, and releases in the modes that show it.
import { Box, NavLink } from '@mantine/core';
import { lazy, Suspense } from 'react';
import {
  IconBellRinging,
  IconFlame,
  IconHeartbeat,
  IconHelp,
  IconHandFinger,
  IconNews,
  IconRoute,
  IconSettings,
  IconShare,
  IconUsers,
  IconVideo,
} from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, useLocation } from 'react-router';
import type { UserInfo } from '@camwatch/contract/auth';
import { isTltMode, modeShowsReleases } from '@camwatch/contract/environment';
import { useEnvSettings } from '../../lib/env-settings.tsx';

/** The count of unreviewed events, loaded after the shell (issue 22). */
const EventsNavBadge = lazy(() => import('../../features/events/components/EventsNavBadge.tsx'));

export interface NavTag {
  tag_code: string;
  tag_name: string;
}

/** The list link for a tag (or all), keeping the current view and division query. */
export function listLink(search: string, tagCode: string | null): string {
  const current = new URLSearchParams(search);
  const next = new URLSearchParams();
  for (const key of ['view', 'division']) {
    const value = current.get(key);
    if (value) next.set(key, value);
  }
  if (tagCode) next.append('tags[]', tagCode);
  const qs = next.toString();
  return qs ? `/list/1?${qs}` : '/list/1';
}

/** The camera list of people-counter cameras: a people counter screen needs a camera or a site to count. */
export const PEOPLE_COUNTER_CAMERAS = `/list/1?${new URLSearchParams([['func[]', 'people_counter']]).toString()}`;

export function SideNav({
  user,
  tags,
  onNavigate,
}: {
  user: UserInfo;
  tags: NavTag[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const { environmentMode } = useEnvSettings();
  const location = useLocation();
  const onList = location.pathname.startsWith('/list');
  const activeTags = new URLSearchParams(location.search).getAll('tags[]');
  const item = (to: string, label: string, icon: React.ReactNode, active: boolean) => (
    <NavLink component={Link} to={to} label={label} leftSection={icon} active={active} onClick={onNavigate} />
  );

  return (
    // The browser's own scrolling, thin, where Mantine's ScrollArea was: its code imports Floating UI (whole, ~15 KB
    // compressed) for one helper, which then came with every screen's shell (issue 19).
    <Box
      component="nav"
      aria-label={t('nav.menu')}
      h="100%"
      style={{ overflowY: 'auto', scrollbarWidth: 'thin' }}
    >
      <NavLink
        label={t('nav.cameraList')}
        leftSection={<IconVideo size={18} aria-hidden />}
        defaultOpened
        childrenOffset={28}
      >
        <NavLink
          component={Link}
          to={listLink(location.search, null)}
          label={t('nav.all')}
          active={onList && activeTags.length === 0}
          onClick={onNavigate}
        />
        {tags.map((tag) => (
          <NavLink
            key={tag.tag_code}
            component={Link}
            to={listLink(location.search, tag.tag_code)}
            label={tag.tag_name}
            active={onList && activeTags.length === 1 && activeTags[0] === tag.tag_code}
            onClick={onNavigate}
          />
        ))}
      </NavLink>
      <NavLink
        component={Link}
        to="/events"
        label={t('nav.events')}
        leftSection={<IconBellRinging size={18} aria-hidden />}
        rightSection={
          <Suspense fallback={null}>
            <EventsNavBadge />
          </Suspense>
        }
        active={location.pathname === '/events'}
        onClick={onNavigate}
      />
      {user.permissions.heatmap &&
        item(
          '/heatmap',
          t('nav.heatmap'),
          <IconFlame size={18} aria-hidden />,
          location.pathname === '/heatmap',
        )}
      {item(
        '/health',
        t('nav.cameraHealth'),
        <IconHeartbeat size={18} aria-hidden />,
        location.pathname === '/health',
      )}
      {user.permissions.analytics &&
        item(
          PEOPLE_COUNTER_CAMERAS,
          t('nav.peopleCount'),
          <IconUsers size={18} aria-hidden />,
          location.pathname.endsWith('/people-counter'),
        )}
      {isTltMode(environmentMode) &&
        item(
          '/person-tracking/results',
          t('nav.personTracking'),
          <IconRoute size={18} aria-hidden />,
          location.pathname.startsWith('/person-tracking'),
        )}
      {isTltMode(environmentMode) &&
        item(
          '/operation-analysis/results',
          t('nav.operationAnalysis'),
          <IconHandFinger size={18} aria-hidden />,
          location.pathname.startsWith('/operation-analysis'),
        )}
      {user.permissions.archive &&
        item(
          '/share-links',
          t('nav.shareLinks'),
          <IconShare size={18} aria-hidden />,
          location.pathname === '/share-links',
        )}
      {item(
        '/setting',
        t('nav.setting'),
        <IconSettings size={18} aria-hidden />,
        location.pathname === '/setting',
      )}
      {item('/help', t('nav.help'), <IconHelp size={18} aria-hidden />, false)}
      {modeShowsReleases(environmentMode) &&
        item(
          '/releases',
          t('nav.releases'),
          <IconNews size={18} aria-hidden />,
          location.pathname === '/releases',
        )}
    </Box>
  );
}
