// HTTP for a parent's child users.
import {
  childUserAppKeyDeleteCall,
  childUserListCall,
  childUserUpdateCall,
} from '@camwatch/contract/child-users';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { ChildUserService } from './child-user.service.ts';

export function registerChildUserRoutes(ctx: ServeContext, childUsers: ChildUserService): void {
  serve(ctx, childUserListCall, async ({ auth }) => ({
    data: { childUsers: await childUsers.list(auth) },
  }));
  serve(ctx, childUserUpdateCall, async ({ auth, params, body }) => ({
    data: await childUsers.update(auth, params.userId, body),
  }));
  serve(ctx, childUserAppKeyDeleteCall, async ({ auth, params }) => ({
    data: await childUsers.clearAppKeys(auth, params.userId),
  }));
}
