// End-to-end tests: Debian's Chromium against the real server on a fresh embedded data dir.
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 18_099);
/** The second server, in a TLT environment mode, for the tlt-* specs. */
const TLT_PORT = PORT + 1;
const TLT_SPECS = /tlt-.*\.spec\.ts$/;

const serverEnv = {
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  PASSWORD_RESET_RATE_LIMIT_PER_MINUTE: '1000',
  LOGIN_MAX_FAILURES: '3',
};
const serverCommand = 'node ../scripts/ensure-web-build.mjs && node --import tsx support/start-server.ts';

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  // One retry in CI: the whole service (13 simulated cameras, their recording and the people analysis) shares the
  // runner's 2 cores with Chromium, and a login or a poll can miss its 10 s now and then; a real failure fails twice
  // (and the list reporter shows every retried test as flaky).
  retries: process.env.CI ? 1 : 0,
  // A spec walks a whole task through the UI (log in, create, filter, delete): 20-35 s on the 2-core runner.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'normal', testIgnore: TLT_SPECS },
    { name: 'tlt', testMatch: TLT_SPECS, use: { baseURL: `http://localhost:${TLT_PORT}` } },
  ],
  webServer: [
    {
      command: serverCommand,
      url: `http://localhost:${PORT}/api/settings/env`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(PORT) },
    },
    {
      command: serverCommand,
      url: `http://localhost:${TLT_PORT}/api/settings/env`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(TLT_PORT), E2E_TLT: '1' },
    },
  ],
});
