import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Cron } from 'croner';
import { PostgresAdapter, type Kysely } from 'kysely';
import { loadConfig, type Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { WeatherProviders } from '../../providers/index.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { registerBeachStatusListener } from '../console/events.ts';
import type { WaterQualityService } from '../water-quality/index.ts';
import { alertsRoutes } from './routes.ts';
import { createFcmSender, ServiceAccountSchema } from './senders/fcm.ts';
import type { FcmSender, WebPushSender } from './senders/types.ts';
import { createWebPushSender } from './senders/webpush.ts';
import {
  onStatusChanged,
  recordRipHigh,
  scheduleSources,
  type RipHigh,
  type SourceDeps,
  type SourceSchedules,
} from './sources.ts';

export type { RipHigh } from './sources.ts';
import { pruneAlerts } from './store.ts';
import { createDeliveryWorker, type DeliveryWorker, type WorkerLogger } from './worker.ts';

export type AlertsSettings = Pick<
  Config,
  | 'ALERTS_WORKER'
  | 'FCM_SERVICE_ACCOUNT_FILE'
  | 'FCM_API_URL'
  | 'FCM_TOKEN_URL'
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY'
  | 'VAPID_SUBJECT'
  | 'WEB_PUSH_ALLOWED_ORIGINS'
  | 'ALERTS_FCM_PER_SECOND'
  | 'ALERTS_WEB_PUSH_PER_SECOND'
  | 'ALERTS_WEB_PUSH_THREADS'
  | 'ALERTS_MAX_ATTEMPTS'
  | 'ALERTS_RETRY_BASE_MS'
  | 'WEATHER_TIMEOUT_MS'
>;

/** Schedules of the event sources (croner patterns, seconds optional). */
export const SOURCE_SCHEDULES = {
  // The warnings provider keeps a state's feed fresh for 10 minutes: poll at that rate.
  warnings: '*/10 * * * *',
  // Beachwatch refreshes every 30 minutes.
  waterQuality: '*/30 * * * *',
  thresholds: '*/15 * * * *',
  // Sent alerts older than 30 days are removed once a day.
  prune: '17 3 * * *',
};

/**
 * Settings over the defaults. As with the conditions providers, a caller that does not pass
 * ALERTS_WORKER (tests with a partial config) gets no background work: only the parsed
 * environment, where the default is `on`, runs the worker and the schedules.
 */
export function resolveAlertsSettings(config: Partial<AlertsSettings>): AlertsSettings {
  const defaults = loadConfig({});
  const given = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
  return { ...defaults, ALERTS_WORKER: 'off', ...given } as AlertsSettings;
}

export function createSenders(settings: AlertsSettings): {
  fcm: FcmSender | null;
  webPush: WebPushSender | null;
} {
  const fcm = settings.FCM_SERVICE_ACCOUNT_FILE
    ? createFcmSender({
        serviceAccount: ServiceAccountSchema.parse(
          JSON.parse(fs.readFileSync(settings.FCM_SERVICE_ACCOUNT_FILE, 'utf8')),
        ),
        apiUrl: settings.FCM_API_URL,
        tokenUrl: settings.FCM_TOKEN_URL,
        timeoutMs: settings.WEATHER_TIMEOUT_MS,
      })
    : null;
  const webPush =
    settings.VAPID_PUBLIC_KEY && settings.VAPID_PRIVATE_KEY
      ? createWebPushSender({
          publicKey: settings.VAPID_PUBLIC_KEY,
          privateKey: settings.VAPID_PRIVATE_KEY,
          subject: settings.VAPID_SUBJECT,
          timeoutMs: settings.WEATHER_TIMEOUT_MS,
          encryptThreads: settings.ALERTS_WEB_PUSH_THREADS,
        })
      : null;
  return { fcm, webPush };
}

export function dialectOf(db: Kysely<DB>): 'postgres' | 'sqlite' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export interface AlertsRuntime {
  worker: DeliveryWorker;
  sources: SourceDeps;
  /** "Rip outlook high" events for the beaches given (after a rip outlook refresh). */
  ripHigh(highs: readonly RipHigh[]): Promise<number>;
  /** Starts the delivery worker and the source schedules. */
  start(): void;
  stop(): Promise<void>;
}

export function createAlertsRuntime(options: {
  db: Kysely<DB>;
  settings: AlertsSettings;
  clock: () => Date;
  providers: Pick<WeatherProviders, 'warnings' | 'forecast' | 'marine'> | null;
  waterQuality: Pick<WaterQualityService, 'provider' | 'currentMatch'> | null;
  log?: WorkerLogger;
  senders?: { fcm: FcmSender | null; webPush: WebPushSender | null };
}): AlertsRuntime {
  const { settings } = options;
  const senders = options.senders ?? createSenders(settings);
  const worker = createDeliveryWorker({
    db: options.db,
    dialect: dialectOf(options.db),
    clock: options.clock,
    fcm: senders.fcm,
    webPush: senders.webPush,
    maxAttempts: settings.ALERTS_MAX_ATTEMPTS,
    retryBaseMs: settings.ALERTS_RETRY_BASE_MS,
    fcmPerSecond: settings.ALERTS_FCM_PER_SECOND,
    webPushPerSecond: settings.ALERTS_WEB_PUSH_PER_SECOND,
    ...(options.log ? { log: options.log } : {}),
  });
  const sources: SourceDeps = {
    db: options.db,
    clock: options.clock,
    warnings: options.providers?.warnings ?? null,
    forecast: options.providers?.forecast ?? null,
    marine: options.providers?.marine ?? null,
    waterQuality: options.waterQuality,
    ...(options.log ? { log: options.log } : {}),
    onEvents: () => worker.wake(),
  };
  let schedules: SourceSchedules | null = null;
  let prune: Cron | null = null;
  return {
    worker,
    sources,
    ripHigh: (highs) => recordRipHigh(sources, highs),
    start() {
      worker.start();
      schedules ??= scheduleSources(sources, SOURCE_SCHEDULES);
      prune ??= new Cron(SOURCE_SCHEDULES.prune, { protect: true, unref: true }, async () => {
        try {
          const removed = await pruneAlerts(options.db, options.clock());
          if (removed > 0) options.log?.info({ removed }, 'old alerts removed');
        } catch (error) {
          options.log?.error({ err: error }, 'removing old alerts failed');
        }
      });
    },
    async stop() {
      schedules?.stop();
      schedules = null;
      prune?.stop();
      prune = null;
      await worker.stop();
      // Senders made here (not passed in) end with the runtime: their encryption threads.
      if (!options.senders) await senders.webPush?.close?.();
    },
  };
}

/**
 * The alerts routes, the console's status hook, and (ALERTS_WORKER=on) the worker and schedules,
 * started when the server is ready and stopped when it closes.
 */
export function registerAlerts(
  app: FastifyInstance,
  options: {
    db: Kysely<DB>;
    config: Partial<AlertsSettings>;
    clock: () => Date;
    accounts: AccountsService;
    providers: Pick<WeatherProviders, 'warnings' | 'forecast' | 'marine'> | null;
    waterQuality: Pick<WaterQualityService, 'provider' | 'currentMatch'> | null;
  },
): AlertsRuntime {
  const settings = resolveAlertsSettings(options.config);
  const runtime = createAlertsRuntime({ ...options, settings, log: app.log });
  alertsRoutes(app, {
    db: options.db,
    accounts: options.accounts,
    clock: options.clock,
    vapidPublicKey: settings.VAPID_PUBLIC_KEY ?? null,
    allowedOrigins: settings.WEB_PUSH_ALLOWED_ORIGINS,
  });
  const unregister = registerBeachStatusListener(async (trx, change) => {
    const eventId = await onStatusChanged(trx, change);
    // The worker runs every second anyway; waking it lets a closure go out as soon as it commits.
    if (eventId !== null) setTimeout(() => runtime.worker.wake(), 50).unref();
  });
  if (settings.ALERTS_WORKER === 'on') app.addHook('onReady', async () => runtime.start());
  app.addHook('onClose', async () => {
    unregister();
    await runtime.stop();
  });
  return runtime;
}
