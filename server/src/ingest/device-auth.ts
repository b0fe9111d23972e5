// Issues device tokens and tells which camera a bearer token speaks for.
import { randomBytes } from 'node:crypto';
import { DEVICE_TOKEN_PREFIX } from '@camwatch/contract/device';
import { hashToken } from '../lib/tokens.ts';
import type { DeviceIdentity, DeviceTokenRepository } from './device-token.repository.ts';

const TOKEN_SHAPE = /^cwd_[A-Za-z0-9_-]{43}$/;

/** How long a token's identity is trusted without asking the database (a revoked token stops within this). */
export const DEVICE_AUTH_CACHE_MS = 10_000;
/**
 * A cached identity this old is still answered, and read again together with every other this old, in one
 * query: a thousand agents cost one query every few seconds instead of a hundred a second.
 */
export const DEVICE_AUTH_REFRESH_MS = 5_000;
const CACHE_MAX_ENTRIES = 10_000;
/** Tokens read again per query. */
const REFRESH_MAX_TOKENS = 2_000;

export class DeviceAuth {
  /** Token hash → identity and when it was read; agents call several times a second, tokens rarely change. */
  private readonly cache = new Map<string, { identity: DeviceIdentity; at: number }>();
  /** Lookups under way, by token hash. */
  private readonly lookups = new Map<string, Promise<DeviceIdentity | null>>();
  /** Counts revocations, so a lookup that overlapped one does not cache what it read. */
  private revocations = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly tokens: DeviceTokenRepository,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** A new token for the camera; the only time the token itself is seen. */
  async issue(cameraId: number, label = ''): Promise<{ id: number; token: string }> {
    const token = `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = await this.tokens.insert(cameraId, hashToken(token), label);
    return { id, token };
  }

  /** The identity behind `Authorization: Bearer <token>`, or null for a missing, malformed, unknown or revoked token. */
  async resolve(authorization: string | undefined): Promise<DeviceIdentity | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (!token || !TOKEN_SHAPE.test(token)) return null;
    const hash = hashToken(token);
    const cached = this.cache.get(hash);
    const age = cached ? this.now() - cached.at : Infinity;
    if (cached && age < DEVICE_AUTH_CACHE_MS) {
      if (age >= DEVICE_AUTH_REFRESH_MS) this.refreshSoon();
      return cached.identity;
    }
    // Requests of one agent that arrive together share one lookup.
    let lookup = this.lookups.get(hash);
    if (!lookup) {
      lookup = this.lookUp(hash).finally(() => this.lookups.delete(hash));
      this.lookups.set(hash, lookup);
    }
    return lookup;
  }

  private async lookUp(hash: string): Promise<DeviceIdentity | null> {
    const revocations = this.revocations;
    const at = this.now();
    const identity = await this.tokens.findActive(hash);
    if (!identity) {
      this.cache.delete(hash);
      return null;
    }
    // A revocation while the lookup was under way may have come after the row was read: not kept then.
    if (revocations !== this.revocations) return identity;
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(hash, { identity, at });
    return identity;
  }

  /** Starts a refresh unless one is under way; a failed one leaves the entries to expire and be looked up alone. */
  private refreshSoon(): void {
    this.refresh().catch(() => undefined);
  }

  /**
   * Reads again, in one query, every cached identity older than DEVICE_AUTH_REFRESH_MS: renewed, or dropped when
   * revoked. Joins the refresh under way, if any.
   */
  refresh(): Promise<void> {
    this.refreshing ??= this.refreshDue().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshDue(): Promise<void> {
    const at = this.now();
    const revocations = this.revocations;
    const due = [...this.cache]
      .filter(([, entry]) => at - entry.at >= DEVICE_AUTH_REFRESH_MS)
      .slice(0, REFRESH_MAX_TOKENS);
    if (due.length === 0) return;
    const live = await this.tokens.findActiveByIds(due.map(([, entry]) => entry.identity.tokenId));
    // A revocation meanwhile may have come after the rows were read: they renew nothing then.
    if (revocations !== this.revocations) return;
    const byId = new Map(live.map((identity) => [identity.tokenId, identity]));
    for (const [hash, entry] of due) {
      const identity = byId.get(entry.identity.tokenId);
      if (identity) this.cache.set(hash, { identity, at });
      else this.cache.delete(hash);
    }
  }

  list(cameraId: number) {
    return this.tokens.listForCamera(cameraId);
  }

  /** Revokes in the database and forgets this process's cached identities of the camera at once. */
  async revoke(cameraId: number, tokenId?: number): Promise<number> {
    this.revocations++;
    const count = await this.tokens.revoke(cameraId, tokenId);
    this.revocations++;
    this.lookups.clear();
    for (const [hash, { identity }] of this.cache)
      if (identity.cameraId === cameraId && (tokenId === undefined || identity.tokenId === tokenId))
        this.cache.delete(hash);
    return count;
  }
}

export type { DeviceIdentity };
