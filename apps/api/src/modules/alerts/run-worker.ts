import { configuredClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createWeatherProviders } from '../../providers/index.ts';
import { createWaterQualityService, providerFromConfig } from '../water-quality/index.ts';
import { resolveWeatherSettings } from '../weather/index.ts';
import { createAlertsRuntime, resolveAlertsSettings, resolveVapidKeys } from './index.ts';

/**
 * `npm run worker`: the alert delivery worker and event schedules in their own process, for
 * deployments with several API processes (set ALERTS_WORKER=off on those, or leave it on: the
 * workers share the outbox safely, each event reaching each person once). Same configuration as
 * the server; it migrates the database first, like the server does.
 */
const config = loadConfig();
const handle = openDatabase(config);
const { clock } = configuredClock(config);
const log = {
  info: (obj: object, msg: string) => console.log(JSON.stringify({ level: 'info', msg, ...obj })),
  warn: (obj: object, msg: string) => console.warn(JSON.stringify({ level: 'warn', msg, ...obj })),
  error: (obj: object, msg: string) =>
    console.error(
      JSON.stringify({ level: 'error', msg, ...obj, err: String((obj as { err?: unknown }).err ?? '') }),
    ),
};
await migrateToLatest(handle);
const now = () => clock().getTime();
const onFailure = (provider: string, key: string, error: unknown) =>
  log.warn({ provider, key, reason: (error as Error).message }, 'upstream failed');
const providers = createWeatherProviders(resolveWeatherSettings(config), { now, onFailure });
const waterQuality = createWaterQualityService({
  db: handle.db,
  provider: providerFromConfig(config, now, (key, error) => onFailure('beachwatch', key, error)),
});
// The server's pair (made by whichever process started first), unless the variables set one.
const keys = await resolveVapidKeys(handle.db, config, clock, log);
const runtime = createAlertsRuntime({
  db: handle.db,
  settings: resolveAlertsSettings({
    ...config,
    ALERTS_WORKER: 'on',
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
  }),
  clock,
  providers,
  waterQuality,
  log,
});
runtime.start();
log.info({ worker: runtime.worker.id, database: handle.dialect }, 'alerts worker started');
// croner's timers do not hold the process open: this does, until a signal.
const keepAlive = setInterval(() => undefined, 60_000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(keepAlive);
    void runtime
      .stop()
      .then(() => handle.db.destroy())
      .then(() => process.exit(0));
  });
}
