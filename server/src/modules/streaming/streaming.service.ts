// Stream addresses (core.md §4, §7, §9; issue “Video pipeline” item 9): POST api/cameras/:code/streaming
// checks the camera and the right (live for live, archive for on_demand) and answers a signed playlist
// address; the playlist and segment requests then carry only that token.
import type { StreamingBody, StreamingFailureReason, StreamingResult } from '@camwatch/contract/live';
import { streamPlaylistPath } from '@camwatch/contract/live';
import { cameraHasLive } from '@camwatch/contract/permissions';
import type { AuthContext } from '../../http/auth-context.ts';
import { FieldErrors, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { LiveStreams } from './live-stream.ts';
import type { StreamGrant, StreamTokens } from './stream-token.ts';
import type { StreamingRepository } from './streaming.repository.ts';
import type { VodStreams } from './vod-stream.ts';

/** The longest on-demand period one playlist covers. */
export const MAX_ON_DEMAND_MS = 24 * 3_600_000;
/** How long a live playlist request waits for the first segment of a stream that is starting. */
export const LIVE_FIRST_SEGMENT_WAIT_MS = 3_000;
/** Caches keep a playlist or segment at most this long, and never past the token's expiry. */
const VOD_PLAYLIST_MAX_AGE_SEC = 60;
const SEGMENT_MAX_AGE_SEC = 3600;
const LIVE_SEGMENT_MAX_AGE_SEC = 30;

export interface StreamAnswer<T> {
  body: T;
  /** Cache-Control max-age, seconds; null means not to be stored at all. */
  maxAgeSec: number | null;
}

/** Is it connected, and is it up: what the service needs to know before promising live video. */
export interface CameraReachability {
  isConnected(cameraId: number): boolean;
}

const failed = (reason: StreamingFailureReason): StreamingResult => ({ result: 'failed', data: { reason } });

export class StreamingService {
  constructor(
    private readonly deps: {
      cameras: StreamingRepository;
      tokens: StreamTokens;
      vod: VodStreams;
      live: LiveStreams;
      reachability: CameraReachability;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  async start(auth: AuthContext, cameraCode: string, body: StreamingBody): Promise<StreamingResult> {
    const camera = await this.deps.cameras.findCamera(auth.user.customerId, cameraCode);
    if (!camera) throw new NotFoundError('camera');
    const { permissions } = auth.user;
    if (body.mode === 'live' && !permissions.live)
      throw new ForbiddenError('You do not have the live right.');
    if (body.mode === 'on_demand' && !permissions.archive)
      throw new ForbiddenError('You do not have the archive right.');
    if (!camera.use_streaming) return failed('not_supported');
    const exp = this.now() + body.expires * 1000;

    if (body.mode === 'live') {
      if (!cameraHasLive(camera)) return failed('not_supported');
      if (camera.watch_status === 'down' || !this.deps.reachability.isConnected(camera.id))
        return failed('unavailable');
      // Ask the agent at once: its first segment is on the way while the player loads.
      this.deps.live.want(camera.id);
      return {
        data: { url: streamPlaylistPath(this.deps.tokens.sign({ mode: 'live', cameraId: camera.id, exp })) },
      };
    }

    const startMs = Date.parse(body.start_datetime);
    const endMs = Date.parse(body.end_datetime);
    if (endMs - startMs > MAX_ON_DEMAND_MS)
      throw FieldErrors.of('end_datetime', 'must be at most 24 hours after start_datetime', 'bad_range');
    const plan = await this.deps.vod.plan(camera.id, { startMs, endMs });
    if (plan.length === 0) return failed('no_data');
    const token = this.deps.tokens.sign({ mode: 'on_demand', cameraId: camera.id, exp, startMs, endMs });
    return { data: { url: streamPlaylistPath(token) } };
  }

  private grant(token: string): StreamGrant {
    const grant = this.deps.tokens.verify(token, this.now());
    if (!grant) throw new ForbiddenError('This stream address is invalid or has expired; ask for a new one.');
    return grant;
  }

  private maxAge(grant: StreamGrant, cap: number): number {
    return Math.max(0, Math.min(cap, Math.floor((grant.exp - this.now()) / 1000)));
  }

  /** The camera of a valid live stream token (the fMP4 WebSocket); 403 for any other token. */
  liveCamera(token: string): number {
    const grant = this.grant(token);
    if (grant.mode !== 'live') throw new ForbiddenError('This stream address is not a live one.');
    return grant.cameraId;
  }

  async playlist(token: string): Promise<StreamAnswer<string>> {
    const grant = this.grant(token);
    if (grant.mode === 'live')
      return {
        body: await this.deps.live.playlist(grant.cameraId, LIVE_FIRST_SEGMENT_WAIT_MS),
        maxAgeSec: null,
      };
    return {
      body: await this.deps.vod.playlist(grant.cameraId, grant),
      maxAgeSec: this.maxAge(grant, VOD_PLAYLIST_MAX_AGE_SEC),
    };
  }

  /** A segment by its name in the playlist: `<clip id>-<second>.ts` (on_demand) or `<sequence>.ts` (live). */
  async segment(token: string, name: string): Promise<StreamAnswer<Buffer>> {
    const grant = this.grant(token);
    const [first, second] = name.replace(/\.ts$/, '').split('-').map(Number);
    if (grant.mode === 'live') {
      const segment =
        first !== undefined && second === undefined
          ? this.deps.live.segment(grant.cameraId, first)
          : undefined;
      if (!segment) throw new NotFoundError('segment', 'this live segment has left the window');
      return { body: segment.data, maxAgeSec: this.maxAge(grant, LIVE_SEGMENT_MAX_AGE_SEC) };
    }
    if (first === undefined || second === undefined) throw new NotFoundError('segment');
    return {
      body: await this.deps.vod.segment(grant.cameraId, grant, first, second),
      maxAgeSec: this.maxAge(grant, SEGMENT_MAX_AGE_SEC),
    };
  }
}
