// Entry detection (advanced.md §1, §2, §5; core.md §2 more-menu, §8, §9): a camera's area links, the job that
// looks for entries in each new clip, and the alerts of a period as CSV. The feature exists only in TLT
// environment modes and on cameras with use_enter_alert: elsewhere the camera is not found. Reading the links
// needs a session (the player draws the areas); changing them and downloading alerts need configEnterAlert.
// A fresh alert notifies the customer's users (the EnterAlert tab), each at most once a camera per cooldown. Only
// people raise alerts: the vision job tracks them and calls detectEntries (video/entry-detection.ts has the rule).
import {
  areaLinkInputSchema,
  csvPeriodProblem,
  type AreaLink,
  type AreaLinkInput,
  type EnterAlert,
} from '@camwatch/contract/entry-detection';
import { AREA_LINKS_MAX } from '@camwatch/contract/constants';
import { ENTRY_ANALYSIS_FPS } from '@camwatch/contract/entry-detection-rules';
import type { Point } from '@camwatch/contract/polygon';
import { z } from 'zod';
import { isTltMode, type EnvironmentMode } from '@camwatch/contract/environment';
import type { AuthContext } from '../../http/auth-context.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { DomainError, FieldErrors, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import {
  decodeMachineFrames,
  entryAlertsFromTracks,
  machineChangeOf,
  shiftCarry,
  type EntryCarry,
  type MachineChange,
} from '../../video/entry-detection.ts';
import type { Track } from '../../vision/types.ts';
import type { EntryAlertSpan } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { withBlobFile } from '../../storage/blob-file.ts';
import type { NotificationService } from '../notifications/notification.service.ts';
import { formatInOffset, offsetOf } from '../archives/archive-minutes.ts';
import { alertRows, enterAlertCsv } from './entry-detection-csv.ts';
import type { EnterAlertRepository } from './entry-detection.repository.ts';

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

/** What the vision job hands entry detection for one analysed clip. */
export interface EntryDetectionInput {
  clipId: number;
  /**
   * The people tracked in the clip, as VisionService hands them to its analytics: point times in seconds of the
   * clip's minute (a clip that began late in its minute has none before its offset), boxes in picture fractions.
   */
  tracks: readonly Track[];
  /** Frames a second the tracks were analysed at (AnalysisOptions.fps). */
  fps: number;
  /** Length of the analysed video, seconds (AnalysisResult.durationSec); the clip's duration when left out. */
  durationSec?: number;
  /**
   * The share of a machine area's pixels that changed between analysed frames, when the caller has the frames at
   * hand; when left out, the clip is decoded small and grey here (only if a link has a machine area and there
   * are tracks).
   */
  machineChange?: (machineArea: Point[]) => MachineChange | Promise<MachineChange>;
}

export interface EntryDetectionResult {
  /** The clip's alerts as stored, in seconds of its minute. */
  alerts: EntryAlertSpan[];
  /** Users notified. */
  notified: number;
}

/** A stored carry (clips.enter_alert_state), checked: a row from an older version is no carry. */
const entryCarrySchema = z.object({
  lastAlertEndSec: z.number().nullable(),
  stay: z
    .object({ firstSec: z.number(), lastSec: z.number(), frames: z.number().int(), alerted: z.boolean() })
    .nullable(),
});

export class EnterAlertService {
  private readonly tlt: boolean;

  constructor(
    private readonly repo: EnterAlertRepository,
    environmentMode: EnvironmentMode,
    private readonly deps: {
      blobs: BlobStore;
      jobs: Pick<JobQueue, 'enqueue'>;
      notifications: Pick<NotificationService, 'notify'>;
      /** At most one entry notification a camera per user within this long (ENTRY_NOTIFICATION_COOLDOWN_MINUTES). */
      cooldownMs: number;
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

  /** Queues the per-clip `entry` job of a stored clip (TLT modes only; once per clip). */
  enqueueFor(clipId: number): Promise<number | null> {
    if (!this.tlt) return Promise.resolve(null);
    return this.deps.jobs.enqueue(ENTRY_JOB, { clipId }, { dedupeKey: `entry:${clipId}` });
  }

  /**
   * The `entry` job, until the vision job calls detectEntries itself: entry detection without person tracks.
   * Nothing that merely moves is an entry any more, so it finds none; it only marks the clip as looked at (and
   * hands the previous clip's vigilant time on), and never overwrites what the vision job stored.
   */
  async analyse(clipId: number, now = new Date()): Promise<void> {
    await this.detect({ clipId, tracks: [], fps: ENTRY_ANALYSIS_FPS }, now, true);
  }

  /**
   * Entry detection of one stored clip from its person tracks (the vision job calls this once it has tracked the
   * clip): each of the camera's area links is applied with what the previous clip of the camera handed on, the
   * alerts are stored on the clip (oldest first, `clips.enter_alert_events`) with what this clip hands the next,
   * and a new alert (not one continuing the previous minute's) notifies the customer's users, each at most once a
   * camera per cooldown. A clip deleted meanwhile, or a camera without the feature, is nothing to do.
   */
  detectEntries(input: EntryDetectionInput, now = new Date()): Promise<EntryDetectionResult> {
    return this.detect(input, now, false);
  }

  private async detect(
    input: EntryDetectionInput,
    now: Date,
    onlyFirst: boolean,
  ): Promise<EntryDetectionResult> {
    const none: EntryDetectionResult = { alerts: [], notified: 0 };
    const clip = await this.repo.findForEntry(input.clipId);
    if (!clip || !this.tlt || !clip.use_enter_alert) return none;
    if (onlyFirst && clip.enter_alert_events !== null) return none;
    const links = linksOf(await this.repo.links(clip.camera_id));
    const carries = await this.previousCarries(clip);
    const durationSec = input.durationSec ?? clip.duration_ms / 1000;
    const machineChange = await this.machineChanges(input, links, clip.blob_key);
    const state: Record<string, EntryCarry> = {};
    const alerts: EntryAlertSpan[] = [];
    // The rule counts from the clip's start; the offset puts its alerts back into seconds of the minute.
    const offsetSec = clip.offset_ms / 1000;
    const tracks =
      offsetSec === 0
        ? input.tracks
        : input.tracks.map((track) => ({
            ...track,
            points: track.points.map((point) => ({ ...point, t: point.t - offsetSec })),
          }));
    links.forEach((link, i) => {
      const found = entryAlertsFromTracks(tracks, link, {
        fps: input.fps,
        durationSec,
        offsetSec,
        carry: carries.get(link.id) ?? null,
        machineChange: machineChange[i] ?? null,
      });
      state[link.id] = found.carry;
      for (const { continued, ...span } of found.alerts)
        alerts.push({ ...span, areaName: link.areaName, ...(continued ? { continued } : {}) });
    });
    alerts.sort((a, b) => a.startSec - b.startSec);
    if (!(await this.repo.saveEntries(clip, alerts, state, { onlyFirst }))) return none;
    return { alerts, notified: await this.notify(clip, alerts, now) };
  }

  /** What the previous clip of the camera handed on, by link id, shifted to this clip's time. */
  private async previousCarries(clip: {
    id: number;
    camera_id: number;
    start_time: Date;
    offset_ms: number;
  }): Promise<Map<string, EntryCarry>> {
    const previous = await this.repo.previousClip(clip.camera_id, clip.id, clip.start_time, clip.offset_ms);
    const carries = new Map<string, EntryCarry>();
    if (!previous?.enter_alert_state) return carries;
    const shiftSec =
      (clip.start_time.getTime() + clip.offset_ms - previous.start_time.getTime() - previous.offset_ms) /
      1000;
    for (const [linkId, value] of Object.entries(previous.enter_alert_state)) {
      const parsed = entryCarrySchema.safeParse(value);
      if (parsed.success) carries.set(linkId, shiftCarry(parsed.data, shiftSec));
    }
    return carries;
  }

  /**
   * The machine-area change per link (null for a link without a machine area): from the caller, or from grey
   * frames decoded here, once for all links, only when there are people to judge.
   */
  private async machineChanges(
    input: EntryDetectionInput,
    links: readonly AreaLink[],
    blobKey: string,
  ): Promise<(MachineChange | null)[]> {
    if (input.tracks.length === 0 || links.every((link) => !link.machineArea)) return links.map(() => null);
    const fromCaller = input.machineChange;
    if (fromCaller)
      return Promise.all(links.map(async (link) => (link.machineArea ? fromCaller(link.machineArea) : null)));
    const frames = await withBlobFile(this.deps.blobs, blobKey, (file) =>
      decodeMachineFrames(file, this.deps.ffmpegPath),
    );
    return links.map((link) => (link.machineArea ? machineChangeOf(frames, link.machineArea) : null));
  }

  /** Notifies the clip's first new alert (not a continued one), if it is news, to users past their cooldown. */
  private async notify(
    clip: { camera_id: number; customer_id: number; code: string; start_time: Date },
    alerts: readonly EntryAlertSpan[],
    now: Date,
  ): Promise<number> {
    const first = alerts.find((alert) => !alert.continued);
    if (!first) return 0;
    const enteredAt = clip.start_time.getTime() + first.startSec * 1000;
    if (now.getTime() - enteredAt > ENTRY_NOTIFY_MAX_AGE_MS) return 0;
    const claims = await this.repo.claimRecipients(clip.camera_id, now, this.deps.cooldownMs);
    if (claims.length === 0) return 0;
    try {
      return await this.deps.notifications.notify(
        clip.customer_id,
        claims.map((claim) => claim.userId),
        {
          event: 'entry',
          // The area's name: the app and web push write the text around it in the reader's language.
          message: first.areaName,
          cameraId: clip.camera_id,
          url: `/detail/${encodeURIComponent(clip.code)}?date=${encodeURIComponent(new Date(enteredAt).toISOString())}`,
        },
      );
    } catch (error) {
      await this.repo.releaseClaims(clip.camera_id, claims, now);
      throw error;
    }
  }
}
