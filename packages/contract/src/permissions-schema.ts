// The zod schema of Permissions, kept apart from the rules so the browser bundle need not load zod.
import { z } from 'zod';
import { accountFlags, permissionFlags, type Permissions } from './permissions.ts';

const shape = Object.fromEntries(
  [...permissionFlags, ...accountFlags].map((flag) => [flag, z.boolean()]),
) as Record<keyof Permissions, z.ZodBoolean>;

export const permissionsSchema = z.object(shape).meta({ id: 'Permissions' });
