// Entry detection (advanced.md §1, §2, §5; core.md §2 more-menu, §8, §9): a camera's area links, the job that
// looks for entries in each new clip, and the alerts of a period as CSV. The feature exists only in TLT
// environment modes and on cameras with use_enter_alert: elsewhere the camera is not found. Reading the links
// needs a session (the player draws the areas); changing them and downloading alerts need configEnterAlert.
// A fresh alert notifies the customer's users (the EnterAlert tab).
import {
  areaLinkInputSchema,
  csvPeriodProblem,
  type AreaLink,
  type AreaLinkInput,
  type EnterAlert,
} from '@camwatch/contract/enter-alerts';
import { AREA_LINKS_MAX } from '@camwatch/contract/constants';
import { isTltMode, type EnvironmentMode } from '@camwatch/contract/environment';
import type { AuthContext } from '../../http/auth-context.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { DomainError, FieldErrors, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { detectEntries } from '../../media/entry.ts';
import type { EntryAlertSpan } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { withBlobFile } from '../../storage/blob-file.ts';
import type { NotificationService } from '../notifications/notification.service.ts';
import { formatInOffset, offsetOf } from '../archives/archive-minutes.ts';
import { alertRows, enterAlertCsv } from './enter-alert-csv.ts';
import type { EnterAlertRepository } from './enter-alert.repository.ts';

export const ENTRY_JOB = 'entry';

/** An alert found long after it happened (an agent's spool emptied after an outage) is history, not news. */
const ENTRY_NOTIFY_MAX_AGE_MS = 10 * 60_000;

/** The stored links that parse (a row never written by us is left out), as the contract's AreaLink. */
export function linksOf(rows: readonly { id: number; setting: unknown }[]): AreaLink[] {
  return rows.flatMap((row) => {
    const parsed = areaLinkInputSchema.safeParse(row.setting);
    return parsed.success ? [{ id: String(row.id), ...parsed.data }] : [];
  });
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

  private async editableCamera(auth: AuthContext, code: string) {
    const camera = await this.camera(auth, code);
    if (!auth.user.permissions.configEnterAlert) throw new ForbiddenError();
    return camera;
  }

  /** Area names are the alerts' names: unique among the camera's links. */
  private async assertNameFree(cameraId: number, input: AreaLinkInput, exceptId?: number) {
    const taken = linksOf(await this.repo.links(cameraId)).some(
      (link) => link.areaName === input.areaName && Number(link.id) !== exceptId,
    );
    if (taken)
      throw FieldErrors.of('areaName', 'is already used by another area link of this camera', 'taken');
  }

  async list(auth: AuthContext, code: string): Promise<AreaLink[]> {
    const camera = await this.camera(auth, code);
    return linksOf(await this.repo.links(camera.id));
  }

  async get(auth: AuthContext, code: string, id: string): Promise<AreaLink> {
    const camera = await this.camera(auth, code);
    const row = await this.repo.link(camera.id, Number(id));
    const [link] = row ? linksOf([row]) : [];
    if (!link) throw new NotFoundError('area link');
    return link;
  }

  async create(auth: AuthContext, code: string, input: AreaLinkInput): Promise<AreaLink> {
    const camera = await this.editableCamera(auth, code);
    await this.assertNameFree(camera.id, input);
    const id = await this.repo.insertLink(camera.id, input, auth.user.id, AREA_LINKS_MAX);
    if (id === null)
      throw new DomainError(
        409,
        'limit_reached',
        `A camera has at most ${AREA_LINKS_MAX} area links.`,
        'limit_reached',
      );
    return { id: String(id), ...input };
  }

  async update(auth: AuthContext, code: string, id: string, input: AreaLinkInput): Promise<AreaLink> {
    const camera = await this.editableCamera(auth, code);
    await this.assertNameFree(camera.id, input, Number(id));
    if (!(await this.repo.updateLink(camera.id, Number(id), input, auth.user.id)))
      throw new NotFoundError('area link');
    return { id, ...input };
  }

  async remove(auth: AuthContext, code: string, id: string): Promise<{ id: string }> {
    const camera = await this.editableCamera(auth, code);
    if (!(await this.repo.deleteLink(camera.id, Number(id)))) throw new NotFoundError('area link');
    return { id };
  }

  /** The alerts of [start, end) as rows, and the offset to write their times in; the period checked. */
  private async alertsOf(
    auth: AuthContext,
    code: string,
    query: { start_datetime: string; end_datetime: string },
  ) {
    const camera = await this.editableCamera(auth, code);
    const problem = csvPeriodProblem(query);
    if (problem) throw FieldErrors.of('end_datetime', problem, 'bad_range');
    const minutes = await this.repo.alertsBetween(
      camera.id,
      new Date(query.start_datetime),
      new Date(query.end_datetime),
    );
    return { camera, rows: alertRows(minutes), offset: offsetOf(query.start_datetime) };
  }

  /** The entry detection report's data: every alert of the period, oldest first. */
  async alerts(
    auth: AuthContext,
    code: string,
    query: { start_datetime: string; end_datetime: string },
  ): Promise<EnterAlert[]> {
    const { rows, offset } = await this.alertsOf(auth, code, query);
    return rows.map((row) => ({
      areaName: row.areaName,
      start_time: formatInOffset(row.startMs, offset),
      end_time: formatInOffset(row.endMs, offset),
    }));
  }

  async csv(
    auth: AuthContext,
    code: string,
    query: { start_datetime: string; end_datetime: string; lang: 'ja' | 'en' },
  ): Promise<{ filename: string; text: string }> {
    const { camera, rows, offset } = await this.alertsOf(auth, code, query);
    const text = enterAlertCsv({ lang: query.lang, offset, cameraName: camera.name, rows });
    const day = query.start_datetime.slice(0, 10).replaceAll('-', '');
    return { filename: `enter-alert_${camera.code}_${day}.csv`, text };
  }

  /** Queues entry detection of a stored clip (TLT modes only; once per clip). */
  enqueueFor(clipId: number): Promise<number | null> {
    if (!this.tlt) return Promise.resolve(null);
    return this.deps.jobs.enqueue(ENTRY_JOB, { clipId }, { dedupeKey: `entry:${clipId}` });
  }

  /**
   * The job: looks for entries in the clip with each of the camera's current area links (decoding it once) and
   * stores the alerts, oldest first (none without links). A clip deleted meanwhile, or a camera without the
   * feature, is nothing to do.
   */
  async analyse(clipId: number, now = new Date()): Promise<void> {
    const clip = await this.repo.findForEntry(clipId);
    if (!clip || !this.tlt || !clip.use_enter_alert) return;
    const links = linksOf(await this.repo.links(clip.camera_id));
    const found =
      links.length === 0
        ? []
        : await withBlobFile(this.deps.blobs, clip.blob_key, (file) =>
            detectEntries(file, links, { offsetMs: clip.offset_ms, ffmpegPath: this.deps.ffmpegPath }),
          );
    const alerts: EntryAlertSpan[] = found
      .flatMap((spans, i) => spans.map((span) => ({ ...span, areaName: links[i]!.areaName })))
      .sort((a, b) => a.startSec - b.startSec);
    await this.repo.saveEntries(clip.id, alerts);
    const first = alerts[0];
    if (!first) return;
    const enteredAt = clip.start_time.getTime() + first.startSec * 1000;
    if (now.getTime() - enteredAt > ENTRY_NOTIFY_MAX_AGE_MS) return;
    await this.deps.notifications.notify(clip.customer_id, await this.repo.recipients(clip.customer_id), {
      event: 'entry',
      // The area's name: the app and web push write the text around it in the reader's language.
      message: first.areaName,
      cameraId: clip.camera_id,
      url: `/detail/${encodeURIComponent(clip.code)}?date=${encodeURIComponent(new Date(enteredAt).toISOString())}`,
    });
  }
}
