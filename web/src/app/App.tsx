// Providers and the router.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { EnvSettings } from '@camwatch/contract/settings';
import { setApiHooks } from '../lib/api-client.ts';
import { EnvSettingsContext } from '../lib/env-settings.tsx';
import { Toasts } from '../components/ui/Toasts.tsx';
import { queryClient } from '../lib/query-client.ts';
import { showCommonError } from './common-error.ts';
import { buildRoutes } from './routes.tsx';
import { endSession, setSessionNavigator } from './session.ts';
import { showSessionEndReason } from './session-end-reason.ts';
import { theme } from './theme.ts';

function createRouter(settings: EnvSettings) {
  const router = createBrowserRouter(buildRoutes(settings));
  setSessionNavigator((to, options) => router.navigate(to, options));
  setApiHooks({
    onUnauthorized: (code) => {
      showSessionEndReason(code);
      endSession({ keepRedirect: true });
    },
    onServerError: showCommonError,
  });
  return router;
}

export function App({ settings }: { settings: EnvSettings }) {
  const [router] = useState(() => createRouter(settings));
  return (
    <EnvSettingsContext.Provider value={settings}>
      <MantineProvider theme={theme}>
        <Toasts />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </EnvSettingsContext.Provider>
  );
}
