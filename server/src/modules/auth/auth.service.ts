// Login, login check, sessions and password change (core.md §4, §6, §8).
import type { LoginFailureReason, UserInfo } from '@camwatch/contract/auth';
import type { Config } from '../../config.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { DomainError, FieldErrors, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import { permissionsOf } from '../users/permission-columns.ts';
import { toUserInfo } from '../users/user-info.ts';
import type { UserRepository } from '../users/user.repository.ts';
import type { AppKeyRepository } from './app-key.repository.ts';
import type { IpAllowCache } from './ip-allow-cache.ts';
import type { IpAllowRepository } from './ip-allow.repository.ts';
import type { SessionRepository } from './session.repository.ts';
import { SessionEndedError } from './session-ended-error.ts';
import type { UnknownLoginRepository } from './unknown-login.repository.ts';

export interface AuthServiceDeps {
  config: Pick<Config, 'session' | 'login'>;
  users: UserRepository;
  sessions: SessionRepository;
  appKeys: AppKeyRepository;
  ipAllow: IpAllowRepository;
  customers: CustomerRepository;
  unknownLogins: UnknownLoginRepository;
  ipAllowCache: IpAllowCache;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  appKey: string | null | undefined;
}

export type LoginOutcome =
  { ok: true; token: string; expiresAt: Date; user: UserInfo } | { ok: false; reason: LoginFailureReason };

/** Writing `last_seen_at` on every request would turn every read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/** IPv4 clients reach a dual-stack socket as `::ffff:a.b.c.d`; allow-lists are written in plain IPv4. */
const normalizeIp = (ip: string): string => (ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip);

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async login(email: string, password: string, client: ClientInfo): Promise<LoginOutcome> {
    const { users, sessions, config } = this.deps;
    const user = await users.findByEmail(email);
    if (!user) return this.unknownAccountLogin(email, password);
    if (user.system_locked_until && user.system_locked_until.getTime() > Date.now()) {
      return { ok: false, reason: 'system_locked' };
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      await users.recordFailedLogin(user.id, config.login.maxFailures, config.login.lockMs);
      return { ok: false, reason: 'invalid_credentials' };
    }
    await users.clearFailedLogins(user.id);

    const problem = await this.accessProblem(user, client);
    if (problem) return { ok: false, reason: problem };

    const token = newToken();
    const expiresAt = new Date(Date.now() + config.session.maxAgeMs);
    await sessions.create({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt,
      ip: normalizeIp(client.ip),
      userAgent: client.userAgent,
    });
    return { ok: true, token, expiresAt, user: await this.userInfoOf(user) };
  }

  /**
   * An address without an account fails exactly as an account does: a password check's worth of time, and
   * after LOGIN_MAX_FAILURES tries system_locked for the lock period. Otherwise the lock would tell which
   * addresses have accounts (issue 16 §6).
   */
  private async unknownAccountLogin(email: string, password: string): Promise<LoginOutcome> {
    const { unknownLogins, config } = this.deps;
    if (await unknownLogins.isLocked(email)) return { ok: false, reason: 'system_locked' };
    await burnPasswordCheck(password);
    await unknownLogins.recordFailure(email, config.login.maxFailures, config.login.lockMs);
    return { ok: false, reason: 'invalid_credentials' };
  }

  /**
   * Whether this user may use the service from this client now: not locked by a parent or administrator,
   * inside the IP allow-list, and from a registered browser when device authentication is on.
   */
  private async accessProblem(user: UserRow, client: ClientInfo): Promise<LoginFailureReason | null> {
    if (user.lock_state !== 'none') return 'locked';
    if (!(await this.deps.ipAllow.isAllowed(user.customer_id, user.id, normalizeIp(client.ip))))
      return 'ip_restricted';
    if (user.devauth_enabled) {
      if (!client.appKey || !(await this.deps.appKeys.useKey(user.id, hashToken(client.appKey))))
        return 'devauth_failed';
    }
    return null;
  }

  /**
   * The caller of a request carrying this session token from address `ip`, or null. Locked users have no
   * valid session. A session used from outside its IP allow-list (moved, or a rule added since login) ends
   * here, on whatever call, with SessionEndedError('ip_restricted') (issue 16 §7).
   */
  async resolveSession(token: string | undefined, ip: string): Promise<AuthContext | null> {
    if (!token || token.length > 200) return null;
    const { sessions, config, ipAllowCache } = this.deps;
    const found = await sessions.findActive(hashToken(token), config.session.idleMs);
    if (!found || found.user.lock_state !== 'none') return null;
    const { user: row, customer } = found;
    if (!(await ipAllowCache.isAllowed(row.customer_id, customer.ipAllowVersion, row.id, normalizeIp(ip)))) {
      await sessions.revoke(found.sessionId);
      throw new SessionEndedError('ip_restricted');
    }
    if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await sessions.touch(found.sessionId);
    const { user } = found;
    return {
      sessionId: found.sessionId,
      customerBrowseVersion: found.customer.browseVersion,
      info: toUserInfo(user, found.customer, found.hasChildUser),
      user: {
        id: user.id,
        customerId: user.customer_id,
        parentUserId: user.parent_user_id,
        email: user.email,
        name: user.name,
        permissions: permissionsOf(user),
        devauthEnabled: user.devauth_enabled,
      },
    };
  }

  /** Re-checks an open session against locks, IP rules and device authentication; a failure ends it. */
  async checkLogin(
    auth: AuthContext,
    client: ClientInfo,
  ): Promise<{ ok: true; user: UserInfo } | { ok: false; reason: LoginFailureReason }> {
    const user = await this.deps.users.findInCustomer(auth.user.customerId, auth.user.id);
    if (!user) throw new NotFoundError('user');
    const problem = await this.accessProblem(user, client);
    if (problem) {
      await this.deps.sessions.revoke(auth.sessionId);
      return { ok: false, reason: problem };
    }
    return { ok: true, user: await this.userInfoOf(user) };
  }

  async logout(token: string | undefined): Promise<void> {
    if (token && token.length <= 200) await this.deps.sessions.revokeByTokenHash(hashToken(token));
  }

  private async userInfoOf(user: UserRow): Promise<UserInfo> {
    const [customer, hasChildUser] = await Promise.all([
      this.deps.customers.findById(user.customer_id),
      this.deps.users.hasChildren(user.customer_id, user.id),
    ]);
    if (!customer) throw new NotFoundError('customer');
    return toUserInfo(user, customer, hasChildUser);
  }

  /**
   * Changes the password (needs modPassword) and ends every other session of the user. After
   * LOGIN_MAX_FAILURES wrong current passwords (or logins) the account is locked for LOGIN_LOCK_MINUTES:
   * 429 here, system_locked at login.
   */
  async changePassword(auth: AuthContext, currentPassword: string, newPassword: string): Promise<void> {
    if (!auth.user.permissions.modPassword) throw new ForbiddenError();
    const { users, sessions, config } = this.deps;
    const user = await users.findInCustomer(auth.user.customerId, auth.user.id);
    if (!user) throw new NotFoundError('user');
    // Wrong current passwords count with wrong logins: a stolen session cannot guess the password faster
    // than the login form could (issue 16 §9).
    if (user.system_locked_until && user.system_locked_until.getTime() > Date.now()) {
      throw new DomainError(429, 'too_many_attempts', 'Too many wrong passwords; try again later.');
    }
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      await users.recordFailedLogin(user.id, config.login.maxFailures, config.login.lockMs);
      throw FieldErrors.of('currentPassword', 'is incorrect', 'incorrect');
    }
    await users.clearFailedLogins(user.id);
    if (currentPassword === newPassword)
      throw FieldErrors.of('password', 'must differ from the current password', 'same_as_current');
    await users.update(user.customer_id, user.id, {
      password_hash: await hashPassword(newPassword),
      password_changed_at: new Date(),
    });
    await sessions.revokeAllForUser(user.id, auth.sessionId);
  }
}
