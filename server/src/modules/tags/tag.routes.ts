// HTTP for camera tags.
import { tagListCall } from '@camwatch/contract/tags';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { TagService } from './tag.service.ts';

export function registerTagRoutes(ctx: ServeContext, tags: TagService): void {
  serve(ctx, tagListCall, async ({ auth }) => ({ data: { tags: await tags.list(auth) } }));
}
