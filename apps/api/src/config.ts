import path from 'node:path';
import { z } from 'zod';

/** The repository root (apps/api/src -> ../../..). */
export const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  SQLITE_PATH: z
    .string()
    .min(1)
    .default(path.join(ROOT_DIR, 'var', 'safeshore.sqlite')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(path.join(ROOT_DIR, 'apps', 'web', 'dist')),
  DATA_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'data')),
  CONTENT_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'content')),
  /** Where uploaded photos (photo of the day) are stored and served from at /uploads/. */
  UPLOADS_DIR: z
    .string()
    .min(1)
    .default(path.join(ROOT_DIR, 'var', 'uploads')),
  /** The largest photo of the day upload accepted, in bytes (larger: 413). */
  ALGAL_PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  SAFESHORE_ALLOW_SYNTHETIC: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Origins allowed to call the API from a browser (comma-separated), e.g. the app shell's. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Behind a load balancer or TLS proxy: 'true' (trust X-Forwarded-*) or the proxies' addresses
   * (comma-separated, CIDR allowed). Off by default so clients cannot spoof their address.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string =>
      value === 'true' || value === 'false' ? value === 'true' : value,
    ),
  SEED_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),

  /** Where the web app is reached; links in e-mails and the Apple redirect URI start with it. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
    .default('http://localhost:8080')
    .transform((value) => value.replace(/\/+$/, '')),
  /** scrypt cost as log2(N): 17 (N = 131072, 128 MiB per hash) in production; tests use 12. */
  PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** smtp:// or smtps:// URL of the mail server; unset: mail is written to OUTBOX_DIR. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('SafeShore <no-reply@localhost>'),
  OUTBOX_DIR: z
    .string()
    .min(1)
    .default(path.join(ROOT_DIR, 'var', 'outbox')),
  /** Stricter per-client limits on the account endpoints that attackers hammer. */
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_REGISTER_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_RESET_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_QUESTION_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  /**
   * Sign in with Apple: the Services ID used by the web flow, then any other accepted audiences
   * (the iOS app's bundle id), comma-separated. Unset: Apple sign-in answers 406.
   */
  APPLE_CLIENT_ID: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  APPLE_AUTHORIZE_URL: z.url().default('https://appleid.apple.com/auth/authorize'),
  /** Facebook Login: app id and secret (both, or Facebook sign-in answers 406) and the Graph API base. */
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_GRAPH_URL: z
    .url()
    .default('https://graph.facebook.com/v21.0')
    .transform((value) => value.replace(/\/+$/, '')),
});

export type Config = z.infer<typeof EnvSchema>;

/** Parses and validates the environment once; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}
