// An api node's links to the other nodes (REDIS_URL, issue 18): the bus for commands and viewers' wants
// (agent-bus.ts) and the live relay for stills, live HLS segments and live fMP4 fragments (live-relay.ts), both on
// Redis with names under REDIS_PREFIX. Without REDIS_URL there is neither: the node serves its own agents alone.
import type { Logger } from 'pino';
import type { AgentHub } from './agent-hub.ts';
import { RedisAgentBus } from './agent-bus.ts';
import { RedisLiveRelay } from './live-relay.ts';
import type { LiveStreams } from '../modules/streaming/live-stream.ts';
import type { LiveFmp4Streams } from '../modules/streaming/live-fmp4.ts';

export interface ClusterLinks {
  bus: RedisAgentBus;
  relay: RedisLiveRelay;
  close(): Promise<void>;
}

export function connectCluster(
  config: { redisUrl: string | null; redisPrefix: string },
  parts: { hub: AgentHub; liveStreams: LiveStreams; liveFmp4: LiveFmp4Streams },
  logger?: Pick<Logger, 'info' | 'error'>,
): ClusterLinks | null {
  if (!config.redisUrl) return null;
  const { hub, liveStreams, liveFmp4 } = parts;
  const bus = new RedisAgentBus(config.redisUrl, hub.commandTimeoutMs, logger, config.redisPrefix);
  const relay = new RedisLiveRelay(config.redisUrl, config.redisPrefix, logger);
  bus.serve(hub);
  hub.useBus(bus);
  hub.useRelay(relay);
  liveStreams.useSequenceMarks(relay);
  relay.deliverTo({
    still: (cameraId, still) => hub.putStill(cameraId, still.data, still.capturedAt, still.receivedAt),
    segment: (cameraId, segment) => liveStreams.putRelayed(cameraId, segment),
    fmp4: (cameraId, message) => liveFmp4.put(cameraId, message),
  });
  // An fMP4 viewer who just came on another node gets the init segment and the picture so far from here.
  hub.onFreshRemoteViewer((kind, cameraId) => {
    if (kind !== 'stream') return;
    for (const message of liveFmp4.current(cameraId)) relay.publishFmp4(cameraId, message);
  });
  return {
    bus,
    relay,
    close: async () => {
      await bus.close();
      await relay.close();
    },
  };
}
