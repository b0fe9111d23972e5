// A parent's child users. Every query carries the customer and the parent, so a parent reaches only its own
// children: another customer's users and another parent's children are simply not found.
import type { Db } from '../../db/database.ts';
import type { LockState } from '../../db/schema.ts';

export interface ChildUserChanges {
  lockState?: LockState;
  /** Lifting a lock also clears the temporary lock after repeated failed logins (as UserService.unlock). */
  clearSystemLock?: boolean;
  modPassword?: boolean;
  modDevauth?: boolean;
  /** Turns device authentication off (its keys are revoked separately). */
  disableDeviceAuthentication?: boolean;
}

export class ChildUserRepository {
  constructor(private readonly db: Db) {}

  private selectChildren(customerId: number, parentUserId: number) {
    return this.db
      .selectFrom('users as u')
      .select(['u.id', 'u.email', 'u.name', 'u.lock_state', 'u.perm_mod_password', 'u.perm_mod_devauth'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('app_keys as k')
              .select('k.id')
              .whereRef('k.user_id', '=', 'u.id')
              .where('k.revoked_at', 'is', null),
          )
          .as('has_app_key'),
      )
      .where('u.customer_id', '=', customerId)
      .where('u.parent_user_id', '=', parentUserId);
  }

  list(customerId: number, parentUserId: number) {
    return this.selectChildren(customerId, parentUserId).orderBy('u.id').execute();
  }

  find(customerId: number, parentUserId: number, childUserId: number) {
    return this.selectChildren(customerId, parentUserId).where('u.id', '=', childUserId).executeTakeFirst();
  }

  /** Applies the changes to the parent's child; false when there is no such child. */
  async update(
    customerId: number,
    parentUserId: number,
    childUserId: number,
    changes: ChildUserChanges,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({
        ...(changes.lockState !== undefined ? { lock_state: changes.lockState } : {}),
        ...(changes.clearSystemLock ? { failed_login_count: 0, system_locked_until: null } : {}),
        ...(changes.modPassword !== undefined ? { perm_mod_password: changes.modPassword } : {}),
        ...(changes.modDevauth !== undefined ? { perm_mod_devauth: changes.modDevauth } : {}),
        ...(changes.disableDeviceAuthentication ? { devauth_enabled: false } : {}),
        updated_at: new Date(),
      })
      .where('customer_id', '=', customerId)
      .where('parent_user_id', '=', parentUserId)
      .where('id', '=', childUserId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
