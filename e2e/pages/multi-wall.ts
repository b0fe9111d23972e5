// Page object of the multi-video wall (list/{page}?view=multi): tiles, the mode switch, the time picker, the
// controller and the more-menu's number of divisions. Texts are copied from web/src/locales/ja.ts on purpose.
import { expect, type Page } from '@playwright/test';

/**
 * Logs the browser in through the login call (the session cookie lands in the page's context) and marks the
 * app logged in, with the web-push offer dismissed. The login screen itself is covered by login.spec.ts;
 * these specs run long on a busy machine, where argon2 can take longer than the login screen's wait.
 */
export async function logInByApi(page: Page, user: { email: string; password: string }) {
  await page.addInitScript(() => {
    localStorage.setItem('camwatch.loggedIn', 'true');
    localStorage.setItem('camwatch.pushDialogExpiresAt', String(Date.now() + 86_400_000));
  });
  const answer = await page.request.post('/api/auth/login', {
    data: { ...user, appKey: null },
    timeout: 60_000,
  });
  expect(answer.status()).toBe(200);
}

export const wallTexts = {
  multiTab: 'マルチ映像',
  grid: (n: number) => `${n}分割のマルチ映像`,
  live: 'ライブ',
  archive: '録画',
  date: '再生する日付',
  clock: '再生する時刻',
  controls: 'マルチ映像の再生コントロール',
  more: 'その他の操作',
  division: (n: number) => `${n}分割`,
  play: '再生',
  pause: '一時停止',
  speed: /^再生速度：/,
  collapse: 'ヘッダーを折りたたむ',
  expand: 'ヘッダーを展開する',
  notSupported: '非対応',
  noData: 'データがありません',
  seek: '再生位置',
  noRecording: 'この時刻の録画はありません',
  recordingFrom: /から録画があります$/,
};

/** One shown archive tile as read in the page (all tiles in the same task, so at the same moment). */
export interface TileMoment {
  camera: string;
  /** The tile's moment in wall time (ms): where its clip begins plus its currentTime. */
  moment: number;
  minute: number;
  paused: boolean;
  seeking: boolean;
  rate: number;
}

export class MultiWallPage {
  constructor(private readonly page: Page) {}

  async goto(query = 'view=multi') {
    await this.page.goto(`/list/1?${query}`);
  }
  get wall() {
    return this.page.getByTestId('multi-wall');
  }
  get grid() {
    return this.page.locator('[data-division]');
  }
  get tiles() {
    return this.page.getByTestId('wall-tile');
  }
  get emptyTiles() {
    return this.page.getByTestId('wall-tile-empty');
  }
  get controls() {
    return this.page.getByRole('toolbar', { name: wallTexts.controls });
  }
  async chooseDivision(n: number) {
    await this.controls.getByRole('button', { name: wallTexts.more }).click();
    await this.page.getByRole('menuitem', { name: wallTexts.division(n), exact: true }).click();
  }
  /** Rows and columns of the grid as laid out. */
  gridShape() {
    return this.grid.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        rows: style.gridTemplateRows.split(' ').length,
        columns: style.gridTemplateColumns.split(' ').length,
      };
    });
  }
  /** Frames drawn per live tile so far, by camera code. */
  liveFrames() {
    return this.page
      .getByTestId('wall-live-canvas')
      .evaluateAll((canvases) =>
        canvases.map((canvas) => Number((canvas as HTMLCanvasElement).dataset.frames ?? 0)),
      );
  }
  /** currentTime, paused and src of every archive tile's video. */
  videos() {
    return this.page.getByTestId('wall-video').evaluateAll((videos) =>
      videos.map((v) => {
        const video = v as HTMLVideoElement;
        // Second of the minute: clip time plus where the clip begins in its minute.
        const time = video.currentTime + Number(video.dataset.offset ?? 0);
        return { time, paused: video.paused, ready: video.readyState };
      }),
    );
  }
  /** Every shown archive tile's moment in wall time, read together (synced playback, issue 22). */
  moments(): Promise<TileMoment[]> {
    return this.page.getByTestId('wall-video').evaluateAll((videos) =>
      videos.map((v) => {
        const video = v as HTMLVideoElement;
        return {
          camera: video.dataset.camera ?? '',
          moment: Number(video.dataset.clipStart) + video.currentTime * 1000,
          minute: Number(video.dataset.minute),
          paused: video.paused,
          seeking: video.seeking,
          rate: video.playbackRate,
        };
      }),
    );
  }
  /** Seeks the shared clock to a second of the minute with the seek bar's keys. */
  async seekTo(seconds: number) {
    const thumb = this.controls.getByRole('slider', { name: wallTexts.seek });
    await thumb.focus();
    await thumb.press('Home');
    for (let i = 0; i < seconds; i++) await thumb.press('ArrowRight');
  }
  /** Chooses a minute in the time picker (local time of the page). */
  async chooseMinute(minuteMs: number) {
    const local = await this.page.evaluate((ms) => {
      const d = new Date(ms);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
        time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
      };
    }, minuteMs);
    await this.page.getByLabel(wallTexts.date).fill(local.date);
    await this.page.getByLabel(wallTexts.clock).fill(local.time);
    await expect.poll(() => this.minute()).toBe(minuteMs);
  }
  async minute() {
    return Number(await this.wall.getAttribute('data-minute'));
  }
}
