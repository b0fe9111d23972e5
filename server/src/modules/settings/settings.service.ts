// What the web app needs before anything else: environment mode, experimental features, tracking, map, links.
import type { EnvSettings } from '@camwatch/contract/settings';
import { APP_VERSION } from '@camwatch/contract/constants';
import type { Config } from '../../config.ts';

export function envSettings(config: Config): EnvSettings {
  return {
    environmentMode: config.environmentMode,
    experimentalFeatures: config.experimentalFeatures,
    gaTrackingId: config.gaTrackingId,
    googleMapsApiKey: config.googleMapsApiKey,
    adminSystemUrl: config.adminSystemUrl,
    partnerSiteUrl: config.partnerSiteUrl,
    contactUrl: config.contactUrl,
    mapTileUrl: config.mapTileUrl,
    mapAttribution: config.mapAttribution,
    version: APP_VERSION,
  };
}
