import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** The repository root (apps/api/src -> ../../..). */
export const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');

const WARNING_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'];
/** The Bureau of Meteorology's per-state marine warning feeds (ACT beaches use the NSW feed). */
const DEFAULT_BOM_WARNINGS_URLS = [
  'NSW=https://www.bom.gov.au/fwo/IDZ00068.warnings_marine_nsw.xml',
  'ACT=https://www.bom.gov.au/fwo/IDZ00068.warnings_marine_nsw.xml',
  'NT=https://www.bom.gov.au/fwo/IDZ00069.warnings_marine_nt.xml',
  'QLD=https://www.bom.gov.au/fwo/IDZ00070.warnings_marine_qld.xml',
  'SA=https://www.bom.gov.au/fwo/IDZ00071.warnings_marine_sa.xml',
  'TAS=https://www.bom.gov.au/fwo/IDZ00072.warnings_marine_tas.xml',
  'VIC=https://www.bom.gov.au/fwo/IDZ00073.warnings_marine_vic.xml',
  'WA=https://www.bom.gov.au/fwo/IDZ00074.warnings_marine_wa.xml',
].join(',');

/** Why a Firebase service-account key file cannot be used, or null when it can. */
function serviceAccountProblem(file: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return `FCM_SERVICE_ACCOUNT_FILE: cannot read ${file} as JSON (${(error as Error).message})`;
  }
  const account = parsed as Record<string, unknown> | null;
  const ok =
    account?.type === 'service_account' &&
    typeof account.project_id === 'string' &&
    typeof account.client_email === 'string' &&
    typeof account.private_key === 'string' &&
    account.private_key.includes('PRIVATE KEY');
  return ok
    ? null
    : `FCM_SERVICE_ACCOUNT_FILE: ${file} is not a service-account key (type, project_id, client_email, private_key)`;
}

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
  /**
   * The site's public address (scheme, host, optional port; no path): canonical links, Open Graph
   * and the sitemap use it (issue 23). Set it in production, e.g. https://safeshore.example.
   */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_BASE_URL must be an http(s) URL' })
    .default('http://localhost:8080')
    .refine((value) => {
      if (!URL.canParse(value)) return true; // already reported by .url()
      const url = new URL(value);
      return url.pathname === '/' && url.search === '' && url.hash === '' && !url.username;
    }, 'PUBLIC_BASE_URL must be an origin only (no path, query or credentials), e.g. https://safeshore.example')
    .transform((value) => (URL.canParse(value) ? new URL(value).origin : value)),
  /** Public pages rendered on the server (issue 23); `off`: every page is the client-rendered shell. */
  SSR_PAGES: z.enum(['on', 'off']).default('on'),
  /** The longest a server-rendered page waits for its data; later data is loaded by the browser. */
  SSR_DATA_DEADLINE_MS: z.coerce.number().int().min(10).max(5_000).default(300),
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
  /**
   * Other origins the web app may load images from (space- or comma-separated): the map tile
   * service the web build uses (VITE_MAP_TILE_URL) and the rain radar tiles. Goes into the CSP.
   */
  IMAGE_ORIGINS: z
    .string()
    .default('https://tile.openstreetmap.org https://tilecache.rainviewer.com')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin))),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Longest time a client may take to send a whole request, headers and body (ms); then 408. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Longest time a client may take to send the request headers (ms); then 408. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * On SIGTERM, how long requests in flight may take to finish before their connections are closed
   * and the process exits (README, Deployment).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** Open connections one client address may hold at once (0: no cap); trusted proxies are exempt. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(64),
  /** Worker threads that compress one-off answers, e.g. a location by a new coordinate (0: on the event loop). */
  COMPRESS_THREADS: z.coerce.number().int().min(0).max(16).default(1),
  /** Password hashes (scrypt) computed at once, server-wide; clients take turns for them. */
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.min(4, Math.floor(os.availableParallelism() / 2)))),
  /** Distinct missing-page urls kept in not_found_reports; the least recently seen go first. */
  NOT_FOUND_REPORTS_MAX: z.coerce.number().int().min(1).default(10_000),
  /** SQLite: how long a write waits for the write lock (held by an import, say) before a 503 (ms). */
  SQLITE_LOCK_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
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
  /**
   * Load the shipped sample patrols, attendance and posts (flagged as sample data) on start, and
   * remove them when off. Opt-in (`true`) for demos and tests: unset means off, whatever NODE_ENV
   * says, so a plain start never puts invented patrols or attendance on real beaches.
   */
  SAMPLE_DATA: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  NODE_ENV: z.string().optional(),
  /**
   * Testing and demos only: moves the server's clock (patrols "today", expiries, sample data, sync
   * stamps) by this many milliseconds; it keeps running at the real rate. Unset: the real time.
   */
  SAFESHORE_CLOCK_OFFSET_MS: z.coerce
    .number()
    .int()
    .min(-100 * 365 * 86_400_000)
    .max(100 * 365 * 86_400_000)
    .optional(),
  /** Testing and demos only: the server's clock reads this instant (ISO, with zone) when it starts. */
  SAFESHORE_CLOCK_START: z.iso
    .datetime({
      offset: true,
      error: 'must be an ISO date-time with a zone, e.g. 2026-11-21T23:00:00Z',
    })
    .optional(),

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
  /**
   * Each registration attempt uses its question up and each visit to the form asks one: at the
   * register limit's 5 attempts, 5 questions locked a person out for a minute (issue 30).
   */
  RATE_LIMIT_QUESTION_PER_MINUTE: z.coerce.number().int().min(1).default(20),
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

  /** Conditions providers (apps/api/src/providers). `off`: no outbound calls at all; only tides (offline) work. */
  WEATHER_PROVIDERS: z.enum(['on', 'off']).default('on'),
  /** Open-Meteo forecast API (weather, wind, UV, air temperature); a commercial key goes in as `?apikey=…`. */
  OPEN_METEO_FORECAST_URL: z.url({ protocol: /^https?$/ }).default('https://api.open-meteo.com/v1/forecast'),
  /** Open-Meteo marine API (swell, sea-surface temperature). */
  OPEN_METEO_MARINE_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://marine-api.open-meteo.com/v1/marine'),
  /** Open-Meteo calls allowed per day, forecast and marine together (the free tier allows 10,000). */
  OPEN_METEO_CALLS_PER_DAY: z.coerce.number().int().min(1).default(9_000),
  /** RainViewer's radar frame index. */
  RAINVIEWER_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://api.rainviewer.com/public/weather-maps.json'),
  /**
   * Marine warning feeds per state: comma-separated `STATE=URL` (a state may appear more than once);
   * `none`: no warnings. Defaults: the Bureau of Meteorology's marine warning feeds of each state.
   */
  BOM_WARNINGS_URLS: z
    .string()
    .default(DEFAULT_BOM_WARNINGS_URLS)
    .transform((value, ctx) => {
      const feeds = new Map<string, string[]>();
      if (value.trim() === 'none') return feeds;
      for (const pair of value
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const match = /^([A-Za-z]+)=(https?:\/\/\S+)$/.exec(pair);
        const state = match?.[1]?.toUpperCase();
        if (!match || !state || !WARNING_STATES.includes(state)) {
          ctx.addIssue({
            code: 'custom',
            message: `BOM_WARNINGS_URLS: "${pair}" is not STATE=http(s)://…`,
          });
          return z.NEVER;
        }
        feeds.set(state, [...(feeds.get(state) ?? []), match[2]!]);
      }
      return feeds;
    }),
  /** Beachwatch (NSW) water quality GeoJSON: pollution forecasts and latest results per swimming site. */
  BEACHWATCH_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://api.beachwatch.nsw.gov.au/public/sites/geojson'),
  /** Give up on an upstream answer after this long (connection, headers and body). */
  WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Grid cells kept in memory per provider (LRU). */
  WEATHER_CACHE_MAX_ENTRIES: z.coerce.number().int().min(10).default(6_000),

  /** Rip outlook (issue 29): refresh every beach's outlook on a schedule inside the server (needs WEATHER_PROVIDERS=on). */
  RIP_OUTLOOK_REFRESH: z.enum(['on', 'off']).default('on'),

  /** Alerts (issue 18): run the delivery worker and the event schedules inside the server (`off`: run `npm run worker`). */
  ALERTS_WORKER: z.enum(['on', 'off']).default('on'),
  /** Firebase service-account JSON key file (app devices); unset: app devices get no pushes. */
  FCM_SERVICE_ACCOUNT_FILE: z
    .string()
    .min(1)
    .optional()
    .transform((file, ctx) => {
      if (file === undefined) return undefined;
      const problem = serviceAccountProblem(file);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return file;
    }),
  FCM_API_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://fcm.googleapis.com')
    .transform((value) => value.replace(/\/+$/, '')),
  /** Where the service account's signed JWT is exchanged for an access token (tests: their fake). */
  FCM_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token'),
  /** VAPID key pair for Web Push (`npx web-push generate-vapid-keys`), base64url; both or neither. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      'VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 point (87 characters)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url 32-byte P-256 key (43 characters)')
    .optional(),
  /** Who push services can contact about our pushes: mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .default('mailto:alerts@safeshore.invalid'),
  /** More origins (comma-separated) accepted as Web Push endpoints besides the known push services. */
  WEB_PUSH_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin))),
  /** Sends per second to FCM, and to each Web Push service. */
  ALERTS_FCM_PER_SECOND: z.coerce.number().int().min(1).default(500),
  ALERTS_WEB_PUSH_PER_SECOND: z.coerce.number().int().min(1).default(1_000),
  /** Worker threads that encrypt Web Push payloads (0: on the event loop). */
  ALERTS_WEB_PUSH_THREADS: z.coerce.number().int().min(0).max(16).default(1),
  /** Attempts per alert and person before it is given up; waits double from ALERTS_RETRY_BASE_MS. */
  ALERTS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  ALERTS_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
});

export type Config = z.infer<typeof EnvSchema>;

/** The rules that involve more than one variable. */
const ConfigSchema = EnvSchema.refine(
  (env) => env.SAFESHORE_CLOCK_OFFSET_MS === undefined || env.SAFESHORE_CLOCK_START === undefined,
  {
    path: ['SAFESHORE_CLOCK_START'],
    message: 'set SAFESHORE_CLOCK_START or SAFESHORE_CLOCK_OFFSET_MS, not both',
  },
).refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
  path: ['VAPID_PRIVATE_KEY'],
  message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
});

/** Parses and validates the environment once; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

/** Only SAMPLE_DATA=true loads the sample data; unset or false (in any NODE_ENV) removes it. */
export function sampleDataEnabled(config: Pick<Config, 'SAMPLE_DATA'>): boolean {
  return config.SAMPLE_DATA === true;
}
