// Time-lapse (issue 6 point 10; core.md §3, §8): the demo's time-lapse camera offers a time-lapse view on
// its detail page that plays the day's thumbnails in turn, with a position slider and the order (oldest
// first by default) kept in the browser. The simulated cameras upload a thumbnail each minute.
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { findCamera } from '../pages/fisheye-timelapse.ts';
import { DetailPage } from '../pages/detail-player.ts';
import { logInByApi } from '../pages/multi-wall.ts';

const texts = {
  open: 'タイムラプス',
  title: (name: string) => `${name}のタイムラプス`,
  play: '再生',
  pause: '一時停止',
  desc: '新しい順',
  asc: '古い順',
  position: '再生位置',
};

const offsetIso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

test('the day’s thumbnails play in turn, and the chosen order is kept', async ({ page, request }) => {
  test.setTimeout(300_000);
  const camera = await findCamera(request, DEMO, (d) => d.use_time_lapse === true);
  // Wait for at least three thumbnails (one a minute) of the day the view shows: the browser's day in
  // Asia/Tokyo (the e2e time zone, UTC+9 all year), so a run just after its midnight waits for new ones.
  const tokyoDayStart = (ms: number) =>
    Math.floor((ms + 9 * 3_600_000) / 86_400_000) * 86_400_000 - 9 * 3_600_000;
  await expect
    .poll(
      async () => {
        const now = Date.now();
        const from = Math.max(now - 3_540_000, tokyoDayStart(now));
        const answer = await request.get(`/api/cameras/${camera.code}/snapshots`, {
          params: { startDatetime: offsetIso(from), endDatetime: offsetIso(now) },
        });
        return ((await answer.json()) as { data: { images: unknown[] } }).data.images.length;
      },
      { timeout: 240_000, intervals: [5_000] },
    )
    .toBeGreaterThanOrEqual(3);

  const detail = new DetailPage(page);
  await logInByApi(page, DEMO);
  await detail.goto(camera.code);
  await page.getByRole('button', { name: texts.open }).click();
  const dialog = page.getByRole('dialog', { name: texts.title(camera.name) });
  await expect(dialog).toBeVisible();
  const frame = dialog.getByTestId('time-lapse-frame');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('data-index', '0');
  await expect.poll(() => frame.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const counter = dialog.getByTestId('time-lapse-counter');
  const total = Number((await counter.textContent())!.split('/')[1]!.trim());
  expect(total).toBeGreaterThanOrEqual(3);
  await expect(counter).toHaveText(`1 / ${total}`);
  const first = await dialog.getByTestId('time-lapse-time').textContent();

  // Play: the frames step on to the last one and stop there.
  await dialog.getByRole('button', { name: texts.play }).click();
  await expect(counter).toHaveText(`${total} / ${total}`, { timeout: 10_000 + total * 300 });
  await expect(dialog.getByRole('button', { name: texts.play })).toBeVisible();
  const last = await dialog.getByTestId('time-lapse-time').textContent();
  expect(last! > first!).toBe(true); // oldest first
  await page.screenshot({ path: 'test-results/timelapse-last.png' });

  // The slider moves by keyboard.
  const slider = dialog.getByRole('slider', { name: texts.position });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(counter).toHaveText(`1 / ${total}`);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(`2 / ${total}`);

  // Newest first, kept in the browser across a reload.
  await dialog.getByText(texts.desc, { exact: true }).click();
  await expect(dialog.getByTestId('time-lapse-time')).toHaveText(last!);
  expect(await page.evaluate(() => localStorage.getItem('camwatch.timeLapseSort'))).toBe('"desc"');
  await page.reload();
  await page.getByRole('button', { name: texts.open }).click();
  const reopened = page.getByRole('dialog').getByTestId('time-lapse-time');
  await expect(reopened).toBeVisible();
  // Newest first again (a thumbnail may have arrived since: never older than the previous newest).
  expect((await reopened.textContent())! >= last!).toBe(true);
  await expect(page.getByRole('dialog').getByText(texts.desc, { exact: true })).toBeVisible();
});
