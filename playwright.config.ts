import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { providerUrls } from './apps/api/test/fakes/upstream-server.ts';
import { CHROMIUM_LAUNCH, CHROMIUM_SOURCE } from './apps/web/e2e/support/chromium.ts';
import { e2eClockOffsetMs } from './apps/web/e2e/support/clock.ts';
import { E2E_VAPID } from './apps/web/e2e/support/push-service.ts';

/**
 * Browser tests run against the app started the way `npm start` starts it (build if needed, migrate
 * a fresh SQLite database, load the bundled data, serve web + API from one process), in the
 * Chromium of the `@sparticuz/chromium` npm package (unpacked on first use into
 * node_modules/.cache/safeshore-chromium), or the executable CHROMIUM_PATH names: see
 * apps/web/e2e/support/chromium.ts. Never `playwright install`, no system browser needed (but the
 * one test that needs notifications, in push.spec.ts, runs in a full Chromium when there is one:
 * NOTIFYING_CHROMIUM there).
 */
// Once per run (the workers load this file too): which browser the tests run in.
if (process.env.TEST_WORKER_INDEX === undefined)
  console.log(`Browser: ${CHROMIUM_SOURCE} (${CHROMIUM_LAUNCH.executablePath})`);
// One clock for the whole run (apps/web/e2e/support/clock.ts): computed here, once, before any
// worker starts (they inherit E2E_CLOCK_OFFSET_MS), and given to the server, the fake upstreams,
// the admin commands the specs run, and each browser context (support/test.ts).
const CLOCK_OFFSET_MS = e2eClockOffsetMs();
const PORT = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${PORT}`;
// Shared with the test workers (they run admin commands against the same database).
const database = (process.env.E2E_DATABASE ??= path.join(os.tmpdir(), `safeshore-e2e-${process.pid}.sqlite`));
// The server writes mail (password reset links) here; the workers inherit the variable and read it.
const outbox = (process.env.E2E_OUTBOX_DIR ??= path.join(os.tmpdir(), `safeshore-e2e-outbox-${process.pid}`));
// The suite registers and signs in many users from one address: lift the per-client account limits.
const ACCOUNT_LIMITS = Object.fromEntries(
  ['LOGIN', 'REGISTER', 'RESET', 'QUESTION'].map((name) => [`RATE_LIMIT_${name}_PER_MINUTE`, '1000']),
);
// The fake conditions upstreams (Open-Meteo, RainViewer, BoM warnings) the app talks to instead of
// the real services; weather specs switch its modes at `${process.env.FAKE_UPSTREAM_URL}/__control`.
// 127.0.0.1:8299 by default; a run on its own E2E_PORT gets E2E_PORT + 1000 so concurrent runs
// never share (or fight over) one fake. E2E_UPSTREAM_PORT overrides both.
const UPSTREAM_PORT = Number(process.env.E2E_UPSTREAM_PORT ?? (process.env.E2E_PORT ? PORT + 1000 : 8299));
const upstream = (process.env.FAKE_UPSTREAM_URL = `http://127.0.0.1:${UPSTREAM_PORT}`);
// "Truth" specs (*.truth.spec.ts, issue 16): a second server started the way `npm start` starts it,
// with default settings (no SAMPLE_DATA) and every outside provider unreachable (a closed port), on
// E2E_PORT + 2 with its own database. The specs read its address from E2E_TRUTH_URL.
const TRUTH_PORT = PORT + 2;
const truthURL = (process.env.E2E_TRUTH_URL = `http://127.0.0.1:${TRUTH_PORT}`);
// Browser alerts (push.spec.ts): the spec's local Web Push endpoint (apps/api/test/fakes/webpush.ts)
// listens on E2E_PORT + 3 (E2E_WEB_PUSH_PORT overrides), an origin the server accepts as a push service.
const WEB_PUSH_PORT = Number((process.env.E2E_WEB_PUSH_PORT ??= String(PORT + 3)));
const truthDatabase = path.join(os.tmpdir(), `safeshore-e2e-truth-${process.pid}.sqlite`);
const UNREACHABLE = 'http://127.0.0.1:9';
const TRUTH_VIEWPORTS = {
  'truth-mobile': { width: 390, height: 844 },
  'truth-desktop': { width: 1280, height: 900 },
};

export default defineConfig({
  testDir: 'apps/web/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The service worker would answer navigations and tiles itself, out of reach of page.route and
    // the server's 404 status; only the offline specs turn it on (test.use serviceWorkers 'allow').
    serviceWorkers: 'block',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [/\.mobile\.spec\.ts$/, /\.truth\.spec\.ts$/],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: CHROMIUM_LAUNCH,
      },
    },
    {
      name: 'mobile',
      testMatch: /\.mobile\.spec\.ts$/,
      testIgnore: /^.*\/console\.mobile\.spec\.ts$/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        launchOptions: CHROMIUM_LAUNCH,
      },
    },
    {
      // The lifesaver console closes Bondi and puts a patrol and a post on Clovelly for the run's
      // day (issue 17): it runs after every other spec on this server, so none of them sees a
      // beach the console changed. Alone: `npx playwright test --project=console --no-deps`.
      name: 'console',
      testMatch: /console\.mobile\.spec\.ts$/,
      dependencies: ['desktop', 'mobile'],
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        launchOptions: CHROMIUM_LAUNCH,
      },
    },
    ...Object.entries(TRUTH_VIEWPORTS).map(([name, viewport]) => ({
      name,
      testMatch: /\.truth\.spec\.ts$/,
      use: {
        baseURL: truthURL,
        viewport,
        deviceScaleFactor: viewport.width < 1000 ? 2 : 1,
        isMobile: viewport.width < 1000,
        hasTouch: viewport.width < 1000,
        launchOptions: CHROMIUM_LAUNCH,
      },
    })),
  ],
  webServer: [
    {
      command: `node apps/api/test/fakes/upstream-server.ts --port ${UPSTREAM_PORT} --host 127.0.0.1 --clock-offset-ms ${CLOCK_OFFSET_MS}`,
      url: `${upstream}/__control`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/start.ts',
      url: `${baseURL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        SQLITE_PATH: database,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        OUTBOX_DIR: outbox,
        // The flagged sample patrols, attendance and posts (data/sample), whatever NODE_ENV says.
        SAMPLE_DATA: 'true',
        // The run's day, whatever day it is: Sunday 22 November 2026, 10:00 in Sydney at the start.
        SAFESHORE_CLOCK_OFFSET_MS: String(CLOCK_OFFSET_MS),
        // The app shell specs switch to Staging: the same server under another origin (localhost),
        // reached cross-origin as a real shell reaches its API (so this origin must be allowed).
        VITE_API_BASE_STAGING: `http://localhost:${PORT}`,
        CORS_ORIGINS: baseURL,
        ...ACCOUNT_LIMITS,
        WEATHER_PROVIDERS: 'on',
        WEATHER_TIMEOUT_MS: '3000',
        // Browser alerts (push.spec.ts): a key pair made for the tests only (npx web-push generate-vapid-keys).
        VAPID_PUBLIC_KEY: E2E_VAPID.publicKey,
        VAPID_PRIVATE_KEY: E2E_VAPID.privateKey,
        // The e2e server sends nothing on its own (no background deliveries during other specs):
        // push.spec.ts runs the worker (`npm run worker`) for its delivery.
        ALERTS_WORKER: 'off',
        WEB_PUSH_ALLOWED_ORIGINS: `http://127.0.0.1:${WEB_PUSH_PORT}`,
        ...providerUrls(upstream),
      },
    },
    {
      // Starts after the main server, which has built the web app: no second build.
      command: 'node scripts/start.ts',
      url: `${truthURL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(TRUTH_PORT),
        HOST: '127.0.0.1',
        SQLITE_PATH: truthDatabase,
        UPLOADS_DIR: path.join(os.tmpdir(), `safeshore-e2e-truth-uploads-${process.pid}`),
        OUTBOX_DIR: path.join(os.tmpdir(), `safeshore-e2e-truth-outbox-${process.pid}`),
        LOG_LEVEL: 'warn',
        PUBLIC_URL: truthURL,
        SKIP_WEB_BUILD: 'true',
        // The specs walk every beach the sample files name through the API, from one address.
        RATE_LIMIT_PER_MINUTE: '100000',
        SAFESHORE_CLOCK_OFFSET_MS: String(CLOCK_OFFSET_MS),
        OPEN_METEO_FORECAST_URL: `${UNREACHABLE}/v1/forecast`,
        OPEN_METEO_MARINE_URL: `${UNREACHABLE}/v1/marine`,
        RAINVIEWER_URL: `${UNREACHABLE}/weather-maps.json`,
        BOM_WARNINGS_URLS: ['NSW', 'ACT', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']
          .map((state) => `${state}=${UNREACHABLE}/${state.toLowerCase()}.xml`)
          .join(','),
      },
    },
  ],
});
