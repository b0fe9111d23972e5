// A local stand-in for a browser's push service (house plan: a real local server that speaks the protocol).
// Each browser is a real P-256 key pair and auth secret, as PushManager.subscribe makes them; the receiver
// checks the VAPID signature (RFC 8292) and decrypts the aes128gcm body (RFC 8291 with RFC 8188 records)
// with node:crypto alone, so a test reads exactly what the service worker would.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestBrowser {
  /** The body of POST api/notifications/subscription. */
  subscription: {
    endpoint: string;
    publicKey: string;
    authSecret: string;
    contentEncoding: string;
    expires: null;
  };
  /** Decrypts a push body sent to this browser. */
  decrypt: (body: Buffer) => Buffer;
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  receivedAt: number;
  /** The VAPID public key that signed the request (checked), base64url. */
  vapidKey: string;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188 §2: one record, the last, ending in the 0x02 delimiter and zero padding. */
export function decryptAes128gcm(
  body: Buffer,
  uaPrivate: Buffer,
  uaPublic: Buffer,
  authSecret: Buffer,
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('last record without its 0x02 delimiter');
  return padded.subarray(0, end);
}

/** A browser's subscription keys pointing at endpoint. */
export function testBrowser(endpoint: string): TestBrowser {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint,
      publicKey: publicKey.toString('base64url'),
      authSecret: authSecret.toString('base64url'),
      contentEncoding: 'aes128gcm',
      expires: null,
    },
    decrypt: (body) => decryptAes128gcm(body, ecdh.getPrivateKey(), publicKey, authSecret),
  };
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292 §3): ES256 by k, audience = our origin. */
function checkVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
  };
  if (aud !== origin) throw new Error(`VAPID audience ${aud}, expected ${origin}`);
  if (exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return key;
}

export interface PushReceiver {
  origin: string;
  /** An endpoint on this receiver; `answer` is the status it replies with (201, or 410 for gone, …). */
  endpoint: (name: string, answer?: number) => string;
  /** Changes the answer of an endpoint already handed out. */
  answer: (name: string, status: number) => void;
  received: ReceivedPush[];
  /** Resolves once `count` pushes have arrived at endpoints whose path starts with prefix. */
  waitFor: (count: number, prefix?: string, timeoutMs?: number) => Promise<ReceivedPush[]>;
  /** Requests refused because their VAPID header did not verify. */
  rejected: string[];
  close: () => Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      let vapidKey: string;
      try {
        vapidKey = checkVapid(req.headers.authorization, origin);
      } catch (error) {
        rejected.push((error as Error).message);
        res.writeHead(401).end();
        return;
      }
      const status = answers.get(path) ?? 201;
      if (status >= 200 && status < 300)
        received.push({
          path,
          headers: req.headers,
          body: Buffer.concat(chunks),
          receivedAt: Date.now(),
          vapidKey,
        });
      res.writeHead(status).end();
      for (const wake of [...waiters]) wake();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (name, answer = 201) => {
      answers.set(`/push/${name}`, answer);
      return `${origin}/push/${name}`;
    },
    answer: (name, status) => answers.set(`/push/${name}`, status),
    received,
    rejected,
    waitFor: (count, prefix = '/', timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const matching = () => received.filter((r) => r.path.startsWith(prefix));
        const check = () => {
          if (matching().length < count) return;
          cleanup();
          resolve(matching());
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${matching().length} of ${count} pushes arrived`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
