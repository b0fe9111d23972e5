// Start-up settings the web app loads before anything else (core.md §1, §7; advanced.md §3).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { dataEnvelope } from './envelope.ts';

export const environmentModes = ['normal', 'L21', 'TLT:3'] as const;
export const environmentModeSchema = z.enum(environmentModes);
export type EnvironmentMode = z.infer<typeof environmentModeSchema>;

/** The only experimental feature (advanced.md §1). */
export const experimentalFeatures = ['lighting'] as const;
export const experimentalFeatureSchema = z.enum(experimentalFeatures);
export type ExperimentalFeature = z.infer<typeof experimentalFeatureSchema>;

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

/** TLT modes unlock entry detection, person tracking and operation analysis (core.md §1). */
export const isTltMode = (mode: EnvironmentMode): boolean => mode.startsWith('TLT');

/**
 * Releases in the side navigation and the Announcement notification tab appear "for certain environment
 * modes" (core.md §2, §9; advanced.md §1), which the spec does not name. L21 is the reduced time-lapse
 * product line without live functions, so we leave them out there and show them in the others.
 */
export const modeShowsReleases = (mode: EnvironmentMode): boolean => mode !== 'L21';
export const modeShowsAnnouncements = (mode: EnvironmentMode): boolean => mode !== 'L21';
