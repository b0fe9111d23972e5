// Release information shown on the releases page (advanced.md §1, §3).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { dataEnvelope, errorBody } from './envelope.ts';

export const releaseSchema = z
  .object({ version: z.string(), date: z.iso.date(), message: z.string() })
  .meta({ id: 'Release' });
export type Release = z.infer<typeof releaseSchema>;

export const releaseListCall = defineCall({
  method: 'GET',
  path: '/api/releases',
  summary: 'Release notes, newest first',
  source: 'advanced.md §1, §3 (path from the issue)',
  tags: ['releases'],
  access: 'session',
  responses: { 200: dataEnvelope(z.object({ releases: z.array(releaseSchema) })), 401: errorBody },
});
