// Web shell figures (issue 3): JavaScript transferred (compressed, as the server sends it) for /login and for
// the first screen after login; time from navigation to a usable login form, and from login to the first screen.
// Usage: npm run bench -- web-shell
import path from 'node:path';
import type { Page } from '@playwright/test';
import { launchChromium } from './lib/browser.ts';
import { ensureWebBuild, repoRoot, startServer } from './lib/server-process.ts';

export interface WebShellResult {
  /** Every script on the wire for /login. */
  loginJsKb: number;
  /** Scripts downloaded between pressing login and the first screen. */
  firstScreenJsKb: number;
  /** Opening /list/1 directly with a session and an empty cache (everything on the wire). */
  firstScreenColdJsKb: number;
  loginFormMs: number[];
  loginToFirstScreenMs: number[];
}

/**
 * Sums the bytes on the wire of every script the page receives from now on. This includes what Chromium
 * fetches speculatively for import() targets: those chunks are usually used a moment later, so leaving them
 * out (as an earlier version of this bench did) under-counts.
 */
function countJs(page: Page): () => number {
  let bytes = 0;
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    void request.sizes().then((sizes) => {
      bytes += sizes.responseBodySize;
    });
  });
  return () => bytes;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function benchWebShell(runs = 5): Promise<WebShellResult> {
  ensureWebBuild(path.join(repoRoot, 'web', 'dist'));
  // The web app's figures: no simulated cameras encoding beside it (14 ffmpeg processes on two cores added
  // about 370 ms to the login → rows figure), as on a server whose cameras are real.
  process.env.SIMULATED_CAMERAS = '0';
  const server = await startServer({ kind: 'embedded' }, 18_082);
  const browser = await launchChromium();
  try {
    const result: WebShellResult = {
      loginJsKb: 0,
      firstScreenJsKb: 0,
      firstScreenColdJsKb: 0,
      loginFormMs: [],
      loginToFirstScreenMs: [],
    };
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext(); // a cold cache every run
      const page = await context.newPage();
      const js = countJs(page);
      const started = performance.now();
      await page.goto(`${server.url}/login`);
      const submit = page.getByRole('button', { name: 'ログイン', exact: true });
      await page.getByRole('textbox', { name: 'メールアドレス' }).waitFor();
      result.loginFormMs.push(Math.round(performance.now() - started));
      await page.waitForLoadState('networkidle');
      const loginJs = js();

      await page.getByRole('textbox', { name: 'メールアドレス' }).fill('demo@example.com');
      await page.getByRole('textbox', { name: 'メールアドレス' }).blur();
      await page.getByLabel(/^パスワード\s*\*?$/).fill('demo1234');
      const clicked = performance.now();
      await submit.click();
      // The first screen is there when its camera rows are (a camera of the demo account).
      await page.getByRole('link', { name: '渋谷店 入口' }).first().waitFor();
      result.loginToFirstScreenMs.push(Math.round(performance.now() - clicked));
      await page.waitForLoadState('networkidle');
      if (run === 0) {
        const total = js();
        result.loginJsKb = kb(loginJs);
        result.firstScreenJsKb = kb(total - loginJs);
        const cold = await context.newPage();
        const cdp = await context.newCDPSession(cold);
        await cdp.send('Network.clearBrowserCache');
        const coldJs = countJs(cold);
        await cold.goto(`${server.url}/list/1`);
        await cold.getByRole('link', { name: '渋谷店 入口' }).first().waitFor();
        await cold.waitForLoadState('networkidle');
        result.firstScreenColdJsKb = kb(coldJs());
      }
      await context.close();
    }
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const summarizeWebShell = (r: WebShellResult) => ({
  loginFormMedianMs: median(r.loginFormMs),
  loginToFirstScreenMedianMs: median(r.loginToFirstScreenMs),
});
