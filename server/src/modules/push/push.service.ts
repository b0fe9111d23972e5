// Web push subscriptions (core.md §3, §4, §7, §9): the VAPID key to subscribe with, saving this browser's
// subscription for the caller (valid PUSH_SUBSCRIPTION_EXPIRY_MS; the browser renews it every
// PUSH_SUBSCRIPTION_UPDATE_MS) and removing it (before logout). Delivery is push-delivery.ts.
import { PUSH_SUBSCRIPTION_EXPIRY_MS } from '@camwatch/contract/constants';
import type { AuthContext } from '../../http/auth-context.ts';
import { FieldErrors, NotFoundError } from '../../lib/errors.ts';
import { endpointProblem } from './push-endpoint.ts';
import type { PushLanguage } from './push-messages.ts';
import type { PushRepository } from './push.repository.ts';

/** The encodings web-push can encrypt for; browsers today all offer aes128gcm. */
const contentEncodings = ['aes128gcm', 'aesgcm'] as const;

const base64urlBytes = (value: string): number | null =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url').length : null;

/** The subscription payload of core.md §3, as the contract's schema outputs it. */
export interface SubscriptionBody {
  endpoint: string;
  publicKey: string;
  authSecret: string;
  contentEncoding: string;
  /** The push service's own expiry (epoch ms), or null. */
  expires: number | null;
}

export interface PushServiceOptions {
  vapidPublicKey: string;
  allowPrivateEndpoints: boolean;
  now?: () => number;
}

export class PushService {
  private readonly now: () => number;

  constructor(
    private readonly push: PushRepository,
    private readonly options: PushServiceOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  get vapidPublicKey(): string {
    return this.options.vapidPublicKey;
  }

  async subscribe(
    auth: AuthContext,
    body: SubscriptionBody,
    language: PushLanguage,
  ): Promise<{ endpoint: string; expiresAt: Date }> {
    const errors: Record<string, string[]> = {};
    const endpointError = endpointProblem(body.endpoint, this.options.allowPrivateEndpoints);
    if (endpointError) errors.endpoint = [endpointError];
    // The browser's P-256 key as an uncompressed point, and its 16-byte auth secret (RFC 8291 §3).
    if (base64urlBytes(body.publicKey) !== 65 || !body.publicKey.startsWith('B'))
      errors.publicKey = ['must be the base64url P-256 public key of the subscription (65 bytes)'];
    if (base64urlBytes(body.authSecret) !== 16)
      errors.authSecret = ['must be the base64url 16-byte auth secret of the subscription'];
    if (!(contentEncodings as readonly string[]).includes(body.contentEncoding))
      errors.contentEncoding = [`must be one of: ${contentEncodings.join(', ')}`];
    const now = this.now();
    if (body.expires !== null && body.expires <= now)
      errors.expires = ['the subscription has already expired'];
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors);

    // Live until the browser's next renewal is overdue, and never past the push service's own expiry.
    const expiresAt = new Date(Math.min(now + PUSH_SUBSCRIPTION_EXPIRY_MS, body.expires ?? Infinity));
    await this.push.upsert({
      customerId: auth.user.customerId,
      userId: auth.user.id,
      endpoint: body.endpoint,
      publicKey: body.publicKey,
      authSecret: body.authSecret,
      contentEncoding: body.contentEncoding,
      language,
      expiresAt,
    });
    return { endpoint: body.endpoint, expiresAt };
  }

  /** Only the caller's own subscription; another user's endpoint answers 404 like an unknown one. */
  async unsubscribe(auth: AuthContext, endpoint: string): Promise<{ endpoint: string }> {
    const deleted = await this.push.deleteOwn(auth.user.customerId, auth.user.id, endpoint);
    if (!deleted) throw new NotFoundError('subscription');
    return { endpoint };
  }
}
