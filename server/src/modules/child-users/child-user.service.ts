// Child accounts (advanced.md §3, §6, §7): a parent lists its children, locks and unlocks them, sets their
// password-change and device-authentication authorities, and clears their device authentication.
// A child user manages nobody (403); a parent reaches only its own children (anything else is 404).
import type { ChildUser, ChildUserUpdateBody } from '@camwatch/contract/child-users';
import type { AuthContext } from '../../http/auth-context.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { AppKeyRepository } from '../auth/app-key.repository.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import type { ChildUserChanges, ChildUserRepository } from './child-user.repository.ts';

type Row = NonNullable<Awaited<ReturnType<ChildUserRepository['find']>>>;

const toChildUser = (row: Row): ChildUser => ({
  userId: row.id,
  email: row.email,
  user_name: row.name,
  locked: row.lock_state !== 'none',
  lockedBy: row.lock_state === 'none' ? null : row.lock_state,
  modPassword: row.perm_mod_password,
  modDevauth: row.perm_mod_devauth,
  hasAppKey: row.has_app_key === true,
});

export class ChildUserService {
  constructor(
    private readonly children: ChildUserRepository,
    private readonly sessions: SessionRepository,
    private readonly appKeys: AppKeyRepository,
  ) {}

  /** The caller as a parent: a child user has no children to manage. */
  private parentOf(auth: AuthContext): { customerId: number; parentUserId: number } {
    if (auth.user.parentUserId !== null) throw new ForbiddenError();
    return { customerId: auth.user.customerId, parentUserId: auth.user.id };
  }

  private async childOf(auth: AuthContext, childUserId: number): Promise<Row> {
    const { customerId, parentUserId } = this.parentOf(auth);
    const row = await this.children.find(customerId, parentUserId, childUserId);
    if (!row) throw new NotFoundError('child user');
    return row;
  }

  async list(auth: AuthContext): Promise<ChildUser[]> {
    const { customerId, parentUserId } = this.parentOf(auth);
    return (await this.children.list(customerId, parentUserId)).map(toChildUser);
  }

  /**
   * Locking ends the child's sessions at once. A parent lifts only its own lock: a lock set by an
   * administrator stays (403), and locking an administrator-locked child keeps the administrator's lock.
   */
  async update(auth: AuthContext, childUserId: number, body: ChildUserUpdateBody): Promise<ChildUser> {
    const { customerId, parentUserId } = this.parentOf(auth);
    const child = await this.childOf(auth, childUserId);
    const changes: ChildUserChanges = { modPassword: body.modPassword, modDevauth: body.modDevauth };
    if (body.locked === false && child.lock_state === 'admin')
      throw new ForbiddenError(
        'This account was locked by an administrator; only an administrator can unlock it',
      );
    if (body.locked === true && child.lock_state === 'none') changes.lockState = 'parent';
    if (body.locked === false) {
      changes.lockState = 'none';
      changes.clearSystemLock = true;
    }
    if (!(await this.children.update(customerId, parentUserId, childUserId, changes)))
      throw new NotFoundError('child user');
    if (body.locked === true) await this.sessions.revokeAllForUser(childUserId);
    return toChildUser(await this.childOf(auth, childUserId));
  }

  /**
   * Clears the child's device authentication (advanced.md §6): every browser it registered is revoked and
   * device authentication is switched off, so the child can log in again and register anew.
   */
  async clearAppKeys(auth: AuthContext, childUserId: number): Promise<ChildUser> {
    const { customerId, parentUserId } = this.parentOf(auth);
    await this.childOf(auth, childUserId);
    await this.appKeys.revokeAll(childUserId);
    await this.children.update(customerId, parentUserId, childUserId, { disableDeviceAuthentication: true });
    return toChildUser(await this.childOf(auth, childUserId));
  }
}
