// Who is calling: set on every request by the session check before a handler runs.
import type { FastifyRequest } from 'fastify';
import type { UserInfo } from '@camwatch/contract/auth';
import type { Permissions } from '@camwatch/contract/permissions';

export interface AuthUser {
  id: number;
  customerId: number;
  parentUserId: number | null;
  email: string;
  name: string;
  permissions: Permissions;
  devauthEnabled: boolean;
}

export interface AuthContext {
  sessionId: number;
  user: AuthUser;
  /**
   * The customer's camera-list version as of this request (customers.browse_version, read with the
   * session): equal versions mean the camera list's data has not changed in between.
   */
  customerBrowseVersion: number;
  /** The user info as of this request, read together with the session. */
  info: UserInfo;
}

/** Resolves the caller's session; `null` when there is none or it is no longer valid. */
export type SessionResolver = (request: FastifyRequest) => Promise<AuthContext | null>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
