// Start-up (core.md §1): keep and hide an appKey from the address bar, load the settings, then show the app.
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installErrorReporting } from './features/debug/install-error-reporting.ts';
import { StartupError } from './app/StartupError.tsx';
import { getEnvSettings } from './features/settings/api/get-env-settings.ts';
import { takeAppKeyFromAddress } from './lib/app-key-param.ts';
import { readState } from './lib/browser-state.ts';
import { meQueryOptions } from './lib/current-user.ts';
import { queryClient } from './lib/query-client.ts';
import { loadTracking } from './lib/tracking.ts';
import { detailCodeOf, loadDetailPage } from './features/player/live-prestart.ts';
import { initI18n } from './lib/i18n.ts';

async function start(): Promise<void> {
  takeAppKeyFromAddress();
  installErrorReporting();
  const root = createRoot(document.getElementById('root')!);
  // The catalog and the settings load in parallel; neither waits for the other.
  const settingsLoad = getEnvSettings();
  settingsLoad.catch(() => undefined);
  // A logged-in start asks for the user too, alongside: the page's loader takes this answer over (or its
  // failure: a 401 then sends to login there) instead of asking only once the settings are in.
  if (readState('loggedIn')) {
    void queryClient.prefetchQuery(meQueryOptions);
    // Opening on a camera's page: its camera (and live, when the page opens on it) are asked for now too.
    const detailCode = detailCodeOf(window.location.pathname);
    if (detailCode !== null)
      loadDetailPage(detailCode, new URLSearchParams(window.location.search).get('date')).catch(() => {});
  }
  await initI18n();
  try {
    const settings = await settingsLoad;
    if (settings.gaTrackingId) loadTracking(settings.gaTrackingId);
    if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    root.render(
      <StrictMode>
        <App settings={settings} />
      </StrictMode>,
    );
  } catch {
    root.render(<StartupError />);
  }
}

void start();
