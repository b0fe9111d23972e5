// The side navigation leads every user, child users without any right included, to the camera health page
// (issue 22 "Camera health").
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { UserInfo } from '@camwatch/contract/auth';
import type { EnvSettings } from '@camwatch/contract/settings';
import { EnvSettingsContext } from '../../lib/env-settings.tsx';
import { setCatalog } from '../../lib/i18n.ts';
import ja from '../../locales/ja.ts';
import { SideNav } from './SideNav.tsx';

beforeAll(() => setCatalog('ja', ja));
afterEach(cleanup);

describe('side navigation: camera health', () => {
  it('leads every user, without any right, to the health page', () => {
    const settings = { environmentMode: 'normal', experimentalFeatures: [] } as unknown as EnvSettings;
    const user = { permissions: {}, hasChildUser: false, isChild: true } as unknown as UserInfo;
    render(
      <MantineProvider>
        <EnvSettingsContext.Provider value={settings}>
          <MemoryRouter initialEntries={['/health']}>
            <SideNav user={user} tags={[]} onNavigate={() => {}} />
          </MemoryRouter>
        </EnvSettingsContext.Provider>
      </MantineProvider>,
    );
    const link = screen.getByRole('link', { name: '稼働状況' });
    expect(link).toHaveAttribute('href', '/health');
    expect(link).toHaveAttribute('data-active', 'true');
  });
});
