// The events page (issue 22 "Events page"): the demo's simulated cameras record, the motion job finds movement and
// writes motion events; the page lists them with a thumbnail and a preview on hover, filters by kind and camera
// (kept in the address), walks the list with the keyboard, marks an event reviewed (the navigation's count goes
// down) and opens the recording at that moment. The monitor customer's camera that went down at the server's
// start is a camera_down event, found by its site.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO, MONITOR_ACCOUNT, MONITOR_CAMERA_NAME } from '../support/accounts.ts';
import { logInAs } from '../pages/session.ts';

interface ApiEvent {
  id: string;
  kind: string;
  at: string;
  camera_code: string;
  camera_name: string;
  archive_id: string | null;
  thumb_url: string | null;
  reviewed: boolean;
}

/** The navigation's badge for a count, as the web app writes it. */
const badgeOf = (count: number) => (count >= 100 ? '99+' : String(count));

/** The newest motion events with a thumbnail and a recording, once the motion job has written some. */
async function waitForMotionEvents(request: APIRequestContext, timeoutMs: number): Promise<ApiEvent[]> {
  let events: ApiEvent[] = [];
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/events', { params: { 'kind[]': 'motion', limit: 100 } });
        expect(answer.status()).toBe(200);
        events = ((await answer.json()) as { data: { events: ApiEvent[] } }).data.events.filter(
          (e) => e.archive_id !== null && e.thumb_url !== null,
        );
        return events.length;
      },
      { timeout: timeoutMs, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  return events;
}

test('motion events: filtered by kind and camera, previewed, reviewed with the keyboard, opened', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await logInAs(page, DEMO);
  const events = await waitForMotionEvents(page.request, 240_000);
  const target = events[0]!;
  // The badge asks for its count once a minute: on a server started just now the page may have asked before the
  // first events were written.
  await page.reload();

  // From the side navigation, whose entry counts the unreviewed events.
  const nav = page.getByRole('navigation', { name: 'メニュー' });
  await expect(nav.getByTestId('events-unreviewed')).toBeVisible();
  await nav.getByRole('link', { name: /^イベント/ }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'イベント' })).toBeVisible();
  const list = page.getByRole('list', { name: 'イベント一覧' });
  await expect(list.getByRole('listitem').first()).toBeVisible();

  // Filters: the kind, then the camera; the address keeps them.
  await page.getByRole('group', { name: '種類' }).getByText('動体検知', { exact: true }).click();
  await expect(page).toHaveURL(/kind=motion/);
  const camera = page.getByRole('search').getByRole('combobox', { name: 'カメラ', exact: true });
  await camera.click();
  await page.getByRole('option', { name: target.camera_name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`camera=${target.camera_code}`));
  const rows = list.getByRole('listitem');
  // Every row shown is a motion event of that camera (once the filtered page has replaced the one before).
  await expect
    .poll(
      async () => {
        const names = await list.getByRole('link').allTextContents();
        const kinds = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
        return (
          names.length > 0 &&
          names.every((n) => n.includes(target.camera_name)) &&
          kinds.every((k) => k === 'motion')
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const shown = list.locator(`li[data-event-id="${target.id}"]`);
  await expect(shown.getByRole('img', { name: /のサムネイル$/ })).toBeVisible();

  // A few seconds of the recording play, muted, while the pointer rests on the row.
  await shown.hover();
  const preview = shown.getByTestId('event-preview');
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => video.muted && video.readyState >= 2), {
      timeout: 20_000,
    })
    .toBe(true);
  await page.screenshot({ path: test.info().outputPath('events-filtered.png'), fullPage: true });
  await page.mouse.move(0, 0);

  const first = rows.first();
  // The keyboard: j selects the first event, r marks it reviewed (the count follows), Enter opens it.
  // Nothing focused: the page's keys work on the list.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('j');
  await expect(first).toHaveAttribute('aria-current', 'true');
  const firstLink = first.getByRole('link');
  await expect(firstLink).toBeFocused();
  const reviewed = page.waitForResponse(
    (r) => r.url().endsWith('/api/events/reviewed') && r.status() === 200,
  );
  await page.keyboard.press('r');
  const answer = (await (await reviewed).json()) as { data: { marked: number; count: number } };
  expect(answer.data.marked).toBe(1);
  await expect(first).toHaveAttribute('data-reviewed', 'true');
  // The navigation's count is the one the server answered (99+ from 100 on).
  await expect(nav.getByTestId('events-unreviewed')).toHaveText(badgeOf(answer.data.count));
  const openedId = await first.getAttribute('data-event-id');
  const opened = (await (
    await page.request.get('/api/events', {
      params: { 'camera[]': target.camera_code, 'kind[]': 'motion', limit: 100 },
    })
  ).json()) as { data: { events: ApiEvent[] } };
  const event = opened.data.events.find((e) => e.id === openedId)!;
  expect(event.reviewed).toBe(true);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/detail/${target.camera_code}\\?date=`));
  // The recording of that minute plays (the archive, not live), from the event's second: its place in the
  // minute less where the minute's clip began (a clip may start late in its minute).
  const atMs = Date.parse(event.at);
  const minuteMs = atMs - (atMs % 60_000);
  const hour = new Date(minuteMs + 9 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const archives = (
    (await (
      await page.request.get(`/api/cameras/${target.camera_code}/archives`, {
        params: {
          start_date: `${hour.getUTCFullYear()}-${pad(hour.getUTCMonth() + 1)}-${pad(hour.getUTCDate())}T${pad(hour.getUTCHours())}:00:00+09:00`,
          period: 1,
        },
      })
    ).json()) as { data: { archives: { start_time: string; clip_offset_sec: number }[] } }
  ).data.archives;
  const minute = archives.find((a) => Date.parse(a.start_time) === minuteMs)!;
  const expected = Math.max(0, (atMs - minuteMs) / 1000 - minute.clip_offset_sec);
  const video = page.getByTestId('archive-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.3);
  // Read as soon as it plays: from the minute's start it would be well short of the event's second.
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(expected - 0.5);
  await page.screenshot({ path: test.info().outputPath('events-opened.png') });
});

test('a camera that went down is an event, found by its site and kind', async ({ page }) => {
  await logInAs(page, MONITOR_ACCOUNT);
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/events', { params: { 'kind[]': 'camera_down' } });
        return ((await answer.json()) as { data: { events: ApiEvent[] } }).data.events.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await page.goto('/events');
  const site = page.getByRole('search').getByRole('combobox', { name: '設置場所', exact: true });
  await site.click();
  await page.getByRole('option', { name: '川崎倉庫', exact: true }).click();
  await page.getByRole('group', { name: '種類' }).getByText('カメラ停止', { exact: true }).click();
  await expect(page).toHaveURL(/site=e2e-monitor-site/);
  await expect(page).toHaveURL(/kind=camera_down/);
  const row = page.getByRole('list', { name: 'イベント一覧' }).getByRole('listitem').first();
  await expect(row).toHaveAttribute('data-kind', 'camera_down');
  await expect(row).toContainText(MONITOR_CAMERA_NAME);
  await expect(row).toContainText('録画なし');
  // Nothing else matches a kind the camera never had.
  await page.getByRole('group', { name: '種類' }).getByText('カメラ停止', { exact: true }).click();
  await page.getByRole('group', { name: '種類' }).getByText('侵入検知', { exact: true }).click();
  await expect(page.getByText('条件に合うイベントはありません。')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('events-down.png'), fullPage: true });
});
