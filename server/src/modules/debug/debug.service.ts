// The debug screen (core.md §2, §6: the `debug` right): the service's environment, the customer's mail in
// the outbox and the client errors its users' browsers reported. Reporting a client error needs only a
// session; reading any of it needs the debug right (403 otherwise).
import { readFileSync } from 'node:fs';
import { CLIENT_ERRORS_KEPT } from '@camwatch/contract/client-errors';
import {
  DEBUG_LIST_LIMIT,
  type ClientError,
  type ClientErrorBody,
  type DebugEnvironment,
  type OutboxMail,
} from '@camwatch/contract/debug';
import type { AuthContext } from '../../http/auth-context.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import type { DebugRepository } from './debug.repository.ts';
import { describeSettings, type DebugConfig } from './debug-settings.ts';

/** The server's version from its package.json, read once. */
const SERVER_VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const STARTED_AT = new Date(Date.now() - process.uptime() * 1000);

export class DebugService {
  constructor(
    private readonly repo: DebugRepository,
    private readonly config: DebugConfig,
  ) {}

  private requireDebug(auth: AuthContext): void {
    if (!auth.user.permissions.debug) throw new ForbiddenError();
  }

  async report(auth: AuthContext, body: Required<ClientErrorBody>): Promise<void> {
    await this.repo.insertClientError(
      {
        customerId: auth.user.customerId,
        userId: auth.user.id,
        message: body.message,
        stack: body.stack,
        page: body.page,
        userAgent: body.userAgent,
      },
      CLIENT_ERRORS_KEPT,
    );
  }

  async environment(auth: AuthContext): Promise<DebugEnvironment> {
    this.requireDebug(auth);
    const jobs = await this.repo.jobCounts();
    return {
      version: SERVER_VERSION,
      nodeVersion: process.version,
      startedAt: STARTED_AT.toISOString(),
      database: this.config.database.kind,
      blobStore: this.config.blobs.kind,
      settings: describeSettings(this.config),
      jobs: jobs.map((j) => ({
        kind: j.kind,
        queued: Number(j.queued),
        running: Number(j.running),
        failed: Number(j.failed),
      })),
    };
  }

  /** Mail bodies only for mail to the caller: others' mail may carry links meant for them alone. */
  async mailOutbox(auth: AuthContext): Promise<OutboxMail[]> {
    this.requireDebug(auth);
    const own = auth.user.email.toLowerCase();
    const rows = await this.repo.mailOutbox(auth.user.customerId, DEBUG_LIST_LIMIT);
    return rows.map((m) => ({
      id: m.id,
      recipient: m.recipient,
      subject: m.subject,
      body: m.recipient.toLowerCase() === own ? m.body : null,
      status: m.status,
      error: m.error,
      createdAt: m.created_at.toISOString(),
      sentAt: m.sent_at ? m.sent_at.toISOString() : null,
    }));
  }

  async clientErrors(auth: AuthContext): Promise<ClientError[]> {
    this.requireDebug(auth);
    const rows = await this.repo.clientErrors(auth.user.customerId, DEBUG_LIST_LIMIT);
    return rows.map((e) => ({
      id: e.id,
      message: e.message,
      stack: e.stack,
      page: e.page,
      userAgent: e.user_agent,
      userEmail: e.user_email,
      createdAt: e.created_at.toISOString(),
    }));
  }
}
