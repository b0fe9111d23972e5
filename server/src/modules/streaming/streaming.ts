// Wires the streaming side: stream tokens (a key derived from the media signing secret), the segment
// cache, on-demand and live streams (HLS, and the fMP4 relay), and the service behind POST api/cameras/:code/streaming.
import type { Db } from '../../db/database.ts';
import type { AgentHub } from '../../realtime/agent-hub.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { LiveFmp4Streams } from './live-fmp4.ts';
import { LiveStreams } from './live-stream.ts';
import { SegmentCache } from './segment-cache.ts';
import { StreamTokens } from './stream-token.ts';
import { StreamingRepository } from './streaming.repository.ts';
import { StreamingService } from './streaming.service.ts';
import { VodStreams } from './vod-stream.ts';

/** Memory for recently made on-demand segments (about a minute of 1080p video at 4 Mbit/s is 30 MB). */
export const SEGMENT_CACHE_BYTES = 64 * 1024 * 1024;

export function createStreaming(deps: {
  db: Db;
  blobs: BlobStore;
  hub: AgentHub;
  mediaSigningSecret: Buffer;
  ffmpegPath: string;
  segmentCacheBytes?: number;
}) {
  const cameras = new StreamingRepository(deps.db);
  const segmentCache = new SegmentCache(deps.segmentCacheBytes ?? SEGMENT_CACHE_BYTES);
  const liveStreams = new LiveStreams(deps.hub);
  const liveFmp4 = new LiveFmp4Streams(deps.hub, (cameraId) => liveStreams.hlsInUse(cameraId));
  const streamTokens = new StreamTokens(deps.mediaSigningSecret);
  const streaming = new StreamingService({
    cameras,
    tokens: streamTokens,
    vod: new VodStreams({
      clips: cameras,
      blobs: deps.blobs,
      cache: segmentCache,
      ffmpegPath: deps.ffmpegPath,
    }),
    live: liveStreams,
    // With REDIS_URL the camera's channel may be open on another node: its watch status tells then.
    reachability: { isConnected: (cameraId) => deps.hub.isReachable(cameraId) },
  });
  return { streaming, liveStreams, liveFmp4, segmentCache, streamTokens };
}
