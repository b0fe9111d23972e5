// Entry detection (advanced.md §1, §5; core.md §2 more-menu, §8, §9): a camera's setting, the job that
// looks for entries in each new clip, and the alerts of a period as CSV. The feature exists only in TLT
// environment modes and on cameras with use_enter_alert: elsewhere the camera is not found. Reading the
// setting needs a session (the player draws the area); changing it and downloading alerts need
// configEnterAlert. A fresh alert notifies the customer's users (the EnterAlert tab).
import {
  csvPeriodProblem,
  DEFAULT_ENTER_ALERT_SETTING,
  enterAlertSettingSchema,
  type EnterAlertSetting,
} from '@camwatch/contract/enter-alerts';
import { isTltMode, type EnvironmentMode } from '@camwatch/contract/environment';
import type { AuthContext } from '../../http/auth-context.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { FieldErrors, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { detectEntries, type EntryRule } from '../../media/entry.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { withBlobFile } from '../../storage/blob-file.ts';
import type { NotificationService } from '../notifications/notification.service.ts';
import { offsetOf } from '../archives/archive-minutes.ts';
import { alertRows, enterAlertCsv } from './enter-alert-csv.ts';
import type { EnterAlertRepository } from './enter-alert.repository.ts';

export const ENTRY_JOB = 'entry';

/** An alert found long after it happened (an agent's spool emptied after an outage) is history, not news. */
const ENTRY_NOTIFY_MAX_AGE_MS = 10 * 60_000;

/** A stored setting that does not parse (never written by us) counts as none. */
export function settingOf(stored: unknown): EnterAlertSetting {
  const parsed = enterAlertSettingSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_ENTER_ALERT_SETTING;
}

/** What detection needs of a setting, or null when it has no entry area (nothing to look for). */
export function ruleOf(setting: EnterAlertSetting): EntryRule | null {
  return setting.entryArea ? { ...setting, entryArea: setting.entryArea } : null;
}

export function entryClipIdOf(payload: Record<string, unknown>): number {
  const clipId = payload.clipId;
  if (typeof clipId !== 'number' || !Number.isSafeInteger(clipId) || clipId <= 0)
    throw new Error(`entry job without a valid clipId: ${JSON.stringify(payload)}`);
  return clipId;
}

export class EnterAlertService {
  private readonly tlt: boolean;

  constructor(
    private readonly repo: EnterAlertRepository,
    environmentMode: EnvironmentMode,
    private readonly deps: {
      blobs: BlobStore;
      jobs: Pick<JobQueue, 'enqueue'>;
      notifications: Pick<NotificationService, 'notify'>;
      ffmpegPath?: string;
    },
  ) {
    this.tlt = isTltMode(environmentMode);
  }

  private async camera(auth: AuthContext, code: string) {
    const camera = this.tlt ? await this.repo.findCamera(auth.user.customerId, code) : undefined;
    if (!camera?.use_enter_alert) throw new NotFoundError('camera');
    return camera;
  }

  async get(auth: AuthContext, code: string): Promise<EnterAlertSetting> {
    const camera = await this.camera(auth, code);
    return settingOf(await this.repo.setting(camera.id));
  }

  async set(auth: AuthContext, code: string, setting: EnterAlertSetting): Promise<EnterAlertSetting> {
    const camera = await this.camera(auth, code);
    if (!auth.user.permissions.configEnterAlert) throw new ForbiddenError();
    await this.repo.saveSetting(camera.id, setting, auth.user.id);
    return setting;
  }

  async csv(
    auth: AuthContext,
    code: string,
    query: { start_datetime: string; end_datetime: string; lang: 'ja' | 'en' },
  ): Promise<{ filename: string; text: string }> {
    const camera = await this.camera(auth, code);
    if (!auth.user.permissions.configEnterAlert) throw new ForbiddenError();
    const problem = csvPeriodProblem(query);
    if (problem) throw FieldErrors.of('end_datetime', problem);
    const from = new Date(query.start_datetime);
    const minutes = await this.repo.alertsBetween(camera.id, from, new Date(query.end_datetime));
    const offset = offsetOf(query.start_datetime);
    const text = enterAlertCsv({
      lang: query.lang,
      offset,
      cameraName: camera.name,
      areaName: settingOf(await this.repo.setting(camera.id)).areaName,
      rows: alertRows(minutes),
    });
    const day = query.start_datetime.slice(0, 10).replaceAll('-', '');
    return { filename: `enter-alert_${camera.code}_${day}.csv`, text };
  }

  /** Queues entry detection of a stored clip (TLT modes only; once per clip). */
  enqueueFor(clipId: number): Promise<number | null> {
    if (!this.tlt) return Promise.resolve(null);
    return this.deps.jobs.enqueue(ENTRY_JOB, { clipId }, { dedupeKey: `entry:${clipId}` });
  }

  /**
   * The job: looks for entries in the clip with the camera's current setting and stores the alerts (none
   * without an entry area). A clip deleted meanwhile, or a camera without the feature, is nothing to do.
   */
  async analyse(clipId: number, now = new Date()): Promise<void> {
    const clip = await this.repo.findForEntry(clipId);
    if (!clip || !this.tlt || !clip.use_enter_alert) return;
    const setting = settingOf(clip.setting);
    const rule = ruleOf(setting);
    const alerts = rule
      ? await withBlobFile(this.deps.blobs, clip.blob_key, (file) =>
          detectEntries(file, rule, { offsetMs: clip.offset_ms, ffmpegPath: this.deps.ffmpegPath }),
        )
      : [];
    await this.repo.saveEntries(clip.id, alerts);
    const first = alerts[0];
    if (!first) return;
    const enteredAt = clip.start_time.getTime() + first.startSec * 1000;
    if (now.getTime() - enteredAt > ENTRY_NOTIFY_MAX_AGE_MS) return;
    await this.deps.notifications.notify(clip.customer_id, await this.repo.recipients(clip.customer_id), {
      event: 'entry',
      // The area's name: the app and web push write the text around it in the reader's language.
      message: setting.areaName,
      cameraId: clip.camera_id,
      url: `/detail/${encodeURIComponent(clip.code)}?date=${encodeURIComponent(new Date(enteredAt).toISOString())}`,
    });
  }
}
