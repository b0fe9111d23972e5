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
  serve(ctx, childUserUpdateCall, async ({ auth, params, body, record }) => {
    const child = await childUsers.update(auth, params.userId, body);
    await record({
      kind: 'child_user_changed',
      target: child.email,
      detail: { user_id: child.userId, ...body },
    });
    return { data: child };
  });
  serve(ctx, childUserAppKeyDeleteCall, async ({ auth, params, record }) => {
    const child = await childUsers.clearAppKeys(auth, params.userId);
    await record({ kind: 'child_appkeys_cleared', target: child.email, detail: { user_id: child.userId } });
    return { data: child };
  });
}
