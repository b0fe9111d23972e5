// Environment variables -> typed configuration, validated once at start with a clear message per bad value.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { experimentalFeatures } from '@camwatch/contract/environment';
import { environmentModeSchema } from '@camwatch/contract/settings';
import { logFormats } from './lib/logger.ts';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (value: string) => {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * How far X-Forwarded-For/-Proto/-Host are believed: not at all, a number of proxy hops in front of the
 * server, or the proxies' addresses. Never "every hop": a client would choose its own address then.
 */
const trustProxySetting = z
  .string()
  .trim()
  .default('0')
  .transform((v, ctx): false | number | string[] => {
    if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
    if (/^\d+$/.test(v)) return Number(v);
    if (['true', 'yes', 'on'].includes(v)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'trusting every hop lets any client choose its address; give the number of proxies in front (1 for one reverse proxy) or their addresses',
      });
      return z.NEVER;
    }
    const proxies = v.split(',').map((s) => s.trim());
    if (proxies.every((p) => PROXY_NAMES.has(p) || isProxyAddress(p))) return proxies;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be 0, a hop count such as 1, or a comma list of proxy addresses or CIDRs (10.0.0.2,10.1.0.0/16)',
    });
    return z.NEVER;
  });

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .default(null);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Unset: loopback on the embedded database (a local demo), every interface on PostgreSQL (a deployment). */
  HOST: z.string().trim().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null)
    .refine((v) => v === null || /^postgres(ql)?:\/\//.test(v), {
      message: 'must start with postgres:// or postgresql:// (leave unset for the embedded database)',
    }),
  ENVIRONMENT_MODE: environmentModeSchema.default('normal'),
  EXPERIMENTAL_FEATURES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.enum(experimentalFeatures, { message: `each must be one of: ${experimentalFeatures.join(', ')}` }),
      ),
    ),
  GA_TRACKING_ID: optionalText,
  GOOGLE_MAPS_API_KEY: optionalText,
  ADMIN_SYSTEM_URL: optionalText.refine((v) => v === null || URL.canParse(v), { message: 'must be a URL' }),
  PARTNER_SITE_URL: optionalText.refine((v) => v === null || URL.canParse(v), { message: 'must be a URL' }),
  CONTACT_URL: z.string().trim().min(1).default('/help#contact'),
  SMTP_URL: optionalText.refine((v) => v === null || /^smtps?:\/\//.test(v), {
    message: 'must start with smtp:// or smtps://',
  }),
  MAIL_FROM: z.string().trim().min(3).default('CamWatch <no-reply@camwatch.invalid>'),
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: readable lines for a terminal; `json`: one JSON object a line, for a log collector. */
  LOG_FORMAT: z.enum(logFormats).default('pretty'),
  /** A request taking at least this long is logged (every request is logged at LOG_LEVEL=debug). */
  SLOW_REQUEST_MS: positiveInt(1000),
  TRUST_PROXY: trustProxySetting,
  PUBLIC_ORIGIN: optionalText.refine((v) => v === null || URL.canParse(v), {
    message: 'must be a URL such as https://cams.example.com',
  }),
  SESSION_IDLE_MINUTES: positiveInt(24 * 60),
  SESSION_MAX_DAYS: positiveInt(30),
  LOGIN_MAX_FAILURES: positiveInt(5),
  LOGIN_LOCK_MINUTES: positiveInt(15),
  LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  PASSWORD_RESET_RATE_LIMIT_PER_MINUTE: positiveInt(5),
  /** Public lookups of shared clip links per client address and minute (their clips: ten times as many). */
  SHARE_LINK_RATE_LIMIT_PER_MINUTE: positiveInt(60),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  /** S3-compatible blob store; unset keeps media under DATA_DIR/blobs. */
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.refine((v) => v === null || URL.canParse(v), { message: 'must be a URL' }),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  /** Secret for signed media addresses; unset: one is created in DATA_DIR and kept. */
  MEDIA_SIGNING_SECRET: optionalText,
  MEDIA_URL_TTL_SECONDS: positiveInt(600),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  /** A camera whose agent is silent this long is down. */
  CAMERA_DOWN_AFTER_SECONDS: positiveInt(120),
  /** Web push (VAPID) keys; unset: a pair is created at first start and kept in the database. */
  VAPID_PUBLIC_KEY: optionalText.refine((v) => v === null || /^[A-Za-z0-9_-]{86,88}$/.test(v), {
    message:
      'must be the base64url P-256 public key (65 bytes), e.g. from `npx web-push generate-vapid-keys`',
  }),
  VAPID_PRIVATE_KEY: optionalText.refine((v) => v === null || /^[A-Za-z0-9_-]{42,44}$/.test(v), {
    message: 'must be the base64url P-256 private key (32 bytes)',
  }),
  /** Contact the push services may use: a mailto: or https: address. */
  VAPID_SUBJECT: optionalText.refine((v) => v === null || /^(mailto:|https:\/\/)/.test(v), {
    message: 'must start with mailto: or https://',
  }),
  /** Accept push endpoints on http or on loopback/private addresses (tests, benchmarks, a LAN push service). */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: booleanFlag.default(false),
  /** How long an answer of GET api/cameras may be served from memory while nothing it shows changed; 0: never. */
  CAMERA_LIST_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** Run one simulated agent per demo camera inside `npm start` (embedded default only unless set). */
  SIMULATED_CAMERAS: booleanFlag.optional(),
  /**
   * The vision engine runs under `nice -n 19` in Linux's idle scheduling class, only on CPU nothing else wants
   * (default); 0 runs it at normal priority (the tests, which share a busy machine, or a node that only analyses).
   */
  VISION_BACKGROUND_PRIORITY: booleanFlag.default(true),
  /** After a motion notification, the same camera notifies the same user again only after this long. */
  MOTION_NOTIFICATION_COOLDOWN_MINUTES: positiveInt(10),
  /** After an entry notification, the same camera notifies the same user of an entry again only after this long. */
  ENTRY_NOTIFICATION_COOLDOWN_MINUTES: positiveInt(10),
  /** Audit events are kept this many days, then deleted by the hourly retention job. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** Redis for the bus between api nodes (commands to agents connected to another node); unset: none. */
  REDIS_URL: optionalText.refine((v) => v === null || /^rediss?:\/\/./.test(v), {
    message: 'must start with redis:// or rediss:// (leave unset for one node)',
  }),
  /**
   * How long a worker's claim on a job holds without its heartbeat (every third of it): a worker that dies mid-job
   * has the job taken up by another after this long.
   */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  /** Names of the cluster's Redis channels and keys start with it: clusters (or tests) sharing one Redis keep apart. */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - (at most 64)')
    .default('camwatch'),
  /** Bearer token GET /metrics asks for on the public port; unset: /metrics is not served there. */
  METRICS_TOKEN: optionalText.refine((v) => v === null || (v.length >= 16 && !/\s/.test(v)), {
    message: 'must be at least 16 characters without spaces (e.g. `openssl rand -hex 24`)',
  }),
  /** An internal port serving GET /metrics without a token (bound to METRICS_HOST); unset: none. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Feedback is also mailed to this operator address when set. */
  FEEDBACK_MAIL_TO: optionalText.refine((v) => v === null || /^[^\s@]+@[^\s@]+$/.test(v), {
    message: 'must be an e-mail address',
  }),
});

export type Config = ReturnType<typeof toConfig>;

/** The bare address of `Name <addr>` (or the text itself). */
const mailAddressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    // `localhost` listens on both loopback addresses (127.0.0.1 and ::1) and nothing else.
    host: env.HOST ?? (env.DATABASE_URL ? '0.0.0.0' : 'localhost'),
    dataDir,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
      : ({ kind: 'embedded', dir: path.join(dataDir, 'db') } as const),
    environmentMode: env.ENVIRONMENT_MODE,
    experimentalFeatures: env.EXPERIMENTAL_FEATURES,
    gaTrackingId: env.GA_TRACKING_ID,
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY,
    adminSystemUrl: env.ADMIN_SYSTEM_URL,
    partnerSiteUrl: env.PARTNER_SITE_URL,
    contactUrl: env.CONTACT_URL,
    mapTileUrl: env.MAP_TILE_URL,
    mapAttribution: env.MAP_ATTRIBUTION,
    /** Undefined: the default (seed an empty embedded database only). */
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    slowRequestMs: env.SLOW_REQUEST_MS,
    trustProxy: env.TRUST_PROXY,
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : null,
    session: { idleMs: env.SESSION_IDLE_MINUTES * 60_000, maxAgeMs: env.SESSION_MAX_DAYS * 86_400_000 },
    login: {
      maxFailures: env.LOGIN_MAX_FAILURES,
      lockMs: env.LOGIN_LOCK_MINUTES * 60_000,
      rateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE,
      resetRateLimitPerMinute: env.PASSWORD_RESET_RATE_LIMIT_PER_MINUTE,
    },
    shareLinks: { rateLimitPerMinute: env.SHARE_LINK_RATE_LIMIT_PER_MINUTE },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      /** Unsent mail is also written here as .eml files, readable while the server runs. */
      outboxDir: path.join(dataDir, 'mail-outbox'),
    },
    blobs: env.S3_BUCKET
      ? ({
          kind: 's3',
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        } as const)
      : ({ kind: 'fs', dir: path.join(dataDir, 'blobs') } as const),
    media: {
      signingSecret: env.MEDIA_SIGNING_SECRET,
      urlTtlMs: env.MEDIA_URL_TTL_SECONDS * 1000,
      ffmpegPath: env.FFMPEG_PATH,
      ffprobePath: env.FFPROBE_PATH,
    },
    health: { downAfterMs: env.CAMERA_DOWN_AFTER_SECONDS * 1000 },
    push: {
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : null,
      subject: env.VAPID_SUBJECT ?? `mailto:${mailAddressOf(env.MAIL_FROM)}`,
      allowPrivateEndpoints: env.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    },
    cameraListCacheMs: env.CAMERA_LIST_CACHE_SECONDS * 1000,
    /** Undefined: the default (simulated agents with the embedded database only). */
    simulatedCameras: env.SIMULATED_CAMERAS,
    motionAlerts: { cooldownMs: env.MOTION_NOTIFICATION_COOLDOWN_MINUTES * 60_000 },
    enterAlerts: { cooldownMs: env.ENTRY_NOTIFICATION_COOLDOWN_MINUTES * 60_000 },
    vision: { backgroundPriority: env.VISION_BACKGROUND_PRIORITY },
    feedback: { mailTo: env.FEEDBACK_MAIL_TO },
    audit: { retentionDays: env.AUDIT_RETENTION_DAYS },
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    jobs: { leaseMs: env.JOB_LEASE_SECONDS * 1000 },
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT ?? null, host: env.METRICS_HOST },
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from environment variables; throws ConfigError listing every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '(environment)');
        const value = env[name];
        return `${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue.message}`;
      }),
    );
  }
  if ((parsed.data.VAPID_PUBLIC_KEY === null) !== (parsed.data.VAPID_PRIVATE_KEY === null))
    throw new ConfigError(['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither']);
  return toConfig(parsed.data);
}
