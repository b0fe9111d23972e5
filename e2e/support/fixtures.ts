// The test fixture every spec uses: fails a test on any console error or page error it did not expect.
import { test as base, expect } from '@playwright/test';

interface ConsoleGuard {
  /** Declares console errors this test expects (e.g. the 401 of a refused login), by pattern. */
  allow: (pattern: RegExp) => void;
}

export const test = base.extend<{ consoleGuard: ConsoleGuard; showPushOffer: boolean }>({
  /** The web-push offer after login is a dialog over the page; only specs about it (push.spec.ts) see it. */
  showPushOffer: [false, { option: true }],
  page: async ({ page, showPushOffer }, use) => {
    if (!showPushOffer)
      await page.addInitScript(() => {
        if (!localStorage.getItem('camwatch.pushDialogExpiresAt'))
          localStorage.setItem('camwatch.pushDialogExpiresAt', String(Date.now() + 86_400_000));
      });
    await use(page);
  },
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
