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
  serve(ctx, tagCreateCall, async ({ auth, body, record }) => {
    const tag = await tags.create(auth, body.tag_name);
    await record({ kind: 'tag_created', target: tag.tag_name, detail: { tag_code: tag.tag_code } });
    return { data: tag };
  });
  serve(ctx, tagUpdateCall, async ({ auth, params, body, record }) => {
    const before = (await tags.list(auth)).find((tag) => tag.tag_code === params.tag_code);
    const tag = await tags.rename(auth, params.tag_code, body.tag_name);
    await record({
      kind: 'tag_renamed',
      target: tag.tag_name,
      detail: { tag_code: tag.tag_code, from: before?.tag_name ?? null },
    });
    return { data: tag };
  });
  serve(ctx, tagDeleteCall, async ({ auth, params, record }) => {
    const before = (await tags.list(auth)).find((tag) => tag.tag_code === params.tag_code);
    await tags.delete(auth, params.tag_code);
    await record({
      kind: 'tag_deleted',
      target: before?.tag_name ?? params.tag_code,
      detail: { tag_code: params.tag_code },
    });
    return { data: { tag_code: params.tag_code } };
  });
  serve(ctx, tagAssignCall, async ({ auth, body, record }) => {
    const assigned = await tags.assign(auth, body);
    const nameOf = new Map(assigned.map((tag) => [tag.tag_code, tag.tag_name]));
    const names = (codes: readonly string[]) => codes.map((code) => nameOf.get(code) ?? code);
    await record({
      kind: 'tags_assigned',
      detail: {
        cameras: [...body.camera_code],
        set: names(body.set_tag_code),
        unset: names(body.unset_tag_code),
      },
    });
    return { data: { tags: assigned } };
  });
}
