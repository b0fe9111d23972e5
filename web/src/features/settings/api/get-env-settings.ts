// GET api/settings/env: loaded once before the app shows (core.md §1).
import { envSettingsCall, type EnvSettings } from '@camwatch/contract/settings';
import { callApi } from '../../../lib/api-client.ts';

export async function getEnvSettings(): Promise<EnvSettings> {
  return (await callApi(envSettingsCall)).data;
}
