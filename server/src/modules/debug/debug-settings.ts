// The settings the debug screen shows, by environment variable name. Secrets and addresses that may carry
// credentials show only whether they are set: the screen is for a customer's developer, not the operator.
import type { Config } from '../../config.ts';

export type DebugConfig = Pick<
  Config,
  | 'database'
  | 'blobs'
  | 'environmentMode'
  | 'experimentalFeatures'
  | 'logLevel'
  | 'trustProxy'
  | 'publicOrigin'
  | 'session'
  | 'login'
  | 'mail'
  | 'media'
  | 'health'
  | 'motionAlerts'
  | 'enterAlerts'
  | 'feedback'
  | 'audit'
>;

const isSet = (value: string | null | undefined) => (value ? 'set' : 'unset');
const minutes = (ms: number) => String(Math.round(ms / 60_000));

export function describeSettings(config: DebugConfig): { name: string; value: string }[] {
  return [
    { name: 'ENVIRONMENT_MODE', value: config.environmentMode },
    { name: 'EXPERIMENTAL_FEATURES', value: config.experimentalFeatures.join(',') },
    { name: 'DATABASE_URL', value: config.database.kind === 'postgres' ? 'set' : 'unset' },
    { name: 'S3_BUCKET', value: config.blobs.kind === 's3' ? 'set' : 'unset' },
    { name: 'LOG_LEVEL', value: config.logLevel },
    { name: 'TRUST_PROXY', value: config.trustProxy === false ? '0' : String(config.trustProxy) },
    { name: 'PUBLIC_ORIGIN', value: config.publicOrigin ?? '' },
    { name: 'SESSION_IDLE_MINUTES', value: minutes(config.session.idleMs) },
    { name: 'SESSION_MAX_DAYS', value: String(Math.round(config.session.maxAgeMs / 86_400_000)) },
    { name: 'LOGIN_MAX_FAILURES', value: String(config.login.maxFailures) },
    { name: 'LOGIN_LOCK_MINUTES', value: minutes(config.login.lockMs) },
    { name: 'SMTP_URL', value: isSet(config.mail.smtpUrl) },
    { name: 'MAIL_FROM', value: config.mail.from },
    { name: 'FEEDBACK_MAIL_TO', value: isSet(config.feedback.mailTo) },
    { name: 'MEDIA_SIGNING_SECRET', value: isSet(config.media.signingSecret) },
    { name: 'MEDIA_URL_TTL_SECONDS', value: String(Math.round(config.media.urlTtlMs / 1000)) },
    { name: 'CAMERA_DOWN_AFTER_SECONDS', value: String(Math.round(config.health.downAfterMs / 1000)) },
    { name: 'MOTION_NOTIFICATION_COOLDOWN_MINUTES', value: minutes(config.motionAlerts.cooldownMs) },
    { name: 'ENTRY_NOTIFICATION_COOLDOWN_MINUTES', value: minutes(config.enterAlerts.cooldownMs) },
    { name: 'AUDIT_RETENTION_DAYS', value: String(config.audit.retentionDays) },
  ];
}
