// A parent account's child users: list, lock and authorities, clearing device authentication (advanced.md §3, §6, §7).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';

export const childUserSchema = z
  .object({
    userId: z.number().int(),
    email: z.string(),
    user_name: z.string(),
    locked: z.boolean(),
    /** Who locked the account: the parent may lift only its own lock. */
    lockedBy: z.enum(['parent', 'admin']).nullable(),
    modPassword: z.boolean(),
    modDevauth: z.boolean(),
    /** Whether the child has registered browsers for device authentication. */
    hasAppKey: z.boolean(),
  })
  .meta({ id: 'ChildUser' });
export type ChildUser = z.infer<typeof childUserSchema>;

export const childUserParams = z.object({ userId: z.coerce.number().int().positive() });

export const childUserListCall = defineCall({
  method: 'GET',
  path: '/api/childusers',
  summary: 'The parent’s child users (needs hasChildUser)',
  source: 'advanced.md §7',
  tags: ['child-users'],
  access: 'session',
  responses: {
    200: dataEnvelope(z.object({ childUsers: z.array(childUserSchema) })),
    401: errorBody,
    403: errorBody,
  },
});

export const childUserUpdateBody = z
  .object({ locked: z.boolean(), modPassword: z.boolean(), modDevauth: z.boolean() })
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'give at least one of locked, modPassword, modDevauth',
  });
export type ChildUserUpdateBody = z.infer<typeof childUserUpdateBody>;

export const childUserUpdateCall = defineCall({
  method: 'PUT',
  path: '/api/childusers/:userId',
  summary: 'Lock or unlock a child and set its password-change and device-authentication authorities',
  source: 'advanced.md §7',
  tags: ['child-users'],
  access: 'session',
  params: childUserParams,
  body: childUserUpdateBody,
  responses: {
    200: dataEnvelope(childUserSchema),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const childUserAppKeyDeleteCall = defineCall({
  method: 'DELETE',
  path: '/api/childusers/:userId/appkey',
  summary: 'Clear a child’s device authentication: revoke every browser it registered',
  source: 'advanced.md §7',
  tags: ['child-users'],
  access: 'session',
  params: childUserParams,
  responses: {
    200: dataEnvelope(childUserSchema),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});
