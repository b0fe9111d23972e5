// End-to-end tests: Debian's Chromium against the real server on a fresh embedded data dir.
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 18_099);

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
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
  webServer: {
    command: 'node ../scripts/ensure-web-build.mjs && node --import tsx support/start-server.ts',
    url: `http://localhost:${PORT}/api/settings/env`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      PASSWORD_RESET_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_MAX_FAILURES: '3',
    },
  },
});
