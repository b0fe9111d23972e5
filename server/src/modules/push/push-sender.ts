// Sends one Web Push message (RFC 8030) to one subscription: web-push encrypts the payload for the
// browser's key (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292); the request itself goes out
// through fetch (keep-alive connections, a time limit, and plain http for a local receiver in tests).
import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushTarget {
  endpoint: string;
  public_key: string;
  auth_secret: string;
  content_encoding: string;
}

export type SendOutcome =
  | { kind: 'sent'; status: number }
  /** 404/410: the subscription no longer exists at the push service. */
  | { kind: 'gone'; status: number }
  | { kind: 'failed'; status: number | null; error: string };

export interface PushSenderOptions {
  subject: string;
  /** How long the push service keeps an undelivered message. */
  ttlSeconds?: number;
  timeoutMs?: number;
}

export class PushSender {
  private readonly ttlSeconds: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly keys: VapidKeys,
    private readonly options: PushSenderOptions,
  ) {
    this.ttlSeconds = options.ttlSeconds ?? 24 * 3600;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async send(
    target: PushTarget,
    payload: string,
    urgency: 'normal' | 'high' = 'normal',
  ): Promise<SendOutcome> {
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.public_key, auth: target.auth_secret } },
        payload,
        {
          vapidDetails: { subject: this.options.subject, ...this.keys },
          TTL: this.ttlSeconds,
          urgency,
          contentEncoding: target.content_encoding as webpush.ContentEncoding,
        },
      );
    } catch (error) {
      // A key the browser never made (the subscribe call checks keys, so only an old row gets here).
      return { kind: 'failed', status: null, error: (error as Error).message };
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    try {
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        // A copy typed for both Node's and the DOM's fetch (the e2e workspace checks this file with DOM types).
        body: request.body ? Uint8Array.from(request.body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'manual',
      });
      const detail = await response.text().catch(() => '');
      if (response.status >= 200 && response.status < 300) return { kind: 'sent', status: response.status };
      if (response.status === 404 || response.status === 410)
        return { kind: 'gone', status: response.status };
      return {
        kind: 'failed',
        status: response.status,
        error: `HTTP ${response.status} ${detail.slice(0, 200)}`,
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return {
        kind: 'failed',
        status: null,
        error: `${(error as Error).message}${cause ? ` (${cause})` : ''}`,
      };
    }
  }
}
