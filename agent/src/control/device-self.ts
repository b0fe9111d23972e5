// Learns which camera the token belongs to (GET /api/ingest/device) at start. Waits for a server that is
// not up yet (network errors, 5xx: retried with backoff), but gives up at once on a refused token.
import { deviceSelfCall } from '@camwatch/contract/device';
import type { Logger } from '../logger.ts';
import { backoffDelay, DEFAULT_BACKOFF, sleep, type BackoffPolicy } from '../upload/backoff.ts';
import { describeAnswer, type DeviceClient } from '../upload/device-client.ts';
import type { DeviceState } from './heartbeat.ts';

export class AgentStartError extends Error {}

export async function fetchDeviceState(
  client: Pick<DeviceClient, 'getDevice'>,
  logger: Logger,
  backoff: BackoffPolicy = DEFAULT_BACKOFF,
  signal?: AbortSignal,
): Promise<DeviceState> {
  for (let attempt = 1; ; attempt++) {
    let problem: string;
    try {
      const answer = await client.getDevice();
      if (answer.status === 200) {
        const parsed = deviceSelfCall.responses[200].safeParse(answer.body);
        if (parsed.success) return parsed.data;
        throw new AgentStartError(
          `the server's device answer is not what the contract says: ${parsed.error.message}`,
        );
      }
      if (answer.status === 401 || answer.status === 403)
        throw new AgentStartError(`the server refused the device token (${describeAnswer(answer)})`);
      problem = describeAnswer(answer);
    } catch (error) {
      if (error instanceof AgentStartError) throw error;
      problem = (error as Error).message;
    }
    if (signal?.aborted) throw new AgentStartError('stopped before the server answered');
    const delay = backoffDelay(attempt, backoff);
    logger.warn('cannot reach the server yet; retrying', { reason: problem, retry_in_ms: delay });
    await sleep(delay, signal);
  }
}
