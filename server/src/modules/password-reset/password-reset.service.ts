// Password reissue by mail (core.md §5, §7, §8): a single-use link valid for one hour. The answer never
// reveals whether the address belongs to an account.
import { FieldErrors } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import type { UserRepository } from '../users/user.repository.ts';
import type { PasswordResetRepository } from './password-reset.repository.ts';

export const RESET_LINK_VALID_MS = 60 * 60 * 1000;
export const RESET_PATH = '/password_reissue';

export class PasswordResetService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      sessions: SessionRepository;
      tokens: PasswordResetRepository;
      mailer: Mailer;
    },
  ) {}

  /**
   * Mails a reset link if the address has an account that is not locked. `returnUrl` must be the reissue
   * page on one of `linkOrigins` (the configured addresses, see reset-link-origins.ts), so a link can never
   * point elsewhere, whatever Host the request named.
   * The mail is sent after the answer, so the time taken does not tell whether the account exists.
   */
  async request(
    email: string,
    returnUrl: string,
    linkOrigins: ReadonlySet<string>,
  ): Promise<{ mailing: Promise<void> }> {
    const url = new URL(returnUrl);
    if (!linkOrigins.has(url.origin) || url.pathname !== RESET_PATH) {
      throw FieldErrors.of('return_url', `must be this site's ${RESET_PATH} page`);
    }
    const user = await this.deps.users.findByEmail(email);
    if (!user || user.lock_state !== 'none') return { mailing: Promise.resolve() };
    const token = newToken();
    await this.deps.tokens.issue(user.id, hashToken(token), RESET_LINK_VALID_MS);
    const link = `${url.origin}${RESET_PATH}?token=${token}`;
    return {
      mailing: this.deps.mailer.send({
        to: user.email,
        customerId: user.customer_id,
        subject: 'パスワード再設定のご案内 / Resetting your password',
        text: [
          `${user.name} 様`,
          '',
          'パスワード再設定のご依頼を受け付けました。1時間以内に次のURLを開き、新しいパスワードを設定してください。',
          link,
          'お心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。',
          '',
          '---',
          'We received a request to reset your password. Open this link within one hour to set a new one:',
          link,
          'If you did not ask for this, ignore this mail; your password stays as it is.',
        ].join('\n'),
      }),
    };
  }

  /** Sets the new password, lifts a failed-login lock and ends every session of the user; answers whose. */
  async reset(token: string, password: string): Promise<{ userId: number }> {
    const userId = await this.deps.tokens.consume(hashToken(token));
    if (userId === undefined) throw FieldErrors.of('token', 'is invalid, already used or expired');
    await this.deps.users.setPassword(userId, await hashPassword(password));
    await this.deps.sessions.revokeAllForUser(userId);
    return { userId };
  }
}
