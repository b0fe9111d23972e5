// HTTP for camera tags: list, add, rename, delete and assign (api/cameratags).
import {
  tagAssignCall,
  tagCreateCall,
  tagDeleteCall,
  tagListCall,
  tagUpdateCall,
} from '@camwatch/contract/tags';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { TagService } from './tag.service.ts';

export function registerTagRoutes(ctx: ServeContext, tags: TagService): void {
  serve(ctx, tagListCall, async ({ auth }) => ({ data: { tags: await tags.list(auth) } }));
  serve(ctx, tagCreateCall, async ({ auth, body }) => ({ data: await tags.create(auth, body.tag_name) }));
  serve(ctx, tagUpdateCall, async ({ auth, params, body }) => ({
    data: await tags.rename(auth, params.tag_code, body.tag_name),
  }));
  serve(ctx, tagDeleteCall, async ({ auth, params }) => {
    await tags.delete(auth, params.tag_code);
    return { data: { tag_code: params.tag_code } };
  });
  serve(ctx, tagAssignCall, async ({ auth, body }) => ({ data: { tags: await tags.assign(auth, body) } }));
}
