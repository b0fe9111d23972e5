// Records audit events for the other modules (issue 16 "Audit log"). A failure to record never breaks what the
// user asked for: it is logged and the request goes on. Repeated actions that mean one thing to a reader (a
// player renewing live every minute, the minutes of one recorded hour played one after another) are recorded
// once per window, remembered in memory, so hot paths write nothing while the window lasts.
import type { AuditDetailValue } from '@camwatch/contract/audit';
import type { AuditKind } from '@camwatch/contract/audit-rules';
import type { AuditRepository } from './audit.repository.ts';

/** Who did it and from where. */
export interface AuditActor {
  customerId: number | null;
  userId: number | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  via: 'api' | 'cli';
}

/** The client of a request, for events whose user is found by the recorder (sign-in, password reset). */
export interface AuditClient {
  ip: string | null;
  userAgent: string | null;
}

export interface AuditRecord {
  kind: AuditKind;
  cameraCode?: string | null;
  /** The camera's name when the caller has it; otherwise looked up by code. */
  cameraName?: string;
  target?: string | null;
  detail?: Record<string, AuditDetailValue>;
}

export interface AuditLogger {
  error: (obj: object, msg: string) => void;
}

/** The operator at the command line, acting for a customer. */
export const operatorActor = (customerId: number): AuditActor => ({
  customerId,
  userId: null,
  email: null,
  ip: null,
  userAgent: null,
  via: 'cli',
});

const TEXT_MAX = 300;
const DETAIL_TEXT_MAX = 500;
/** Dedupe keys kept at most; beyond it the expired ones go, and if none has, all of them. */
const ONCE_KEYS_MAX = 20_000;

const clip = (value: string | null | undefined, max = TEXT_MAX): string | null =>
  value == null ? null : value.length > max ? value.slice(0, max) : value;

/** IPv4 clients reach a dual-stack socket as `::ffff:a.b.c.d`; shown as the plain IPv4 address. */
export const plainIp = (ip: string | null | undefined): string | null =>
  ip == null ? null : ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;

function cleanDetail(detail: Record<string, AuditDetailValue> = {}): Record<string, AuditDetailValue> {
  const out: Record<string, AuditDetailValue> = {};
  for (const [key, value] of Object.entries(detail)) {
    if (value === undefined) continue;
    out[key] =
      typeof value === 'string'
        ? (clip(value, DETAIL_TEXT_MAX) ?? '')
        : Array.isArray(value)
          ? value.slice(0, 100).map((v) => clip(v, DETAIL_TEXT_MAX) ?? '')
          : value;
  }
  return out;
}

export class AuditRecorder {
  private readonly recent = new Map<string, number>();

  constructor(
    private readonly repo: AuditRepository,
    private readonly logger: AuditLogger | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Stores one event; never throws. */
  async record(actor: AuditActor, event: AuditRecord): Promise<void> {
    try {
      await this.repo.insert({
        customerId: actor.customerId,
        kind: event.kind,
        via: actor.via,
        userId: actor.userId,
        userEmail: clip(actor.email),
        ip: clip(plainIp(actor.ip), 64),
        userAgent: clip(actor.userAgent),
        cameraCode: event.cameraCode ?? null,
        ...(event.cameraName !== undefined ? { cameraName: event.cameraName } : {}),
        target: clip(event.target),
        detail: cleanDetail(event.detail),
      });
    } catch (err) {
      this.logger?.error({ err, kind: event.kind }, 'audit event not recorded');
    }
  }

  /**
   * Stores the event unless the same actor recorded the same `scope` within `windowMs` (on this node). Each
   * call inside the window pushes it on, so a view renewed every minute stays one event until it stops.
   */
  async recordOnce(actor: AuditActor, event: AuditRecord, scope: string, windowMs: number): Promise<void> {
    const key = `${actor.customerId}:${actor.userId}:${event.kind}:${scope}`;
    const now = this.now();
    const last = this.recent.get(key);
    this.recent.delete(key); // re-inserted last: the map stays in least-recent-first order
    this.recent.set(key, now);
    if (last !== undefined && now - last < windowMs) return;
    this.prune(now, windowMs);
    await this.record(actor, event);
  }

  private prune(now: number, windowMs: number): void {
    if (this.recent.size <= ONCE_KEYS_MAX) return;
    for (const [key, at] of this.recent) {
      if (now - at < windowMs || this.recent.size <= ONCE_KEYS_MAX / 2) break;
      this.recent.delete(key);
    }
  }

  /**
   * A sign-in attempt. The user is found by the address given; an address that names nobody is recorded
   * without a customer and without the address (it may be a mistyped password), so it tells a customer nothing.
   */
  async recordSignIn(
    email: string,
    client: AuditClient,
    outcome: { ok: true } | { ok: false; reason: string },
  ): Promise<void> {
    try {
      const user = await this.repo.userByEmail(email);
      await this.record(
        {
          customerId: user?.customer_id ?? null,
          userId: user?.id ?? null,
          email: user?.email ?? null,
          ...client,
          via: 'api',
        },
        outcome.ok
          ? { kind: 'login_succeeded' }
          : { kind: 'login_failed', detail: { reason: user ? outcome.reason : 'unknown_user' } },
      );
    } catch (err) {
      this.logger?.error({ err }, 'audit event not recorded');
    }
  }

  /** An event of a user known only by id (a password reset by mail link). */
  async recordForUser(userId: number, client: AuditClient, event: AuditRecord): Promise<void> {
    try {
      const user = await this.repo.userById(userId);
      if (!user) return;
      await this.record(
        { customerId: user.customer_id, userId: user.id, email: user.email, ...client, via: 'api' },
        event,
      );
    } catch (err) {
      this.logger?.error({ err, kind: event.kind }, 'audit event not recorded');
    }
  }
}
