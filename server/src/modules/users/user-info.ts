// The user info answered by login, login check and me (core.md §3 "User info").
import type { UserInfo } from '@camwatch/contract/auth';
import type { UserRow } from '../../db/schema.ts';
import { permissionsOf } from './permission-columns.ts';

export function toUserInfo(
  user: UserRow,
  customer: { code: string; name: string },
  hasChildUser: boolean,
): UserInfo {
  return {
    b_user_id: user.id,
    email: user.email,
    user_name: user.name,
    customer_code: customer.code,
    customer_name: customer.name,
    permissions: permissionsOf(user),
    hasChildUser,
    isChild: user.parent_user_id !== null,
    parentUserId: user.parent_user_id,
    devauthEnabled: user.devauth_enabled,
  };
}
