// Rights are flags, not roles (core.md §6, advanced.md §6).
import { z } from 'zod';

/** Every permission flag of core.md §3 in the spec's spelling, in the order the privileges dialog lists them. */
export const permissionFlags = [
  'live',
  'archive',
  'ptz',
  'modPassword',
  'modDevauth',
  'heatmap',
  'analytics',
  'configMotion',
  'configEnterAlert',
  'configPersonTracking',
  'configOperationAnalysis',
  'batchDownload',
  'lighting',
  'debug',
] as const;
export type PermissionFlag = (typeof permissionFlags)[number];

/** Account-kind flags that ride along with the rights in the user info. */
export const accountFlags = ['admin', 'partner'] as const;
export type AccountFlag = (typeof accountFlags)[number];

export const permissionsSchema = z
  .object({
    live: z.boolean(),
    archive: z.boolean(),
    ptz: z.boolean(),
    modPassword: z.boolean(),
    modDevauth: z.boolean(),
    heatmap: z.boolean(),
    analytics: z.boolean(),
    configMotion: z.boolean(),
    configEnterAlert: z.boolean(),
    configPersonTracking: z.boolean(),
    configOperationAnalysis: z.boolean(),
    batchDownload: z.boolean(),
    lighting: z.boolean(),
    debug: z.boolean(),
    admin: z.boolean(),
    partner: z.boolean(),
  })
  .meta({ id: 'Permissions' });
export type Permissions = z.infer<typeof permissionsSchema>;

/** A user with no rights at all; the starting point for building one. */
export const noPermissions: Permissions = {
  live: false,
  archive: false,
  ptz: false,
  modPassword: false,
  modDevauth: false,
  heatmap: false,
  analytics: false,
  configMotion: false,
  configEnterAlert: false,
  configPersonTracking: false,
  configOperationAnalysis: false,
  batchDownload: false,
  lighting: false,
  debug: false,
  admin: false,
  partner: false,
};
