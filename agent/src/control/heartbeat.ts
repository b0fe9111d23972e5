// The heartbeat: every DEVICE_HEARTBEAT_INTERVAL_MS the agent tells the server it is alive and how full its
// spool is. Over the control channel when it is open; otherwise over HTTP (POST heartbeat), whose answer
// also carries the configuration and whether live is wanted, so the camera keeps up while the channel is down.
import {
  DEVICE_HEARTBEAT_INTERVAL_MS,
  heartbeatCall,
  type DeviceConfig,
  type DeviceToServerMessage,
  type HeartbeatBody,
} from '@camwatch/contract/device';
import type { Logger } from '../logger.ts';
import { describeAnswer, type DeviceClient } from '../upload/device-client.ts';

export interface DeviceState {
  config: DeviceConfig;
  live: boolean;
  /** Whether a viewer wants the live HLS stream (absent from servers that predate it). */
  stream?: boolean;
}

export interface HeartbeatOptions {
  intervalMs?: number;
  channel: { isOpen: boolean; send(message: DeviceToServerMessage): boolean };
  client: Pick<DeviceClient, 'postHeartbeat'>;
  cameraCode: () => string;
  spoolStats: () => Promise<{ clips: number; bytes: number }>;
  identity: { agent_version: string; source_kind: string };
  startedAt: number;
  logger: Logger;
  onDeviceState: (state: DeviceState) => void;
}

export class Heartbeat {
  private timer: NodeJS.Timeout | null = null;
  private beat: Promise<void> = Promise.resolve();
  private lastProblem = '';

  constructor(private readonly options: HeartbeatOptions) {}

  start(): void {
    this.timer = setInterval(() => {
      this.beat = this.beat.then(() => this.send());
    }, this.options.intervalMs ?? DEVICE_HEARTBEAT_INTERVAL_MS);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.beat;
  }

  /** One heartbeat, by whichever way is open. */
  async send(): Promise<void> {
    const { options } = this;
    const stats = await options.spoolStats().catch(() => ({ clips: 0, bytes: 0 }));
    if (
      options.channel.send({
        type: 'heartbeat',
        at: Date.now(),
        spool_clips: stats.clips,
        spool_bytes: stats.bytes,
      })
    )
      return;
    const body: HeartbeatBody = {
      ...options.identity,
      spool_clips: stats.clips,
      spool_bytes: stats.bytes,
      uptime_sec: Math.round((Date.now() - options.startedAt) / 1000),
    };
    try {
      const answer = await options.client.postHeartbeat(options.cameraCode(), body);
      const parsed = answer.status === 200 ? heartbeatCall.responses[200].safeParse(answer.body) : null;
      if (parsed?.success) {
        this.lastProblem = '';
        // The control channel opened while this answer was on its way: its own messages (config, live,
        // stream) are newer, so this answer must not undo them — e.g. turn off a stream the channel just
        // asked for, which nothing would turn on again while the channel stays up.
        if (!options.channel.isOpen) options.onDeviceState(parsed.data);
      } else
        this.report(`HTTP heartbeat not accepted: ${parsed ? 'unexpected answer' : describeAnswer(answer)}`);
    } catch (error) {
      this.report(`HTTP heartbeat failed: ${(error as Error).message}`);
    }
  }

  private report(problem: string): void {
    if (problem !== this.lastProblem) this.options.logger.warn(problem);
    this.lastProblem = problem;
  }
}
