// HTTP for release information.
import { releaseListCall } from '@camwatch/contract/releases';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { ReleaseService } from './release.service.ts';

export function registerReleaseRoutes(ctx: ServeContext, releases: ReleaseService): void {
  serve(ctx, releaseListCall, async () => ({ data: { releases: await releases.list() } }));
}
