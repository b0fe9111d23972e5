// The column that stores each right of the contract's Permissions.
import type { Permissions } from '@camwatch/contract/permissions';
import type { UserRow, UsersTable } from '../../db/schema.ts';

export const permissionColumns = {
  live: 'perm_live',
  archive: 'perm_archive',
  ptz: 'perm_ptz',
  modPassword: 'perm_mod_password',
  modDevauth: 'perm_mod_devauth',
  heatmap: 'perm_heatmap',
  analytics: 'perm_analytics',
  configMotion: 'perm_config_motion',
  configEnterAlert: 'perm_config_enter_alert',
  configPersonTracking: 'perm_config_person_tracking',
  configOperationAnalysis: 'perm_config_operation_analysis',
  batchDownload: 'perm_batch_download',
  lighting: 'perm_lighting',
  debug: 'perm_debug',
  admin: 'is_admin',
  partner: 'is_partner',
} as const satisfies Record<keyof Permissions, keyof UsersTable>;

export function permissionsOf(row: UserRow): Permissions {
  const out = {} as Permissions;
  for (const [flag, column] of Object.entries(permissionColumns) as [keyof Permissions, keyof UserRow][]) {
    out[flag] = row[column] === true;
  }
  return out;
}

export function permissionValues(
  perms: Partial<Permissions>,
): Partial<Record<(typeof permissionColumns)[keyof Permissions], boolean>> {
  const out: Partial<Record<(typeof permissionColumns)[keyof Permissions], boolean>> = {};
  for (const [flag, value] of Object.entries(perms) as [keyof Permissions, boolean | undefined][]) {
    if (value !== undefined) out[permissionColumns[flag]] = value;
  }
  return out;
}
