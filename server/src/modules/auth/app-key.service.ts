// Registering and revoking browsers for device authentication (core.md §4, §6).
import type { AppKeySummary } from '@camwatch/contract/auth';
import type { AuthContext } from '../../http/auth-context.ts';
import { FieldErrors, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { UserRepository } from '../users/user.repository.ts';
import type { AppKeyRepository } from './app-key.repository.ts';

const toSummary = (row: {
  id: number;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}): AppKeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

export class AppKeyService {
  constructor(
    private readonly appKeys: AppKeyRepository,
    private readonly users: UserRepository,
  ) {}

  async list(auth: AuthContext): Promise<{ enabled: boolean; keys: AppKeySummary[] }> {
    const rows = await this.appKeys.listActive(auth.user.id);
    return { enabled: auth.user.devauthEnabled, keys: rows.map(toSummary) };
  }

  /** Issues a key for a browser. Only its hash is kept, so this is the one time it can be read. */
  async register(auth: AuthContext, name: string): Promise<AppKeySummary & { appKey: string }> {
    if (!auth.user.permissions.modDevauth) throw new ForbiddenError();
    const appKey = newToken();
    const row = await this.appKeys.create(auth.user.id, hashToken(appKey), name);
    return { ...toSummary(row), appKey };
  }

  /**
   * Switches device authentication on or off. Switching on needs this browser's key to be registered to the
   * user: otherwise the next login check would shut the user out of the very browser they are using.
   */
  async setEnabled(auth: AuthContext, enabled: boolean, appKey: string | null | undefined): Promise<boolean> {
    if (!auth.user.permissions.modDevauth) throw new ForbiddenError();
    if (enabled && (!appKey || !(await this.appKeys.useKey(auth.user.id, hashToken(appKey))))) {
      throw FieldErrors.of('appKey', 'register this browser before switching device authentication on');
    }
    await this.users.setDeviceAuthentication(auth.user.customerId, auth.user.id, enabled);
    return enabled;
  }

  async revoke(auth: AuthContext, keyId: number): Promise<void> {
    if (!auth.user.permissions.modDevauth) throw new ForbiddenError();
    if (!(await this.appKeys.revoke(auth.user.id, keyId))) throw new NotFoundError('app key');
  }
}
