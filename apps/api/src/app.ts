import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Writable } from 'node:stream';
import path from 'node:path';
import { loadConfig, type Config } from './config.ts';
import type { Database } from './db/schema.ts';
import { registerErrorHandling } from './http/errors.ts';
import { limitConnections } from './http/connections.ts';
import { logSerializers } from './http/redact.ts';
import { registerCors, registerRateLimit, registerSecurityHeaders } from './http/security.ts';
import {
  registerAccounts,
  resolveAccountsSettings,
  type AccountsSettings,
} from './modules/accounts/index.ts';
import { createAlgalRepository } from './modules/algal/algal.repository.ts';
import { algalRoutes } from './modules/algal/algal.routes.ts';
import { createAlgalService } from './modules/algal/algal.service.ts';
import { createLocalStorage } from './modules/algal/storage.ts';
import { createArticlesRepository } from './modules/articles/articles.repository.ts';
import { articlesRoutes, readArticle } from './modules/articles/articles.routes.ts';
import { registerArticleMedia } from './modules/articles/media.ts';
import { createBeachesRepository } from './modules/beaches/beaches.repository.ts';
import { beachesRoutes } from './modules/beaches/beaches.routes.ts';
import { createBeachesService, parseBeachIdentifier } from './modules/beaches/beaches.service.ts';
import { docsRoutes } from './modules/docs/openapi.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createLocationRepository } from './modules/location/location.repository.ts';
import { locationRoutes } from './modules/location/location.routes.ts';
import {
  buildSpatialIndex,
  indexedLocationRepository,
  patrolledTodayPerVersion,
} from './modules/location/location.memory.ts';
import { createLocationService } from './modules/location/location.service.ts';
import { runAsPasswordClient, passwordWork } from './modules/accounts/passwords.ts';
import { createNotFoundRepository, notFoundRoutes } from './modules/notfound/notfound.routes.ts';
import { createPatrols, patrolsRoutes } from './modules/patrols/index.ts';
import { createCompressPool } from './modules/read-model/compress-pool.ts';
import {
  createReadModel,
  registerCacheDefaults,
  versionedBuild,
  type ReadModel,
} from './modules/read-model/index.ts';
import { createSearchRepository } from './modules/search/search.repository.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { buildSearchIndex, indexedSearchRepository } from './modules/search/search.memory.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createSyncRepository } from './modules/sync/sync.repository.ts';
import { syncRoutes } from './modules/sync/sync.routes.ts';
import { createSyncSnapshot, snapshotRoute, type SyncSnapshot } from './modules/sync/snapshot.ts';
import { createVersionWatcher, indexVersionSource } from './modules/read-model/version.ts';
import { createSyncService } from './modules/sync/sync.service.ts';
import {
  createWaterQualityService,
  providerFromConfig,
  type WaterQualityConfig,
} from './modules/water-quality/index.ts';
import { registerWeather, resolveWeatherSettings, type WeatherConfig } from './modules/weather/index.ts';
import { registerAlerts, type AlertsEvents, type AlertsSettings } from './modules/alerts/index.ts';
import { registerRip } from './modules/rip/index.ts';
import { createWeatherProviders } from './providers/index.ts';
import { discoveryRoutes } from './web/discovery.ts';
import { createPageRenderer } from './web/pages.ts';
import { registerWebApp } from './web/static.ts';
import { providerCacheGeneration } from './providers/cache.ts';
import { consoleImportRoutes } from './modules/console/imports/imports.routes.ts';
import { createScope } from './modules/console/scope.ts';
import { registerConsole } from './modules/console/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered ("METHOD url"), for the security route matrix test. */
    routeList: string[];
    /** The versioned cache of finished public responses (modules/read-model): SSR pages use it too. */
    readModel: ReadModel;
    /** The offline sync snapshot (modules/sync/snapshot.ts). */
    syncSnapshot: SyncSnapshot;
  }
}

export interface AppDeps {
  config: Pick<Config, 'LOG_LEVEL' | 'WEB_DIST_DIR' | 'CONTENT_DIR'> &
    Partial<
      Pick<
        Config,
        | 'CORS_ORIGINS'
        | 'IMAGE_ORIGINS'
        | 'RATE_LIMIT_PER_MINUTE'
        | 'TRUST_PROXY'
        | 'REQUEST_TIMEOUT_MS'
        | 'HEADERS_TIMEOUT_MS'
        | 'MAX_CONNECTIONS_PER_ADDRESS'
        | 'COMPRESS_THREADS'
        | 'PASSWORD_HASH_CONCURRENCY'
        | 'NOT_FOUND_REPORTS_MAX'
        | 'UPLOADS_DIR'
        | 'ALGAL_PHOTO_MAX_BYTES'
        | 'PUBLIC_BASE_URL'
        | 'SSR_PAGES'
        | 'SSR_DATA_DEADLINE_MS'
        | 'RIP_OUTLOOK_REFRESH'
      >
    > &
    Partial<AccountsSettings> &
    Partial<WeatherConfig> &
    Partial<WaterQualityConfig> &
    Partial<AlertsSettings>;
  db: Database;
  /**
   * The time every module reads (patrols "today", expiries of tokens and resets, sync stamps, the
   * conditions caches); tests fix it, SAFESHORE_CLOCK_* moves it (main.ts). Default: the real time.
   */
  clock?: () => Date;
  /** Where log lines go (default: stdout); tests read them. */
  logStream?: Writable;
}

/**
 * Routes that check the caller's current password (an oracle for a stolen session, and scrypt
 * work) and have no limit of their own: they get the login limit, one count per client shared
 * between them. (The accounts module gives email change and deletion its login limit itself.)
 */
const PASSWORD_CHECK_ROUTES = ['POST /api/v4/user/password'];

/** Builds the HTTP app (API + web app). main.ts listens; tests use inject() or listen on port 0. */
export async function buildApp({ config, db, clock, logStream }: AppDeps): Promise<FastifyInstance> {
  const defaults = loadConfig({});
  const headersTimeout = config.HEADERS_TIMEOUT_MS ?? defaults.HEADERS_TIMEOUT_MS;
  const app = Fastify({
    // Secrets and e-mail addresses in URLs and error messages are redacted (http/redact.ts).
    logger: {
      level: config.LOG_LEVEL,
      serializers: logSerializers,
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    trustProxy: config.TRUST_PROXY ?? false,
    routerOptions: { maxParamLength: 500 },
    // Slow clients: the whole request must arrive within REQUEST_TIMEOUT_MS, its headers within
    // HEADERS_TIMEOUT_MS (408 and the connection closed), checked every second.
    requestTimeout: config.REQUEST_TIMEOUT_MS ?? defaults.REQUEST_TIMEOUT_MS,
    http: { headersTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout) },
    // Shutting down (main.ts), a request that arrives on a connection the server already has is
    // served, not refused with a 503: a proxy that sent a POST on it could not retry it elsewhere.
    return503OnClosing: false,
  });
  // While it shuts down, every answer closes its connection, so a proxy's keep-alive connections
  // end one by one after their last answer and the next request goes to another process.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('Connection', 'close');
    return payload;
  });
  limitConnections(app.server, {
    perAddress: config.MAX_CONNECTIONS_PER_ADDRESS ?? defaults.MAX_CONNECTIONS_PER_ADDRESS,
    trustProxy: config.TRUST_PROXY ?? false,
  });
  passwordWork.setConcurrency(config.PASSWORD_HASH_CONCURRENCY ?? defaults.PASSWORD_HASH_CONCURRENCY);
  const accountsSettings = resolveAccountsSettings(config);

  app.decorate('routeList', [] as string[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') app.routeList.push(`${method} ${route.url}`);
  });

  // One structured line per request, with its duration.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        route: request.routeOptions.url,
        statusCode: reply.statusCode,
        durationMs: Number(reply.elapsedTime.toFixed(2)),
      },
      'request',
    );
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, config.IMAGE_ORIGINS ?? []);
  await registerCors(app, config.CORS_ORIGINS ?? []);
  await registerRateLimit(app, {
    max: config.RATE_LIMIT_PER_MINUTE ?? defaults.RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
    routes: Object.fromEntries(
      PASSWORD_CHECK_ROUTES.map((route) => [route, accountsSettings.RATE_LIMIT_LOGIN_PER_MINUTE]),
    ),
  });
  // Password hashing takes turns per client (passwords.ts): the work of a request counts for its address.
  app.addHook('preHandler', (request, _reply, done) => runAsPasswordClient(request.ip, done));
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // API answers that set no Cache-Control are private, no-store (modules/read-model/cache.ts).
  registerCacheDefaults(app);
  healthRoutes(app, db);
  docsRoutes(app);
  const uploads = createLocalStorage(config.UPLOADS_DIR ?? defaults.UPLOADS_DIR);
  const algal = createAlgalService(createAlgalRepository(db, clock), uploads, clock);
  const patrols = createPatrols(db, clock);
  const waterQuality = createWaterQualityService({
    db,
    provider: providerFromConfig(
      config,
      () => (clock ?? (() => new Date()))().getTime(),
      (key, error) =>
        app.log.warn(
          { provider: 'beachwatch', key, reason: (error as Error).message },
          'water quality upstream failed',
        ),
    ),
  });
  // Finished public answers, cached per data version; answers carrying upstream data also follow it.
  // One watcher of the shared version: the caches follow the data version, the in-memory indexes
  // only the index version (a write that changes nothing they hold does not rebuild them).
  const versionWatcher = createVersionWatcher(db);
  const compressor = createCompressPool(config.COMPRESS_THREADS ?? defaults.COMPRESS_THREADS);
  app.addHook('onClose', () => compressor.close());
  const readModel = createReadModel({
    db,
    clock,
    watcher: versionWatcher,
    compressor,
    factStamps: {
      beach: () => String(waterQuality.provider?.peek()?.fetchedAt ?? ''),
      location: () => String(providerCacheGeneration()),
      map: () => String(providerCacheGeneration()),
    },
  });
  app.decorate('readModel', readModel);
  const beachesService = createBeachesService(
    createBeachesRepository(db),
    clock,
    algal,
    patrols,
    waterQuality,
  );
  beachesRoutes(app, beachesService, readModel);
  patrolsRoutes(app, patrols);
  const searchIndex = versionedBuild(
    indexVersionSource(versionWatcher),
    () => buildSearchIndex(db),
    (error) => app.log.error({ reason: (error as Error).message }, 'search index build failed'),
  );
  searchRoutes(
    app,
    createSearchService(indexedSearchRepository(createSearchRepository(db), searchIndex)),
    readModel,
  );
  notFoundRoutes(
    app,
    createNotFoundRepository(db, config.NOT_FOUND_REPORTS_MAX ?? defaults.NOT_FOUND_REPORTS_MAX),
    clock,
  );
  // One set of conditions providers: the weather routes and the alert sources share their caches.
  const weatherProviders = createWeatherProviders(resolveWeatherSettings(config), {
    now: () => (clock ?? (() => new Date()))().getTime(),
    onFailure: (provider, key, error) =>
      app.log.warn({ provider, key, reason: (error as Error).message }, 'weather upstream failed'),
  });
  const weather = registerWeather(app, { db, config, clock, providers: weatherProviders });
  // Bound below (the alerts need the accounts, which come after the location routes).
  const late: { alerts?: AlertsEvents } = {};
  const rip = registerRip(app, {
    db,
    providers: weatherProviders,
    ...(clock ? { clock } : {}),
    callsPerDay: config.OPEN_METEO_CALLS_PER_DAY ?? defaults.OPEN_METEO_CALLS_PER_DAY,
    readModel,
    // As with the alerts worker, a caller that does not say (tests) gets no background work.
    schedule: (config.RIP_OUTLOOK_REFRESH ?? 'off') === 'on',
    onRefreshed: async () => late.alerts?.ripHigh((ids) => rip.highToday(ids)),
  });
  const spatialIndex = versionedBuild(
    indexVersionSource(versionWatcher),
    () => buildSpatialIndex(db),
    (error) => app.log.error({ reason: (error as Error).message }, 'spatial index build failed'),
  );
  // Rows that change with any write (list beaches, announcements) are kept per data version.
  const locationRepository = indexedLocationRepository(createLocationRepository(db), spatialIndex, {
    dataVersion: () => readModel.version(),
  });
  const locationService = createLocationService(locationRepository, clock, {
    // Kept per data version and local date (location.memory.ts).
    patrolledToday: patrolledTodayPerVersion(
      (ids, now) => patrols.patrolledToday(ids, now),
      () => readModel.version(),
    ),
    currentObservations: (latitude, longitude) => weather.cachedCurrentObservations(latitude, longitude),
    marineWarnings: (state, latitude, longitude) => weather.warningsAt(state, latitude, longitude),
    beachWarnings: (beaches) => weather.warningSummaries(beaches),
    waterQuality: (beaches) => waterQuality.cachedForBeaches(beaches),
    ripOutlooks: (beaches) => rip.summaries(beaches),
  });
  await locationRoutes(app, locationService, readModel);
  const accounts = registerAccounts(app, db, accountsSettings, clock);
  late.alerts = registerAlerts(app, {
    db,
    config,
    clock: clock ?? (() => new Date()),
    accounts,
    providers: weatherProviders,
    waterQuality,
  });
  await algalRoutes(app, {
    accounts,
    service: algal,
    maxPhotoBytes: config.ALGAL_PHOTO_MAX_BYTES ?? defaults.ALGAL_PHOTO_MAX_BYTES,
    uploadsPathOf: uploads.pathOf,
  });
  await registerConsole(app, {
    db,
    accounts,
    patrols: { patrolledToday: (ids, now) => patrols.patrolledToday(ids, now) },
    storage: uploads,
    rip: { modelHour: (beachId, at) => rip.modelHour(beachId, at), skillReport: () => rip.skillReport() },
    maxPhotoBytes: config.ALGAL_PHOTO_MAX_BYTES ?? defaults.ALGAL_PHOTO_MAX_BYTES,
    ...(clock ? { clock } : {}),
  });
  await consoleImportRoutes(app, {
    db,
    accounts,
    scope: createScope(db),
    storage: uploads,
    maxPhotoBytes: config.ALGAL_PHOTO_MAX_BYTES ?? defaults.ALGAL_PHOTO_MAX_BYTES,
    clock: clock ?? (() => new Date()),
  });
  const articles = createArticlesRepository(db);
  articlesRoutes(app, articles, readModel);
  const syncService = createSyncService(createSyncRepository(db), clock);
  syncRoutes(app, syncService, config.WEB_DIST_DIR);
  const syncSnapshot = createSyncSnapshot({
    service: syncService,
    versions: readModel,
    onError: (error) => app.log.error({ reason: (error as Error).message }, 'sync snapshot build failed'),
    onBuilt: ({ version, quality, beaches, jsonBytes, br, buildMs }) =>
      app.log.info(
        { version, quality, beaches, jsonBytes, brBytes: br.length, buildMs: Math.round(buildMs) },
        'sync snapshot built',
      ),
  });
  app.decorate('syncSnapshot', syncSnapshot);
  snapshotRoute(app, syncSnapshot);
  await registerArticleMedia(app, path.join(config.CONTENT_DIR, 'media'));
  // Server rendering (issue 23): public pages from the same services, in process.
  const baseUrl = config.PUBLIC_BASE_URL ?? defaults.PUBLIC_BASE_URL;
  discoveryRoutes(app, { db, baseUrl, dataVersion: () => readModel.version() });
  const pages =
    (config.SSR_PAGES ?? defaults.SSR_PAGES) === 'on'
      ? createPageRenderer({
          distDir: config.WEB_DIST_DIR,
          baseUrl,
          deadlineMs: config.SSR_DATA_DEADLINE_MS ?? defaults.SSR_DATA_DEADLINE_MS,
          clock: clock ?? (() => new Date()),
          readModel,
          services: {
            beach: (beachPath) => beachesService.detail(parseBeachIdentifier(beachPath)),
            article: (slug) => readArticle(articles, slug),
            patrols: (beachId) => patrols.patrols(String(beachId), {}),
            place: (pathname, ip) =>
              locationService.locate({ body: { url: pathname }, xLocation: undefined, ip }),
            home: (ip) => locationService.locate({ body: {}, xLocation: undefined, ip }),
            homePostcode: (ip) => locationService.postcodeForAddress(ip),
          },
        })
      : undefined;
  await registerWebApp(app, config.WEB_DIST_DIR, pages);

  return app;
}
