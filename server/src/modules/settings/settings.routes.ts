// HTTP for start-up settings.
import { envSettingsCall } from '@camwatch/contract/settings';
import type { Config } from '../../config.ts';
import { serve, type ServeContext } from '../../http/serve.ts';
import { envSettings } from './settings.service.ts';

export function registerSettingsRoutes(ctx: ServeContext, config: Config): void {
  const settings = envSettings(config);
  serve(ctx, envSettingsCall, async () => ({ data: settings }));
}
