// Sign-in, sessions, user info, device authentication keys and password change (core.md §4, §6, §7, §8).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { dataEnvelope, errorBody, failedEnvelope, validationErrorBody } from './envelope.ts';
import { PASSWORD_MAX_LENGTH } from './password.ts';
import { passwordSchema } from './password-schema.ts';
import { permissionsSchema } from './permissions-schema.ts';

/**
 * Why a login or login check failed (core.md §8). Unknown email and wrong password share
 * `invalid_credentials` so the answer never reveals whether an account exists.
 */
export const loginFailureReasons = [
  'devauth_failed',
  'locked',
  'ip_restricted',
  'system_locked',
  'invalid_credentials',
] as const;
export const loginFailureReason = z.enum(loginFailureReasons);
export type LoginFailureReason = z.infer<typeof loginFailureReason>;

/** An app key is an opaque token kept by one browser; 64 hex characters when issued here. */
export const appKeySchema = z.string().min(1).max(200);

export const userInfoSchema = z
  .object({
    b_user_id: z.number().int(),
    email: z.string(),
    user_name: z.string(),
    customer_code: z.string(),
    customer_name: z.string(),
    permissions: permissionsSchema,
    hasChildUser: z.boolean(),
    isChild: z.boolean(),
    parentUserId: z.number().int().nullable(),
    devauthEnabled: z.boolean(),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginBody = z.object({
  email: z.email({ message: 'must be an email address' }).max(254),
  password: z.string().min(1, { message: 'is required' }).max(PASSWORD_MAX_LENGTH),
  appKey: appKeySchema.nullish(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginFailed = failedEnvelope(loginFailureReason).meta({ id: 'LoginFailed' });
export type LoginFailed = z.infer<typeof loginFailed>;

export const loginCall = defineCall({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Log in with email and password (and this browser’s app key when device authentication is on)',
  source: 'core.md §7',
  tags: ['auth'],
  access: 'public',
  body: loginBody,
  responses: {
    200: z.object({ result: z.literal('success'), data: userInfoSchema }),
    400: validationErrorBody,
    401: loginFailed,
    429: errorBody,
  },
});

export const logoutCall = defineCall({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'End this session',
  source: 'core.md §7',
  tags: ['auth'],
  access: 'public',
  responses: { 200: dataEnvelope(z.object({ loggedOut: z.literal(true) })) },
});

export const checkLoginBody = z.object({ appKey: appKeySchema.nullish() });

export const checkLoginCall = defineCall({
  method: 'POST',
  path: '/api/auth/checklogin',
  summary: 'Check that this session may still be used; a failure ends the session',
  source: 'core.md §7',
  tags: ['auth'],
  access: 'session',
  body: checkLoginBody,
  responses: {
    200: z.union([z.object({ result: z.literal('success'), data: userInfoSchema }), loginFailed]),
    400: validationErrorBody,
    401: errorBody,
  },
});

export const meCall = defineCall({
  method: 'GET',
  path: '/api/auth/me',
  summary: 'The logged-in user’s info and rights',
  source: 'core.md §7',
  tags: ['auth'],
  access: 'session',
  responses: { 200: dataEnvelope(userInfoSchema), 401: errorBody },
});

export const appKeySummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'AppKey' });
export type AppKeySummary = z.infer<typeof appKeySummarySchema>;

export const appKeyListCall = defineCall({
  method: 'GET',
  path: '/api/auth/appkey',
  summary: 'Whether device authentication is on, and the browsers registered for it',
  source: 'core.md §7 (shapes ours)',
  tags: ['auth'],
  access: 'session',
  responses: {
    200: dataEnvelope(z.object({ enabled: z.boolean(), keys: z.array(appKeySummarySchema) })),
    401: errorBody,
  },
});

export const appKeyCreateBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(100, { message: 'must be at most 100 characters' }),
});

export const appKeyCreateCall = defineCall({
  method: 'POST',
  path: '/api/auth/appkey',
  summary: 'Register a browser for device authentication; the key is shown only in this answer',
  source: 'core.md §7 (shapes ours)',
  tags: ['auth'],
  access: 'session',
  body: appKeyCreateBody,
  responses: {
    200: dataEnvelope(appKeySummarySchema.extend({ appKey: z.string() })),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
  },
});

export const appKeyDeleteBody = z.object({ id: z.number().int().positive() });

export const appKeyDeleteCall = defineCall({
  method: 'DELETE',
  path: '/api/auth/appkey',
  summary: 'Revoke one registered browser',
  source: 'core.md §7 (shapes ours)',
  tags: ['auth'],
  access: 'session',
  body: appKeyDeleteBody,
  responses: {
    200: dataEnvelope(z.object({ id: z.number().int() })),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const passwordUpdateBody = z.object({
  currentPassword: z.string().min(1, { message: 'is required' }).max(PASSWORD_MAX_LENGTH),
  password: passwordSchema,
});

export const passwordUpdateCall = defineCall({
  method: 'PUT',
  path: '/api/auth/password',
  summary: 'Change the password (needs modPassword); ends every other session of the user',
  source: 'core.md §7 (path from issue 2)',
  tags: ['auth'],
  access: 'session',
  body: passwordUpdateBody,
  responses: {
    200: dataEnvelope(z.object({ updated: z.literal(true) })),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    /** Too many wrong current passwords (the account's failed-login lock), or too many tries per minute. */
    429: errorBody,
  },
});

export const deviceAuthSetBody = z.object({
  enabled: z.boolean(),
  /** This browser's key: switching on needs it, so nobody locks themselves out of the browser they use. */
  appKey: appKeySchema.nullish(),
});

export const deviceAuthSetCall = defineCall({
  method: 'PUT',
  path: '/api/auth/devauth',
  summary: 'Switch device authentication on or off (needs modDevauth; on needs this browser registered)',
  source: 'core.md §4, §6 (path ours: the spec shows no call for the switch)',
  tags: ['auth'],
  access: 'session',
  body: deviceAuthSetBody,
  responses: {
    200: dataEnvelope(z.object({ enabled: z.boolean() })),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
  },
});
