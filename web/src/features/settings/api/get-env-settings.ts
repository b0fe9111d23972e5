// GET api/settings/env: loaded once before the app shows (core.md §1).
import { routes } from '@camwatch/contract/routes';
import type { envSettingsCall, EnvSettings } from '@camwatch/contract/settings';
import { callApi } from '../../../lib/api-client.ts';

export async function getEnvSettings(): Promise<EnvSettings> {
  return (await callApi<typeof envSettingsCall>(routes.envSettings)).data;
}
