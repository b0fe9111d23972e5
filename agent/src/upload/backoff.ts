// Retry delays: doubling from a first delay up to a cap (uploads and the control channel: 1 s to 30 s).

export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 1_000, maxMs: 30_000 };

/** The delay before retry number `attempt` (1 for the first retry). */
export function backoffDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(policy.maxMs, policy.initialMs * 2 ** exponent);
}

/** Waits `ms`, or less when the signal aborts (resolves either way). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
