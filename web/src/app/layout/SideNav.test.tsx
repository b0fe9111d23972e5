import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter, matchRoutes } from 'react-router';
import type { UserInfo } from '@camwatch/contract/auth';
import { accountFlags, permissionFlags, type Permissions } from '@camwatch/contract/permissions';
import type { EnvSettings } from '@camwatch/contract/settings';
import { EnvSettingsContext } from '../../lib/env-settings.tsx';
import { initI18n } from '../../lib/i18n.ts';
import { buildRoutes } from '../routes.tsx';
import { SideNav } from './SideNav.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const settings: EnvSettings = {
  environmentMode: 'TLT:3',
  experimentalFeatures: [],
  gaTrackingId: null,
  googleMapsApiKey: null,
  adminSystemUrl: null,
  partnerSiteUrl: null,
  contactUrl: '/help#contact',
  mapTileUrl: 'https://tile.example/{z}/{x}/{y}.png',
  mapAttribution: 'tiles',
  version: '2.78.0',
};

/** A user with every right, so every entry the navigation can show is shown. */
const everyRight = Object.fromEntries(
  [...permissionFlags, ...accountFlags].map((flag) => [flag, true]),
) as Permissions;
const user: UserInfo = {
  b_user_id: 1,
  email: 'a@example.com',
  user_name: 'A',
  customer_code: 'c',
  customer_name: 'C',
  permissions: everyRight,
  hasChildUser: true,
  isChild: false,
  parentUserId: null,
  devauthEnabled: false,
};

/** The unreviewed events' badge asks for its count: never answered here, so it stays hidden. */
const quietClient = () =>
  new QueryClient({ defaultOptions: { queries: { queryFn: () => new Promise(() => {}), enabled: false } } });

/** The paths the navigation links to, for a user. */
function navTargets(navUser: UserInfo): string[] {
  const client = quietClient();
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <EnvSettingsContext.Provider value={settings}>
          <MemoryRouter initialEntries={['/list/1']}>
            <SideNav user={navUser} tags={[{ tag_code: 't1', tag_name: 'Tag 1' }]} onNavigate={() => {}} />
          </MemoryRouter>
        </EnvSettingsContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return screen
    .getAllByRole('link')
    .map((link) => new URL(link.getAttribute('href') ?? '', 'http://x').pathname);
}

describe('side navigation (issue 21 point 8)', () => {
  it('leads only to screens that exist, with every right in a TLT mode', () => {
    const targets = navTargets(user);
    const routes = buildRoutes(settings);
    expect(targets).toContain('/setting');
    for (const target of targets)
      expect(matchRoutes(routes, target)?.at(-1)?.route.path, target).not.toBe('*');
    // Person tracking's and operation analysis's results have landed (issue 15).
    expect(targets).toContain('/person-tracking/results');
    expect(targets).toContain('/operation-analysis/results');
    // The events page (issue 22), for every user.
    expect(targets).toContain('/events');
  });

  it('shows person tracking and operation analysis only in TLT modes (advanced.md §2)', () => {
    render(
      <MantineProvider>
        <QueryClientProvider client={quietClient()}>
          <EnvSettingsContext.Provider value={{ ...settings, environmentMode: 'normal' }}>
            <MemoryRouter initialEntries={['/list/1']}>
              <SideNav user={user} tags={[]} onNavigate={() => {}} />
            </MemoryRouter>
          </EnvSettingsContext.Provider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.queryByRole('link', { name: '人物追跡' })).toBeNull();
    expect(screen.queryByRole('link', { name: '作業分析' })).toBeNull();
  });

  it('shows the heat map entry only with the heatmap right (core.md §2, advanced.md §2)', () => {
    expect(navTargets(user)).toContain('/heatmap');
    expect(screen.getByRole('link', { name: 'ヒートマップ' })).toHaveAttribute('href', '/heatmap');
    cleanup();
    const withoutHeatmap = { ...user, permissions: { ...everyRight, heatmap: false } };
    const targets = navTargets(withoutHeatmap);
    expect(targets).toContain('/setting');
    expect(targets).not.toContain('/heatmap');
    expect(screen.queryByRole('link', { name: 'ヒートマップ' })).toBeNull();
  });
});
