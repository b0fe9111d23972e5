// The events page (issue 22): a keyset page of the customer's camera events with its filters resolved to
// cameras, the caller's reviewed marks, and how many events the caller has not reviewed. Every user of the
// customer sees every camera's events (child users share their parent's cameras, as in the camera list); the
// recording's thumbnail and clip, which show recorded video, need the archive right.
import {
  CAMERA_EVENT_KINDS,
  eventCursorOf,
  parseEventCursor,
  type CameraEventKind,
} from '@camwatch/contract/events-rules';
import {
  EVENT_FILTER_OPTIONS_MAX,
  type CameraEvent,
  type CameraEventDetail,
  type EventFilterOptions,
  type EventPage,
} from '@camwatch/contract/events';
import type { z } from 'zod';
import type { eventListQuery, markReviewedBody } from '@camwatch/contract/events';
import type { AuthContext } from '../../http/auth-context.ts';
import { FieldErrors, NotFoundError } from '../../lib/errors.ts';
import type { MediaUrls } from '../archives/media-urls.ts';
import { planEventPage } from './camera-events.ts';
import type { CameraEventRepository, EventPageRow } from './camera-event.repository.ts';

type ListQuery = z.output<typeof eventListQuery>;
type MarkBody = z.output<typeof markReviewedBody>;

export class CameraEventService {
  constructor(
    private readonly repo: CameraEventRepository,
    private readonly urls: MediaUrls,
  ) {}

  /**
   * The cameras the filters leave (null: no camera filter). A camera, tag or site that is not the customer's is
   * not found, as everywhere; filters that together leave no camera leave an empty list.
   */
  private async camerasOf(customerId: number, query: ListQuery): Promise<number[] | null> {
    let cameras: number[] | null = null;
    const codes = [...new Set(query['camera[]'])];
    if (codes.length > 0) {
      const found = await this.repo.camerasByCode(customerId, codes);
      if (found.length < codes.length) throw new NotFoundError('camera');
      cameras = found.map((row) => Number(row.id));
    }
    if (query.tag !== undefined || query.location !== undefined) {
      const tag = query.tag === undefined ? undefined : await this.repo.findTag(customerId, query.tag);
      if (query.tag !== undefined && !tag) throw new NotFoundError('tag');
      const site =
        query.location === undefined ? undefined : await this.repo.findLocation(customerId, query.location);
      if (query.location !== undefined && !site) throw new NotFoundError('location');
      const scoped = await this.repo.cameraIdsOf(customerId, {
        tagId: tag === undefined ? undefined : Number(tag.id),
        locationId: site === undefined ? undefined : Number(site.id),
      });
      const inScope = new Set(scoped);
      cameras = cameras === null ? scoped : cameras.filter((id) => inScope.has(id));
    }
    return cameras;
  }

  async list(auth: AuthContext, query: ListQuery): Promise<EventPage> {
    const from = query.from === undefined ? undefined : new Date(query.from);
    const to = query.to === undefined ? undefined : new Date(query.to);
    if (from && to && to.getTime() <= from.getTime())
      throw FieldErrors.of('to', 'must be after from', 'bad_range');
    const parsed = query.cursor === undefined ? null : parseEventCursor(query.cursor);
    if (query.cursor !== undefined && (!parsed || !Number.isSafeInteger(Number(parsed.id))))
      throw FieldErrors.of('cursor', 'must be the next_cursor of an earlier page', 'invalid_format');
    const customerId = auth.user.customerId;
    const cameras = await this.camerasOf(customerId, query);
    if (cameras !== null && cameras.length === 0) return { events: [], next_cursor: null };
    const kinds = query['kind[]'].length > 0 ? [...new Set(query['kind[]'])] : null;
    const rows = await this.repo.page({
      customerId,
      userId: auth.user.id,
      plan: planEventPage(cameras, kinds, CAMERA_EVENT_KINDS.length),
      from,
      to,
      cursor: parsed ? { at: new Date(parsed.atMs), id: Number(parsed.id) } : undefined,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const canSeeRecordings = auth.user.permissions.archive;
    return {
      events: page.map((row) => this.toEvent(row, canSeeRecordings)),
      next_cursor: rows.length > query.limit && last ? eventCursorOf(last.at.getTime(), last.id) : null,
    };
  }

  private toEvent(row: EventPageRow, canSeeRecordings: boolean): CameraEvent {
    const clipBegins =
      row.clip_start === null || row.clip_offset_ms === null
        ? null
        : row.clip_start.getTime() + Number(row.clip_offset_ms);
    const hasClip = canSeeRecordings && row.clip_id !== null && clipBegins !== null;
    return {
      id: String(row.id),
      kind: row.kind as CameraEventKind,
      at: row.at.toISOString(),
      ends_at: row.ends_at ? row.ends_at.toISOString() : null,
      camera_code: row.camera_code,
      camera_name: row.camera_name,
      detail: detailOf(row.detail),
      thumb_url: canSeeRecordings && row.thumb_key ? this.urls.image(row.thumb_key) : null,
      archive_id: hasClip ? String(row.clip_id) : null,
      clip_offset_sec: hasClip ? (row.at.getTime() - clipBegins) / 1000 : null,
      reviewed: Boolean(row.reviewed),
    };
  }

  filterOptions(auth: AuthContext): Promise<EventFilterOptions> {
    return this.repo.filterOptions(auth.user.customerId, EVENT_FILTER_OPTIONS_MAX);
  }

  unreviewedCount(auth: AuthContext): Promise<number> {
    return this.repo.unreviewedCount(auth.user.customerId, auth.user.id);
  }

  /** Marks events reviewed for the caller; answers how many were newly marked and the count left. */
  async markReviewed(auth: AuthContext, body: MarkBody): Promise<{ marked: number; count: number }> {
    const { customerId, id: userId } = auth.user;
    let marked: number;
    if (body.through_id !== undefined) {
      const throughId = Number(body.through_id);
      if (!Number.isSafeInteger(throughId) || !(await this.repo.hasEvent(customerId, throughId)))
        throw new NotFoundError('event');
      marked = await this.repo.markReviewedThrough(customerId, userId, throughId);
    } else {
      const ids = [...new Set(body.ids ?? [])].map(Number).filter(Number.isSafeInteger);
      marked = ids.length === 0 ? 0 : await this.repo.markReviewed(customerId, userId, ids);
    }
    return { marked, count: await this.repo.unreviewedCount(customerId, userId) };
  }
}

/** The stored detail as the contract shows it (only the fields it knows, of the right types). */
function detailOf(stored: unknown): CameraEventDetail {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const detail: CameraEventDetail = {};
  if (typeof value.area_name === 'string') detail.area_name = value.area_name;
  if (value.in_out === 'I' || value.in_out === 'O') detail.in_out = value.in_out;
  if (typeof value.is_staff === 'boolean') detail.is_staff = value.is_staff;
  if (typeof value.movements === 'number') detail.movements = value.movements;
  return detail;
}
