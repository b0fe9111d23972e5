// Page object of the camera detail screen (detail/{code}): the live canvas, the LIVE switch, the archive
// minutes and the video. Texts are copied from web/src/locales/ja.ts on purpose (see texts.ts).
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const detailTexts = {
  liveSwitch: 'ライブ表示',
  previousHour: '前の1時間',
  nextHour: '次の1時間',
  date: '日付',
  hour: '時刻',
  timeline: '録画',
  minutes: /の録画（1分ごと）$/,
  recordedMinute: (time: string) => new RegExp(`^${time} 録画あり`),
  loadingVideo: '映像を読み込んでいます。',
  notFound: 'ページが見つかりません',
};

interface CameraRow {
  camera_code: string;
  camera_name: string;
  watch_status: string;
  use_nolive: boolean;
  use_streaming: boolean;
  model_code: string;
  image_type?: string;
}

type Credentials = { email: string; password: string };

/** A demo camera with live stills and a running simulated agent: normal, not no-live, not L21, not streaming. */
export async function liveCamera(request: APIRequestContext, user: Credentials) {
  const login = await request.post('/api/auth/login', { data: { ...user, appKey: null } });
  expect(login.status()).toBe(200);
  const list = await request.get('/api/cameras', { params: { page: 1, count: 50 } });
  expect(list.status()).toBe(200);
  const { cameras } = ((await list.json()) as { data: { cameras: CameraRow[] } }).data;
  const camera = cameras.find(
    (c) => c.watch_status === 'normal' && !c.use_nolive && !c.use_streaming && c.model_code !== 'L21',
  );
  expect(camera, 'the demo account has a live camera').toBeTruthy();
  return { code: camera!.camera_code, name: camera!.camera_name };
}

/** The codes of the first `count` cameras of the user's camera list (the wall shows them in this order). */
export async function firstListedCameras(request: APIRequestContext, count: number): Promise<string[]> {
  const list = await request.get('/api/cameras', { params: { page: 1, count: 50 } });
  expect(list.status()).toBe(200);
  const { cameras } = ((await list.json()) as { data: { cameras: CameraRow[] } }).data;
  return cameras.slice(0, count).map((camera) => camera.camera_code);
}

/**
 * The X-Frame-Time of the camera's newest live still on the server (ms), asked with `request`, which must be
 * logged in: starts live (or keeps it going) and takes the image the start's address answers at once.
 */
export async function newestStillTime(request: APIRequestContext, code: string): Promise<number> {
  const start = await request.put(`/api/cameras/${code}/live`);
  expect(start.status()).toBe(200);
  const { url } = ((await start.json()) as { data: { url: string } }).data;
  const image = await request.get(url, { params: { after: 0 } });
  return image.status() === 200 ? Number(image.headers()['x-frame-time']) : 0;
}

const pad = (n: number) => String(n).padStart(2, '0');
const offsetIso = (ms: number) => {
  const d = new Date(ms);
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
};

/**
 * The start of the camera's newest recorded minute (ms), or null when it has none in this hour or the one
 * before. Asks with `request`, which must be logged in.
 */
async function newestRecordedMinute(request: APIRequestContext, code: string): Promise<number | null> {
  const now = Date.now();
  const hour = now - (now % 3_600_000); // the test runs in Asia/Tokyo: whole-hour offset
  for (const start of [hour, hour - 3_600_000]) {
    const answer = await request.get(`/api/cameras/${code}/archives`, {
      params: { start_date: offsetIso(start), period: 1 },
    });
    if (answer.status() !== 200) continue;
    const { archives } = (
      (await answer.json()) as {
        data: { archives: { start_time: string; has_data: boolean }[] };
      }
    ).data;
    const latest = archives.filter((a) => a.has_data).at(-1);
    if (latest) return Date.parse(latest.start_time);
  }
  return null;
}

/** How many of these cameras have recorded the minute starting at `minute` (or a later one). */
export async function camerasWithMinute(
  request: APIRequestContext,
  codes: readonly string[],
  minute: number,
) {
  const newest = await Promise.all(codes.map((code) => newestRecordedMinute(request, code)));
  return newest.filter((at) => at !== null && at >= minute).length;
}

/**
 * Waits until the camera has a recorded minute (the simulated agent uploads one clip per wall-clock minute)
 * and answers its start. Asks with `request`, which must be logged in; looks at this hour and the one before.
 */
export async function waitForRecordedMinute(request: APIRequestContext, code: string, timeoutMs: number) {
  let found: number | null = null;
  await expect
    .poll(async () => (found = await newestRecordedMinute(request, code)) !== null, {
      timeout: timeoutMs,
      intervals: [2_000],
    })
    .toBe(true);
  return found!;
}

export class DetailPage {
  constructor(private readonly page: Page) {}

  async goto(code: string) {
    await this.page.goto(`/detail/${encodeURIComponent(code)}`);
  }
  get title() {
    return this.page.getByRole('heading', { level: 1 });
  }
  get liveSwitch() {
    return this.page.getByRole('switch', { name: detailTexts.liveSwitch });
  }
  get canvas() {
    return this.page.getByTestId('live-canvas');
  }
  get video() {
    return this.page.getByTestId('archive-video');
  }
  /** The archive timeline: its lines are lists of minute buttons. */
  get minutes() {
    return this.page.getByRole('group', { name: detailTexts.timeline, exact: true });
  }
  get timelineLines() {
    return this.minutes.getByRole('list', { name: detailTexts.minutes });
  }
  minuteButton(time: string) {
    return this.minutes.getByRole('button', { name: detailTexts.recordedMinute(time) });
  }

  /**
   * The recorded minute's button, once the timeline (1H) shows its hour. The page opens on the hour of two
   * minutes ago (core.md §9), so a minute just recorded may be in the next hour, or an older one in an earlier.
   */
  async revealMinute(ms: number) {
    await expect(this.timelineLines.first()).toBeVisible();
    const shownHour = async () => {
      const date = await this.page.getByRole('textbox', { name: detailTexts.date }).inputValue();
      const hour = await this.page.getByRole('combobox', { name: detailTexts.hour }).inputValue();
      return this.page.evaluate(([d, h]) => new Date(`${d}T${h.padStart(2, '0')}:00:00`).getTime(), [
        date,
        hour,
      ] as const);
    };
    const steps = Math.floor((ms - (await shownHour())) / 3_600_000);
    for (let i = 0; i < Math.abs(steps); i++) {
      const before = await shownHour();
      const name = steps > 0 ? detailTexts.nextHour : detailTexts.previousHour;
      await this.page.getByRole('button', { name }).click();
      await expect.poll(shownHour).not.toBe(before);
    }
    return this.minuteButton(await this.localTime(ms));
  }
  get controller() {
    return this.page.getByTestId('player-controller');
  }
  get stage() {
    return this.page.getByTestId('player-stage');
  }

  /** Whether the live canvas holds a drawn image: a size and at least one non-black pixel. */
  canvasHasPixels() {
    return this.canvas.evaluate((element) => {
      const canvas = element as HTMLCanvasElement;
      if (canvas.width === 0 || canvas.height === 0) return false;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! > 0) return true;
      return false;
    });
  }

  /** `HH:mm` of a moment in the browser's time zone, as the minute buttons name it. */
  localTime(ms: number) {
    return this.page.evaluate((at) => {
      const d = new Date(at);
      return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    }, ms);
  }

  videoState() {
    return this.video.evaluate((element) => {
      const video = element as HTMLVideoElement;
      return {
        currentTime: video.currentTime,
        videoWidth: video.videoWidth,
        paused: video.paused,
        playbackRate: video.playbackRate,
      };
    });
  }
}
