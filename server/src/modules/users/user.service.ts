// Operator-side user management: create users (parents and children), reset passwords, lock and unlock,
// rights and device authentication. Used by the CLI and the demo seed.
import type { Permissions } from '@camwatch/contract/permissions';
import type { UserRow } from '../../db/schema.ts';
import { FieldErrors, NotFoundError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import { permissionValues } from './permission-columns.ts';
import type { UserRepository } from './user.repository.ts';

export interface NewUserInput {
  customerId: number;
  email: string;
  password: string;
  name: string;
  parentUserId?: number | null;
  permissions: Partial<Permissions>;
}

export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
  ) {}

  async create(input: NewUserInput): Promise<UserRow> {
    if (await this.users.findByEmail(input.email))
      throw FieldErrors.of('email', 'is already registered', 'taken');
    if (input.parentUserId != null) {
      const parent = await this.users.findInCustomer(input.customerId, input.parentUserId);
      if (!parent) throw FieldErrors.of('parent', 'must be a user of the same customer');
      if (parent.parent_user_id !== null) throw FieldErrors.of('parent', 'is itself a child user');
    }
    return this.users.insert({
      customer_id: input.customerId,
      email: input.email,
      name: input.name,
      parent_user_id: input.parentUserId ?? null,
      password_hash: await hashPassword(input.password),
      ...permissionValues(input.permissions),
    });
  }

  async byEmail(email: string): Promise<UserRow> {
    const user = await this.users.findByEmail(email);
    if (!user) throw new NotFoundError(`user ${email}`);
    return user;
  }

  /** Sets a new password, clears a system lock and ends every session of the user. */
  async resetPassword(email: string, password: string): Promise<void> {
    const user = await this.byEmail(email);
    await this.users.update(user.customer_id, user.id, {
      password_hash: await hashPassword(password),
      password_changed_at: new Date(),
      failed_login_count: 0,
      system_locked_until: null,
    });
    await this.sessions.revokeAllForUser(user.id);
  }

  /** Locks the account (by its parent or an administrator); its sessions end at once. */
  async lock(email: string, by: 'parent' | 'admin'): Promise<void> {
    const user = await this.byEmail(email);
    await this.users.setLock(user.customer_id, user.id, by);
    await this.sessions.revokeAllForUser(user.id);
  }

  /** Lifts any lock, including the temporary one after repeated failed logins. */
  async unlock(email: string): Promise<void> {
    const user = await this.byEmail(email);
    await this.users.update(user.customer_id, user.id, {
      lock_state: 'none',
      failed_login_count: 0,
      system_locked_until: null,
    });
  }

  async setPermissions(email: string, permissions: Partial<Permissions>): Promise<UserRow> {
    const user = await this.byEmail(email);
    const updated = await this.users.update(user.customer_id, user.id, permissionValues(permissions));
    if (!updated) throw new NotFoundError(`user ${email}`);
    return updated;
  }

  async setDeviceAuthentication(email: string, enabled: boolean): Promise<void> {
    const user = await this.byEmail(email);
    await this.users.setDeviceAuthentication(user.customer_id, user.id, enabled);
  }
}
