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
