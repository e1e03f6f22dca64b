import type { FastifyInstance } from 'fastify';
import { Cron } from 'croner';
import type { Database } from '../../db/schema.ts';
import type { WeatherProviders } from '../../providers/index.ts';
import { createRipRepository } from './rip.repository.ts';
import { ripRoutes } from './rip.routes.ts';
import { createRipService, type RipRefreshResult, type RipService } from './rip.service.ts';

export { formatCalibration, formatRefresh, formatSkillReport } from './rip.admin.ts';
export { ripOpenApiPaths } from './rip.openapi.ts';
export {
  refreshIntervalHours,
  regionKey,
  RIP_REFRESH_BUDGET_SHARE,
  type RipModelHour,
  type RipRefreshResult,
  type RipService,
} from './rip.service.ts';

/** How often each process checks whether the refresh is due (the claim makes one of them run it). */
export const RIP_REFRESH_CHECK = '7,37 * * * *';

/** The rip outlook's service on a database (the admin CLI and tests use it without HTTP). */
export function createRip(
  db: Database,
  options: {
    providers: Pick<WeatherProviders, 'waves' | 'tides'>;
    clock?: () => Date;
    callsPerDay: number;
    log?: {
      info: (details: object, message: string) => void;
      warn: (details: object, message: string) => void;
    };
  },
): RipService {
  return createRipService({
    repo: createRipRepository(db),
    waves: options.providers.waves,
    tides: options.providers.tides,
    clock: options.clock ?? (() => new Date()),
    callsPerDay: options.callsPerDay,
    ...(options.log ? { log: options.log } : {}),
  });
}

/**
 * GET /api/v5/beach/{beachId}/rip-outlook, and (when wave forecasts are on and `schedule` is set)
 * the refresh on its schedule, started when the server is ready and stopped when it closes.
 */
export function registerRip(
  app: FastifyInstance,
  options: {
    db: Database;
    providers: Pick<WeatherProviders, 'waves' | 'tides'>;
    clock?: () => Date;
    callsPerDay: number;
    schedule: boolean;
    /** After each scheduled refresh (the "rip outlook high" alerts). */
    onRefreshed?: (result: RipRefreshResult) => Promise<unknown>;
  },
): RipService {
  const service = createRip(options.db, { ...options, log: app.log });
  ripRoutes(app, service);
  if (options.schedule && options.providers.waves) {
    let job: Cron | null = null;
    const run = async () => {
      try {
        const result = await service.refreshIfDue();
        if (result) await options.onRefreshed?.(result);
      } catch (error) {
        app.log.error({ err: error }, 'rip outlook refresh failed');
      }
    };
    app.addHook('onReady', async () => {
      job = new Cron(RIP_REFRESH_CHECK, { protect: true, unref: true }, run);
      // A fresh start computes at once when due rather than waiting for the next check.
      void run();
    });
    app.addHook('onClose', async () => job?.stop());
  }
  return service;
}
