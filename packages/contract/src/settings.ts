// Start-up settings the web app loads before anything else (core.md §1, §7; advanced.md §3).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { dataEnvelope } from './envelope.ts';
import { environmentModes, experimentalFeatures } from './environment.ts';

export const environmentModeSchema = z.enum(environmentModes);
export const experimentalFeatureSchema = z.enum(experimentalFeatures);

export const envSettingsSchema = z
  .object({
    environmentMode: environmentModeSchema,
    experimentalFeatures: z.array(experimentalFeatureSchema),
    gaTrackingId: z.string().nullable(),
    googleMapsApiKey: z.string().nullable(),
    adminSystemUrl: z.string().nullable(),
    partnerSiteUrl: z.string().nullable(),
    contactUrl: z.string(),
    mapTileUrl: z.string(),
    mapAttribution: z.string(),
    version: z.string(),
  })
  .meta({ id: 'EnvSettings' });
export type EnvSettings = z.infer<typeof envSettingsSchema>;

export const envSettingsCall = defineCall({
  method: 'GET',
  path: '/api/settings/env',
  summary: 'Environment mode, experimental features and what the web app needs at start-up',
  source: 'core.md §7',
  tags: ['settings'],
  access: 'public',
  responses: { 200: dataEnvelope(envSettingsSchema) },
});
