// Shareable clip links (issue 22): a user with the archive right makes a link to one range (whole minutes, at most
// SHARE_LINK_MAX_MINUTES) of a camera's recordings that opens without an account for 1 hour to 7 days. The token is
// 32 random bytes shown once; only its SHA-256 is kept, found by an index and compared in constant time. Every
// public call checks the link again (unknown or altered, expired, revoked, or its creator without the archive right
// any more → 403 with the reason), so a revoked link's clips stop at once. A link that allows download asks for the
// range's archive download in its creator's name (the batch download right and the camera's monthly allowance).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { downloadFileName, type DownloadOutcome } from '../downloads/download.service.ts';
import {
  SHARE_TOKEN_PATTERN,
  shareLinkMinutes,
  shareLinkPagePath,
  shareLinkState,
} from '@camwatch/contract/share-link-rules';
import type { ShareLink, ShareLinkCreateBody, SharedClip, SharedRange } from '@camwatch/contract/share-links';
import type { AuthContext } from '../../http/auth-context.ts';
import { DomainError, FieldErrors, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { openBlob } from '../media/media.service.ts';
import type { ShareLinkRepository, ShareLinkRow } from './share-link.repository.ts';

export interface ShareLinkServiceDeps {
  links: ShareLinkRepository;
  blobs: BlobStore;
  /** Asks for the archive download of a range as the user (downloads module). */
  requestDownload: (
    auth: AuthContext,
    cameraCode: string,
    body: { start_datetime: string; end_datetime: string; time_zone?: string },
  ) => Promise<DownloadOutcome>;
  now?: () => Date;
  newToken?: () => string;
}

/** A link as its public calls found it. */
export type OpenLink = ShareLinkRow;

const clipPath = (token: string, clipId: number) => `/api/public/share/${token}/clips/${clipId}`;
const downloadPath = (token: string) => `/api/public/share/${token}/download`;

const refused = {
  invalid: () =>
    new DomainError(403, 'share_link_invalid', 'This link is not valid. Check that it was copied whole.'),
  expired: () => new DomainError(403, 'share_link_expired', 'This link has expired.'),
  revoked: () => new DomainError(403, 'share_link_revoked', 'This link has been revoked by its creator.'),
};

export function toShareLink(row: ShareLinkRow, now: Date): ShareLink {
  return {
    share_link_id: String(row.id),
    camera_code: row.camera_code,
    camera_name: row.camera_name,
    start_datetime: row.start_time.toISOString(),
    end_datetime: row.end_time.toISOString(),
    expires_at: row.expires_at.toISOString(),
    allow_download: row.allow_download,
    status: shareLinkState(
      { expiresAtMs: row.expires_at.getTime(), revokedAtMs: row.revoked_at?.getTime() ?? null },
      now.getTime(),
    ),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    view_count: row.view_count,
    last_viewed_at: row.last_viewed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** The minute each recorded minute plays: its longest piece, as the archive list does. */
function mainPieces<T extends { start_time: Date; duration_ms: number }>(pieces: readonly T[]): T[] {
  const byMinute = new Map<number, T>();
  for (const piece of pieces) {
    const key = piece.start_time.getTime();
    const seen = byMinute.get(key);
    if (!seen || piece.duration_ms > seen.duration_ms) byMinute.set(key, piece);
  }
  return [...byMinute.values()].sort((a, b) => a.start_time.getTime() - b.start_time.getTime());
}

export class ShareLinkService {
  private readonly now: () => Date;
  private readonly newToken: () => string;

  constructor(private readonly deps: ShareLinkServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.newToken = deps.newToken ?? (() => randomBytes(32).toString('base64url'));
  }

  async create(
    auth: AuthContext,
    cameraCode: string,
    body: ShareLinkCreateBody,
  ): Promise<{ shareLink: ShareLink; url: string; downloadId: string | null }> {
    const { archive, batchDownload } = auth.user.permissions;
    if (!archive) throw new ForbiddenError('Sharing recordings needs the archive right.');
    if (body.allow_download && !batchDownload)
      throw new ForbiddenError('Allowing the download of a shared range needs the batch download right.');
    const camera = await this.deps.links.findCamera(auth.user.customerId, cameraCode);
    if (!camera) throw new NotFoundError('camera');
    const now = this.now();
    const minutes = shareLinkMinutes(Date.parse(body.start_datetime), Date.parse(body.end_datetime));
    const start = new Date(minutes.startMs);
    const end = new Date(minutes.endMs);
    if (start.getTime() > now.getTime())
      throw FieldErrors.of('start_datetime', 'must not be in the future', 'bad_range');
    const recorded = await this.deps.links.recordedMinutes(camera.id, start, end);
    if (recorded === 0)
      throw FieldErrors.of(
        'start_datetime',
        'nothing was recorded in this range; choose minutes the camera recorded',
        'bad_range',
      );
    let downloadId: number | null = null;
    if (body.allow_download) {
      const outcome = await this.deps.requestDownload(auth, cameraCode, {
        start_datetime: start.toISOString(),
        end_datetime: end.toISOString(),
        ...(body.time_zone ? { time_zone: body.time_zone } : {}),
      });
      if (!outcome.ok)
        throw FieldErrors.of(
          'allow_download',
          outcome.reason === 'limit_exceeded'
            ? 'the camera’s download allowance for the month would be exceeded'
            : 'nothing was recorded in this range',
          'invalid',
        );
      downloadId = Number(outcome.download.download_id);
    }
    const token = this.newToken();
    const id = await this.deps.links.insert({
      customerId: auth.user.customerId,
      cameraId: camera.id,
      createdBy: auth.user.id,
      start,
      end,
      expiresAt: new Date(now.getTime() + body.expires_in_hours * 3_600_000),
      allowDownload: body.allow_download ?? false,
      downloadId,
      tokenHash: hashToken(token),
    });
    const row = await this.deps.links.findOwn(auth.user.customerId, auth.user.id, id);
    if (!row) throw new Error('share link vanished after insert');
    return {
      shareLink: toShareLink(row, now),
      url: shareLinkPagePath(token),
      downloadId: downloadId === null ? null : String(downloadId),
    };
  }

  async listMine(auth: AuthContext): Promise<ShareLink[]> {
    const now = this.now();
    return (await this.deps.links.listByCreator(auth.user.id)).map((row) => toShareLink(row, now));
  }

  async revoke(auth: AuthContext, linkId: string): Promise<ShareLink> {
    const id = Number(linkId);
    const row = await this.deps.links.findOwn(auth.user.customerId, auth.user.id, id);
    if (!row) throw new NotFoundError('share link');
    const now = this.now();
    await this.deps.links.revoke(id, now);
    return toShareLink({ ...row, revoked_at: row.revoked_at ?? now }, now);
  }

  /** The link of a token while it opens; otherwise 403 with the reason. */
  async open(token: string): Promise<OpenLink> {
    if (!SHARE_TOKEN_PATTERN.test(token)) throw refused.invalid();
    const hash = hashToken(token);
    const row = await this.deps.links.findByTokenHash(hash);
    if (!row || !timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(hash, 'hex')))
      throw refused.invalid();
    if (row.revoked_at !== null || !row.creator_has_archive) throw refused.revoked();
    if (row.expires_at.getTime() <= this.now().getTime()) throw refused.expired();
    return row;
  }

  /** What the link's page shows; counts the view. */
  async view(token: string): Promise<{ link: OpenLink; range: SharedRange }> {
    const link = await this.open(token);
    const pieces = await this.deps.links.clipsIn(link.camera_id, link.start_time, link.end_time);
    const clips: SharedClip[] = mainPieces(pieces).map((piece) => ({
      clip_id: String(piece.id),
      start_time: piece.start_time.toISOString(),
      offset_sec: piece.offset_ms / 1000,
      duration_sec: piece.duration_ms / 1000,
      url: clipPath(token, piece.id),
    }));
    await this.deps.links.countView(link.id, this.now());
    return {
      link,
      range: {
        camera_name: link.camera_name,
        start_datetime: link.start_time.toISOString(),
        end_datetime: link.end_time.toISOString(),
        expires_at: link.expires_at.toISOString(),
        allow_download: link.allow_download,
        download: link.allow_download ? await this.downloadState(link, token) : null,
        clips,
      },
    };
  }

  private async downloadState(link: OpenLink, token: string): Promise<SharedRange['download']> {
    const download =
      link.download_id === null ? undefined : await this.deps.links.findDownload(link.download_id);
    if (!download || download.status === 'expired') return { status: 'expired', file_url: null };
    if (download.status === 'failed') return { status: 'failed', file_url: null };
    if (download.status === 'ready' && download.blob_key)
      return { status: 'ready', file_url: downloadPath(token) };
    return { status: 'preparing', file_url: null };
  }

  /** One clip of the link's range, with the byte range asked for. */
  async clip(token: string, clipId: string, rangeHeader: string | undefined) {
    const link = await this.open(token);
    const clip = await this.deps.links.findClip(
      link.camera_id,
      Number(clipId),
      link.start_time,
      link.end_time,
    );
    if (!clip) throw new NotFoundError('clip');
    return openBlob(this.deps.blobs, clip.blob_key, rangeHeader);
  }

  /** The range's joined file when the link allows it and it is ready, with its file name. */
  async download(token: string, rangeHeader: string | undefined) {
    const link = await this.open(token);
    if (!link.allow_download) throw new NotFoundError('download', 'This link does not offer a download.');
    const download =
      link.download_id === null ? undefined : await this.deps.links.findDownload(link.download_id);
    if (!download || download.status === 'expired')
      throw new DomainError(409, 'conflict', 'The file of this range is no longer kept.', 'download_expired');
    if (download.status === 'failed')
      throw new DomainError(
        409,
        'conflict',
        'The file of this range could not be made.',
        'download_not_ready',
      );
    if (download.status !== 'ready' || !download.blob_key)
      throw new DomainError(409, 'conflict', 'The file is still being prepared.', 'download_not_ready');
    const opened = await openBlob(this.deps.blobs, download.blob_key, rangeHeader);
    const filename = downloadFileName({
      camera_name: link.camera_name,
      start_time: link.start_time,
      end_time: link.end_time,
      time_zone: download.time_zone,
    });
    return { link, opened, filename };
  }
}
