// POST api/cameras/{camera_code}/streaming (core.md §7, §9): a signed HLS playlist address, live (valid 12 h)
// or on demand for a recorded period (valid 1 h). A refusal answers 200 with result 'failed' and the reason.
import type { streamingCall, StreamingBody, StreamingFailureReason } from '@camwatch/contract/live';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export type StreamingAnswer = { ok: true; url: string } | { ok: false; reason: StreamingFailureReason };

export async function startStreaming(
  code: string,
  body: StreamingBody,
  signal?: AbortSignal,
): Promise<StreamingAnswer> {
  const answer = await callApi<typeof streamingCall>(routes.streaming, {
    params: { camera_code: code },
    body,
    signal,
  });
  return 'result' in answer ? { ok: false, reason: answer.data.reason } : { ok: true, url: answer.data.url };
}
