// Readiness (GET /readyz): every part this node needs to serve — the database, the blob store and, when one is
// configured, the bus — is asked at once, each within a bounded time, so a part that hangs (a database behind a
// dead network path) answers "not ready" instead of holding the balancer's probe.

export interface ReadinessCheck {
  /** The part's name as the answer shows it: `database`, `blobs`, `bus`. */
  name: string;
  /** Resolves when the part answers; throws (or never settles) when it does not. */
  check: () => Promise<unknown>;
}

export interface PartState {
  ok: boolean;
  /** Why the part is not ready: its error's message, or `no answer within N ms`. */
  error?: string;
}

export interface Readiness {
  ready: boolean;
  parts: Record<string, PartState>;
}

/** How long one part may take to answer before it counts as not ready. */
export const READINESS_TIMEOUT_MS = 2_000;

function withinTime(check: () => Promise<unknown>, timeoutMs: number): Promise<PartState> {
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => resolve({ ok: false, error: `no answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    timer.unref();
    // A check that throws at once (not only one whose promise rejects) is a failed part too.
    Promise.resolve()
      .then(check)
      .then(
        () => resolve({ ok: true }),
        (error: unknown) =>
          resolve({ ok: false, error: error instanceof Error ? error.message || error.name : String(error) }),
      )
      .finally(() => clearTimeout(timer));
  });
}

/** Asks every part at once; ready only when each answered in time. */
export async function checkReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  const states = await Promise.all(checks.map((c) => withinTime(c.check, timeoutMs)));
  const parts = Object.fromEntries(checks.map((c, i) => [c.name, states[i]!]));
  return { ready: states.every((s) => s.ok), parts };
}
