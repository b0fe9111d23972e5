// Camera tags: list, add, rename, delete, and assigning tags to cameras (core.md §2, §3, §7, §8).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema, tagCodeSchema } from './cameras.ts';
import { TAG_NAME_MAX_LENGTH } from './constants.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';

export const tagSchema = z
  .object({
    tag_code: z.string(),
    tag_name: z.string(),
    /** Codes of the user's cameras carrying the tag. */
    cameras: z.array(z.string()),
  })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof tagSchema>;

const tagListData = z.object({ tags: z.array(tagSchema) });

/** A tag name; errors come back under `errors.tag_name`, whose first message the client shows. */
export const tagNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'is required' })
  .max(TAG_NAME_MAX_LENGTH, { message: `must be at most ${TAG_NAME_MAX_LENGTH} characters` });

export const tagBody = z.object({ tag_name: tagNameSchema });
export type TagBody = z.input<typeof tagBody>;

export const tagCodeParams = z.object({ tag_code: tagCodeSchema });

export const tagListCall = defineCall({
  method: 'GET',
  path: '/api/cameratags',
  summary: 'The user’s tags with the cameras carrying each',
  source: 'core.md §7',
  tags: ['tags'],
  access: 'session',
  responses: { 200: dataEnvelope(tagListData), 401: errorBody },
});

export const tagCreateCall = defineCall({
  method: 'POST',
  path: '/api/cameratags',
  summary: 'Add a tag; a name already in use is a validation error on tag_name',
  source: 'core.md §7',
  tags: ['tags'],
  access: 'session',
  body: tagBody,
  responses: { 200: dataEnvelope(tagSchema), 400: validationErrorBody, 401: errorBody },
});

export const tagUpdateCall = defineCall({
  method: 'PUT',
  path: '/api/cameratags/:tag_code',
  summary: 'Rename a tag',
  source: 'core.md §7',
  tags: ['tags'],
  access: 'session',
  params: tagCodeParams,
  body: tagBody,
  responses: { 200: dataEnvelope(tagSchema), 400: validationErrorBody, 401: errorBody, 404: errorBody },
});

export const tagDeleteCall = defineCall({
  method: 'DELETE',
  path: '/api/cameratags/:tag_code',
  summary: 'Delete a tag (the client asks for confirmation first)',
  source: 'core.md §7',
  tags: ['tags'],
  access: 'session',
  params: tagCodeParams,
  responses: {
    200: dataEnvelope(z.object({ tag_code: z.string() })),
    400: validationErrorBody,
    401: errorBody,
    404: errorBody,
  },
});

export const tagAssignBody = z
  .object({
    camera_code: z.array(cameraCodeSchema).min(1, { message: 'choose at least one camera' }).max(1000),
    set_tag_code: z.array(tagCodeSchema).max(1000).default([]),
    unset_tag_code: z.array(tagCodeSchema).max(1000).default([]),
  })
  .refine((body) => !body.set_tag_code.some((code) => body.unset_tag_code.includes(code)), {
    message: 'a tag cannot be both set and unset',
    path: ['unset_tag_code'],
  });
export type TagAssignBody = z.input<typeof tagAssignBody>;

export const tagAssignCall = defineCall({
  method: 'POST',
  path: '/api/cameratags/assign',
  summary: 'Set and unset tags on several cameras at once; answers the updated tag list',
  source: 'core.md §7 (path from the issue)',
  tags: ['tags'],
  access: 'session',
  body: tagAssignBody,
  responses: { 200: dataEnvelope(tagListData), 400: validationErrorBody, 401: errorBody, 404: errorBody },
});
