import { isIP } from 'node:net';
import { z } from 'zod';
import {
  DEFAULT_SERVICE_LEVELS,
  parseServiceLevels,
  type ServiceLevels,
} from '#shared/service-levels.ts';

/**
 * Configuration is environment variables only (CONTRACT §1), parsed once at boot. A bad value
 * stops the server with a message naming the variable; nothing reads process.env elsewhere.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

function url(protocols: string[], label: string) {
  return z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a ${label} URL (${protocols.join(' or ')})`,
    );
}

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

const isCidrOrIp = (v: string) => {
  const [addr, bits, extra] = v.split('/');
  if (extra !== undefined || !addr || !isIP(addr)) return false;
  if (bits === undefined) return true;
  const max = isIP(addr) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
};

/**
 * A bucket name, not a path or URL. Looser than S3's rules for new buckets (3 to 63 lower-case
 * letters, digits, '.' and '-'): older buckets and some S3-compatible servers allow more.
 */
const isBucketName = (v: string) => /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/.test(v);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number('must be a number')
      .int('must be an integer')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
    HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
    DATABASE_URL: optional(url(['postgres:', 'postgresql:'], 'PostgreSQL')),
    ADMIN_EMAIL: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email('must be an e-mail address'))
      .default('admin@waj.co.uk'),
    ADMIN_PASSPHRASE: optional(
      z.string().min(12, 'must be at least 12 characters').max(1024, 'is too long'),
    ),
    PUBLIC_URL: optional(url(['http:', 'https:'], 'http(s)')),
    SMTP_URL: optional(url(['smtp:', 'smtps:'], 'SMTP')),
    MAIL_FROM: z.string().trim().min(3).default('Waj <no-reply@waj.co.uk>'),
    MAIL_MAX_ATTEMPTS: z.coerce
      .number('must be a number')
      .int('must be a whole number')
      .min(1, 'must be between 1 and 50')
      .max(50, 'must be between 1 and 50')
      .default(12),
    /** How often the retention job runs (CONTRACT §6); 0 turns the scheduler off. */
    RETENTION_INTERVAL_SECONDS: z.coerce
      .number('must be a number')
      .int('must be a whole number')
      .min(0, 'must be between 0 and 86400')
      .max(86_400, 'must be between 0 and 86400')
      .default(300),
    /**
     * Service levels (CONTRACT §9): `queue=hours,…` over the table in src/shared/service-levels.ts.
     * QUEUE_SLA_HOURS, the older single setting, still sets the three case queues at once.
     */
    SERVICE_LEVELS: optionalString,
    QUEUE_SLA_HOURS: optional(
      z.coerce
        .number('must be a number')
        .int('must be a whole number')
        .min(1, 'must be between 1 and 8760')
        .max(8760, 'must be between 1 and 8760'),
    ),
    /**
     * Screening (CONTRACT §8): list addresses fetched on a schedule (comma-separated), how often
     * they are fetched, the score at or above which a match opens an alert, and who matches.
     */
    SCREENING_SOURCES: optional(
      z
        .string()
        .trim()
        .transform((v) =>
          v
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        )
        .pipe(z.array(url(['http:', 'https:'], 'http(s)'))),
    ).default([]),
    SCREENING_REFRESH_HOURS: z.coerce
      .number('must be a number')
      .min(1, 'must be between 1 and 168')
      .max(168, 'must be between 1 and 168')
      .default(24),
    SCREENING_THRESHOLD: z.coerce
      .number('must be a number')
      .min(0.5, 'must be between 0.5 and 1')
      .max(1, 'must be between 0.5 and 1')
      .default(0.85),
    SCREENING_PROVIDER: z
      .enum(['builtin', 'yente'], "must be 'builtin' or 'yente'")
      .default('builtin'),
    YENTE_URL: optional(url(['http:', 'https:'], 'http(s)')),
    /** The yente dataset matched against ('default': everything the service loaded). */
    YENTE_DATASET: z
      .string()
      .trim()
      .regex(/^[a-z0-9_-]{1,64}$/, 'must be a dataset name')
      .default('default'),
    /** A postcode look-up provider (optional); typing the address always works. */
    ADDRESS_LOOKUP: optional(z.enum(['ideal-postcodes'], "must be 'ideal-postcodes'")),
    ADDRESS_LOOKUP_KEY: optionalString,
    ADDRESS_LOOKUP_URL: optional(url(['http:', 'https:'], 'http(s)')).default(
      'https://api.ideal-postcodes.co.uk',
    ),
    STAFF_EMAIL: z
      .string()
      .trim()
      .pipe(z.email('must be an e-mail address'))
      .default('staff@waj.co.uk'),
    S3_ENDPOINT: optional(url(['http:', 'https:'], 'http(s)')),
    S3_BUCKET: optionalString,
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /**
     * Server-side encryption asked of the bucket for every file: 'AES256' (SSE-S3), or 'none'
     * for an S3-compatible server that refuses the header (MinIO without a KMS), whose disks
     * must then be encrypted by other means.
     */
    S3_SERVER_SIDE_ENCRYPTION: optional(
      z.enum(['AES256', 'none'], "must be 'AES256' or 'none'"),
    ).default('AES256'),
    KYC_PROVIDER: z.enum(['builtin', 'veriff'], "must be 'builtin' or 'veriff'").default('builtin'),
    VERIFF_API_KEY: optionalString,
    VERIFF_SHARED_SECRET: optionalString,
    VERIFF_BASE_URL: optional(url(['http:', 'https:'], 'http(s)')),
    ANALYTICS_SCRIPT_URL: optional(url(['https:'], 'https')),
    SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    /** Encrypts staff TOTP secrets at rest (AES-256-GCM; the key is SHA-256 of this value). */
    MFA_SECRET_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
    /** Rate limits shared between instances (CONTRACT §7); unset: counted in process. */
    REDIS_URL: optional(url(['redis:', 'rediss:'], 'Redis')),
    RATE_LIMIT_SCALE: z.coerce.number('must be a number').min(0, 'must be 0 or more').default(1),
    TRUST_PROXY: optional(z.string().trim().refine(isCidrOrIp, 'must be an IP address or CIDR')),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine((env, ctx) => {
    const levels = parseServiceLevels(env.SERVICE_LEVELS);
    if ('error' in levels) {
      ctx.addIssue({ code: 'custom', path: ['SERVICE_LEVELS'], message: levels.error });
    }
    if (env.KYC_PROVIDER === 'veriff') {
      for (const key of ['VERIFF_API_KEY', 'VERIFF_SHARED_SECRET', 'VERIFF_BASE_URL'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when KYC_PROVIDER=veriff',
          });
      }
    }
    if (env.SCREENING_PROVIDER === 'yente' && !env.YENTE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['YENTE_URL'],
        message: 'is required when SCREENING_PROVIDER=yente',
      });
    }
    if (env.ADDRESS_LOOKUP && !env.ADDRESS_LOOKUP_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADDRESS_LOOKUP_KEY'],
        message: 'is required when ADDRESS_LOOKUP is set',
      });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET) {
      // Without it each instance would generate its own key in its own DATA_DIR, and a link
      // one instance signs would fail on the next; the key is never kept in the database.
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message:
          'is required in production with DATABASE_URL: instances cannot share a generated one',
      });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.MFA_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['MFA_SECRET_KEY'],
        message:
          'is required in production with DATABASE_URL: instances cannot share a generated one',
      });
    }
    const s3 = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    if (s3.some((k) => env[k]) || env.S3_ENDPOINT) {
      // All four together or none: identity documents must never land somewhere other than
      // where the operator asked (a half-set S3 must not quietly fall back to the disk).
      for (const key of s3) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when S3 storage is configured (any S3_* variable is set)',
          });
      }
    }
    if (env.S3_BUCKET && !isBucketName(env.S3_BUCKET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: "must be a bucket name (letters, digits, '.', '_' and '-'), not a path or URL",
      });
    }
    if (env.S3_REGION && !/^[a-z0-9-]{1,64}$/.test(env.S3_REGION)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_REGION'],
        message: "must be a region name such as 'eu-west-2' (R2: 'auto')",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema> & {
  PUBLIC_URL: string;
  /** The defaults with QUEUE_SLA_HOURS and SERVICE_LEVELS applied. */
  serviceLevels: ServiceLevels;
};

function serviceLevelsOf(env: z.infer<typeof EnvSchema>): ServiceLevels {
  const hours = env.QUEUE_SLA_HOURS;
  const base = hours
    ? { ...DEFAULT_SERVICE_LEVELS, identity_review: hours, offer: hours, activation: hours }
    : DEFAULT_SERVICE_LEVELS;
  const levels = parseServiceLevels(env.SERVICE_LEVELS, base);
  // Checked by the schema above; a bad value never gets here.
  return 'error' in levels ? base : levels;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name} ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    serviceLevels: serviceLevelsOf(env),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
