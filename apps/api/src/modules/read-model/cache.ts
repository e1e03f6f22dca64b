/**
 * The versioned read model: finished public responses cached in process, keyed by the public data
 * version, with strong ETags, 304s and CDN-friendly Cache-Control (issue 20).
 *
 * Usage, in a route handler (API reads, and server-rendered pages alike):
 *
 *   app.get('/api/v4/thing/:id', (request, reply) =>
 *     readModel.cachedPublicResponse(request, reply, { policy: CACHE_POLICIES.beach }, () =>
 *       service.thing(request.params.id),
 *     ),
 *   );
 *
 * `produce` runs only on a miss; its value is serialised once (JSON.stringify, as Fastify would;
 * a `rawBody(html, 'text/html; charset=utf-8')` result is stored as is, e.g. a rendered page) and
 * its br/gzip bodies are compressed once, on the first request that asks for each encoding. The
 * key is the method, URL (path and query) and `key` (anything else the answer depends on: a POST
 * body, a header); the data version is implicit: when it changes, every entry goes. Errors thrown
 * by `produce` (404, 422) are not cached and reach the error handler as before.
 *
 * Server-rendered pages: `app.readModel.cachedPublicResponse(request, reply, { policy, key },
 * async () => rawBody(html, 'text/html; charset=utf-8'))`, with a policy of your own
 * (`{ name, ttlMs, cacheControl }`); a page that shows what a beach detail shows should take the
 * name 'beach' and its TTL, so it follows the same upstream stamps (see ReadModelOptions.factStamps).
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { fastCompressOptions, type FastEncoding } from './compress-fast.js';
import { inlineCompressor, type Compressor } from './compress-pool.ts';
import { createVersionWatcher, VERSION_CHECK_INTERVAL_MS, type VersionWatcher } from './version.ts';

export { ONE_OFF_BROTLI_QUALITY, ONE_OFF_GZIP_LEVEL } from './compress-fast.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli quality of cached bodies. 6, not higher: on a 7 KB location answer quality 9 takes 15 times
 * as long (1.8 ms against 0.12) for 0.3% fewer bytes, and answers that are asked once (a new
 * coordinate) pay it in full.
 */
export const CACHE_BROTLI_QUALITY = 6;
/**
 * One-off bodies up to this size are compressed by the read model's Compressor (worker threads, or on
 * the spot); larger ones in libuv's thread pool.
 */
const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;
/** How many keys of one-off answers asked once are remembered (to keep them when asked again). */
const ONE_OFF_SEEN_MAX = 20_000;
/** Bodies smaller than this are sent uncompressed (as @fastify/compress's threshold). */
const COMPRESS_THRESHOLD = 1024;
/** Memory bound of one process's cache (JSON plus compressed bodies), least recently used out first. */
export const READ_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * How long one kind of answer may be kept, in process and by HTTP caches.
 *
 * - `ttlMs`: the in-process limit on the app's clock, for answers that depend on time as well as
 *   on data (patrolled today, statuses that expire, provider data with ages, "rendered at"): they
 *   are produced again at least this often, whatever the version. Null: only a write ends it.
 * - `cacheControl`: what browsers and CDNs are told. A closure must reach readers within a minute
 *   through a CDN: safety answers use max-age + stale-while-revalidate <= 60 s.
 * - `cdnCacheControl`: for safety answers, browsers are told to ask every time (`max-age=0,
 *   must-revalidate`: a 304 when nothing changed, never a closure hidden behind their own cache),
 *   while shared caches keep them `s-maxage` seconds and CDNs that read `CDN-Cache-Control`
 *   (RFC 9213) also serve stale while revalidating.
 */
export interface CachePolicy {
  /** Names the kind of answer (ReadModelOptions.factStamps are per kind). */
  name: string;
  ttlMs: number | null;
  cacheControl: string;
  /** Sent as CDN-Cache-Control (RFC 9213), for CDNs only. */
  cdnCacheControl?: string;
  /**
   * JSON keys that carry only the time the answer was made ("rendered_at"). When the TTL ends and
   * the answer made again is the same but for these, the cached one is kept, with its time and its
   * ETag (a 304 for whoever holds it), for up to RENDER_REUSE_MAX_MS: the time shown is when these
   * exact bytes were made, which stays true, and the ETag changes only when what a reader sees does.
   */
  renderTimeFields?: readonly string[];
  /** Compressed bodies vary with Accept-Encoding (false for POST answers no shared cache keeps). */
  vary?: boolean;
  /**
   * Answers that are mostly asked for once (a location by a new coordinate): compressed at a fast
   * level (ONE_OFF_BROTLI_QUALITY: a few tens of microseconds instead of a hundred) by the read
   * model's Compressor (worker threads by default: compress-pool.ts), and kept only from their
   * second request in a data version, so a stream of one-off answers never pushes the reused ones
   * out of the cache.
   */
  oneOff?: boolean;
}

/** Safety answers (beach detail, map boxes, rendered pages): browsers ask every time, CDNs keep 30 s. */
export const SAFETY_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, must-revalidate';
export const SAFETY_CDN_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=30';

export const CACHE_POLICIES = {
  /** Beach detail: status, warnings, patrols today, water quality (with ages). */
  beach: {
    name: 'beach',
    ttlMs: 30_000,
    renderTimeFields: ['rendered_at'],
    cacheControl: SAFETY_CACHE_CONTROL,
    cdnCacheControl: SAFETY_CDN_CACHE_CONTROL,
  },
  /** Map boxes: list beaches with their status and patrolled today. */
  map: {
    name: 'map',
    ttlMs: 30_000,
    cacheControl: SAFETY_CACHE_CONTROL,
    cdnCacheControl: SAFETY_CDN_CACHE_CONTROL,
  },
  /**
   * POST /api/v4/location: never kept by shared caches (a POST, and the answer may depend on the
   * caller's address); in process like the map.
   */
  location: { name: 'location', ttlMs: 30_000, cacheControl: 'private, no-cache', vary: false },
  /** POST /api/v4/location with a coordinate: as `location`, but most coordinates are asked once. */
  locationPoint: {
    name: 'location',
    ttlMs: 30_000,
    cacheControl: 'private, no-cache',
    vary: false,
    oneOff: true,
  },
  /**
   * The rip outlook (issue 29): changes with a refresh or a lifesaver's report (both raise the
   * version) and with the time (its age, the beach's today): made again at least every minute.
   */
  ripOutlook: {
    name: 'ripOutlook',
    ttlMs: 60_000,
    cacheControl: SAFETY_CACHE_CONTROL,
    cdnCacheControl: SAFETY_CDN_CACHE_CONTROL,
  },
  /** Names, places and links only: no safety facts. A removed beach disappears within 3 minutes. */
  autocomplete: {
    name: 'autocomplete',
    ttlMs: null,
    cacheControl: 'public, max-age=60, stale-while-revalidate=120',
  },
  /** Surf-safety articles: editorial text. */
  article: { name: 'article', ttlMs: null, cacheControl: 'public, max-age=300, stale-while-revalidate=600' },
} as const satisfies Record<string, CachePolicy>;

/**
 * How long an answer unchanged but for its render time is kept past its TTL (renderTimeFields): a
 * "Rendered @" time at most this old, and 20 ETags an hour at most instead of 120.
 */
export const RENDER_REUSE_MAX_MS = 10 * 60_000;

/**
 * How long past its TTL an answer of the current version is still served while the database is
 * away (PostgreSQL restarting): a reader gets the last answer instead of a 503. A write cannot
 * commit meanwhile, so only the time-dependent parts (patrolled now, ages) can be behind.
 */
export const STALE_IF_UNAVAILABLE_MS = 5 * 60_000;

/** The JSON text with the values of these keys blanked (their values are strings: ISO times). */
function withoutFields(body: Buffer, fields: readonly string[]): string {
  let text = body.toString('utf8');
  for (const field of fields) text = text.replaceAll(new RegExp(`"${field}":"[^"]*"`, 'g'), `"${field}":""`);
  return text;
}

const RAW = Symbol('raw body');

/** A result that is not JSON (a rendered page): stored and sent as given. Make one with rawBody(). */
export interface RawBody {
  [RAW]: true;
  body: string | Buffer;
  contentType: string;
  /** This answer's own limits instead of the policy's (see RawBodyLimits). */
  limits?: RawBodyLimits;
}

/**
 * Limits of one produced answer that is worse than the usual (a page rendered while a read missed
 * its deadline shows that part as loading): kept `ttlMs` only, and sent with these headers.
 */
export interface RawBodyLimits {
  ttlMs: number;
  cacheControl: string;
  /** Sent as CDN-Cache-Control; null sends none. */
  cdnCacheControl: string | null;
}

/** Wraps a finished non-JSON body (e.g. server-rendered HTML) for cachedPublicResponse. */
export function rawBody(body: string | Buffer, contentType: string, limits?: RawBodyLimits): RawBody {
  return { [RAW]: true, body, contentType, ...(limits && { limits }) };
}

interface Entry {
  version: number;
  /** When last produced (or found unchanged: CachePolicy.renderTimeFields): the TTL runs from it. */
  createdAt: number;
  /** When its bytes were made. */
  firstMadeAt?: number;
  /** The policy's fact stamp when produced (see ReadModelOptions.factStamps). */
  stamp: string;
  status: number;
  contentType: string;
  /**
   * Base of the strong ETags: a hash of the body (each encoding adds its suffix), made on the first
   * GET or HEAD that needs it: a POST answer has no ETag (see cachedPublicResponse).
   */
  tag?: string;
  identity: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
  bytes: number;
  /** The answer's own limits (RawBodyLimits), else the policy's apply. */
  limits?: RawBodyLimits;
  /** Compressed fast (CachePolicy.oneOff). */
  fast: boolean;
}

export interface CachedResponseOptions {
  policy: CachePolicy;
  /** What else the answer depends on besides method and URL (a POST body, a header). */
  key?: string;
  /** Status of a cached answer (default 200). */
  status?: number;
}

export interface ReadModel {
  /**
   * Answers from the cache when it holds this request's answer for the current data version (and
   * within the policy's TTL), else runs `produce` once for all requests waiting on the same key.
   * Sets ETag (strong, per encoding), Cache-Control and Vary; If-None-Match → 304.
   */
  cachedPublicResponse(
    request: FastifyRequest,
    reply: FastifyReply,
    options: CachedResponseOptions,
    produce: () => Promise<unknown>,
  ): Promise<FastifyReply>;
  /** The current public data version (checked at most every VERSION_CHECK_INTERVAL_MS). */
  version(): Promise<number>;
  /** Runs when another version is seen (indexes and snapshots rebuild on it). */
  onVersionChange(listener: (version: number) => void): void;
  /** Cache figures, for tests and benchmarks. */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  /** Empties the cache (tests). */
  clear(): void;
}

export interface ReadModelOptions {
  db: Database;
  clock?: () => Date;
  maxBytes?: number;
  versionCheckIntervalMs?: number;
  watcher?: VersionWatcher;
  /**
   * Per policy name: a stamp of data from outside the database that answers of that kind carry
   * (the water quality feed's fetch time, the provider caches' generation). A cached answer is
   * used only while its stamp is unchanged, so new upstream data shows at once, not after the TTL.
   */
  factStamps?: Record<string, () => string>;
  /** Compresses one-off answers (compress-pool.ts); default: on the event loop. */
  compressor?: Compressor;
}

/** Accept-Encoding values seen (browsers send a handful of them) with their choice. */
const chosenEncodings = new Map<string, 'br' | 'gzip' | null>();

/** The encoding to send: br, then gzip, when accepted (q=0 refuses); null for identity. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const known = chosenEncodings.get(header);
  if (known !== undefined) return known;
  const chosen = parseAcceptEncoding(header);
  if (chosenEncodings.size >= 64) chosenEncodings.clear();
  chosenEncodings.set(header, chosen);
  return chosen;
}

function parseAcceptEncoding(header: string): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

const SUFFIX = { br: '-br', gzip: '-gz' } as const;

/** The strong ETag of one representation: the body's hash, with the content coding's suffix. */
function etagOf(tag: string, encoding: 'br' | 'gzip' | null): string {
  return `"${tag}${encoding ? SUFFIX[encoding] : ''}"`;
}

/**
 * If-None-Match against a body hash: any representation of the same body matches (the client
 * holds those bytes, in whichever coding it received them), "*" matches anything.
 */
export function matchesIfNoneMatch(header: string | string[] | undefined, tag: string): boolean {
  if (!header) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  for (const raw of text.split(',')) {
    const value = raw.trim();
    if (value === '*') return true;
    const match = /^(?:W\/)?"([^"]*)"$/.exec(value);
    if (!match) continue;
    const base = match[1]!.replace(/-(?:br|gz)$/, '');
    if (base === tag) return true;
  }
  return false;
}

export function hashBody(body: Buffer): string {
  // One-shot (no Hash object per answer).
  return crypto.hash('sha256', body, 'base64url').slice(0, 27);
}

export function createReadModel({
  db,
  clock = () => new Date(),
  maxBytes = READ_CACHE_MAX_BYTES,
  versionCheckIntervalMs = VERSION_CHECK_INTERVAL_MS,
  watcher = createVersionWatcher(db, versionCheckIntervalMs),
  factStamps = {},
  compressor = inlineCompressor,
}: ReadModelOptions): ReadModel {
  /** A one-off body compressed fast (CachePolicy.oneOff): by the compressor, or in the thread pool when large. */
  const compressOneOff = (body: Buffer, encoding: FastEncoding): Promise<Buffer> => {
    if (body.length <= SYNC_COMPRESS_MAX_BYTES) return compressor.compress(body, encoding);
    const options = fastCompressOptions(body);
    return encoding === 'br' ? brotli(body, options.brotli) : gzip(body, options.gzip);
  };

  // A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry>>();
  /** Keys of one-off answers produced once in this version and not kept (CachePolicy.oneOff). */
  const seenOnce = new Set<string>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let cachedVersion: number | null = null;

  const clear = () => {
    entries.clear();
    pending.clear();
    seenOnce.clear();
    bytes = 0;
  };
  watcher.onChange(() => clear());

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const store = (key: string, entry: Entry) => {
    remove(key);
    if (entry.bytes > maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    while (bytes > maxBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  };

  /** Whether to keep an answer: always, except a one-off answer the first time it is asked. */
  const admit = (key: string, policy: CachePolicy): boolean => {
    if (!policy.oneOff || seenOnce.delete(key)) return true;
    if (seenOnce.size >= ONE_OFF_SEEN_MAX) seenOnce.clear();
    seenOnce.add(key);
    return false;
  };

  const compressed = (key: string, entry: Entry, encoding: 'br' | 'gzip'): Promise<Buffer> => {
    const existing = entry[encoding];
    if (existing) return existing;
    const kept = entries.get(key) === entry;
    const promise = (
      entry.fast
        ? compressOneOff(entry.identity, encoding)
        : encoding === 'br'
          ? brotli(entry.identity, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: CACHE_BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length,
              },
            })
          : gzip(entry.identity, { level: 6 })
    ).then((body) => (kept ? ownBytes(body) : body));
    entry[encoding] = promise;
    void promise.then(
      (body) => {
        // Counted once it exists; an entry evicted meanwhile is no longer in the map.
        if (entries.get(key) === entry) {
          entry.bytes += body.length;
          bytes += body.length;
        }
      },
      () => {
        delete entry[encoding];
      },
    );
    return promise;
  };

  /** The entry to send, and how long its `produce` took when this request ran it (else null). */
  async function entryFor(
    key: string,
    version: number,
    options: CachedResponseOptions,
    produce: () => Promise<unknown>,
  ): Promise<{ entry: Entry; rendered: number | null }> {
    const now = clock().getTime();
    const found = entries.get(key);
    const ttl = found?.limits ? found.limits.ttlMs : options.policy.ttlMs;
    const stamp = factStamps[options.policy.name]?.() ?? '';
    if (
      found &&
      found.version === version &&
      found.stamp === stamp &&
      (ttl === null || (now >= found.createdAt && now - found.createdAt < ttl))
    ) {
      hits++;
      entries.delete(key);
      entries.set(key, found);
      return { entry: found, rendered: null };
    }
    const waiting = pending.get(key);
    if (waiting) {
      hits++;
      return { entry: await waiting, rendered: null };
    }
    misses++;
    const started = performance.now();
    let produced = false;
    const promise = (async () => {
      let value: unknown;
      try {
        value = await produce();
      } catch (error) {
        if (
          found &&
          found.version === version &&
          isDatabaseUnavailable(error) &&
          now - found.createdAt < STALE_IF_UNAVAILABLE_MS
        )
          return found;
        throw error;
      }
      produced = true;
      const raw = isRawBody(value) ? value : null;
      const identity = raw
        ? Buffer.isBuffer(raw.body)
          ? raw.body
          : Buffer.from(raw.body, 'utf8')
        : Buffer.from(JSON.stringify(value), 'utf8');
      // The same answer but for its render time: keep the one cached (same bytes, same ETag).
      const fields = options.policy.renderTimeFields;
      if (
        fields &&
        !raw &&
        found &&
        found.version === version &&
        found.firstMadeAt !== undefined &&
        now >= found.firstMadeAt &&
        now - found.firstMadeAt < RENDER_REUSE_MAX_MS &&
        withoutFields(found.identity, fields) === withoutFields(identity, fields)
      ) {
        found.createdAt = now;
        found.stamp = stamp;
        if (entries.get(key) !== found && cachedVersion === version) store(key, found);
        return found;
      }
      const entry: Entry = {
        version,
        createdAt: now,
        firstMadeAt: now,
        stamp,
        status: options.status ?? 200,
        contentType: raw?.contentType ?? 'application/json; charset=utf-8',
        identity,
        bytes: identity.length + key.length * 2 + 200,
        ...(raw?.limits && { limits: raw.limits }),
        fast: options.policy.oneOff === true,
      };
      if (cachedVersion === version && admit(key, options.policy)) {
        // Kept: in a memory block of its own (ownBytes). An answer not kept is sent and dropped.
        entry.identity = ownBytes(identity);
        store(key, entry);
      }
      return entry;
    })();
    pending.set(key, promise);
    try {
      const entry = await promise;
      return { entry, rendered: produced ? performance.now() - started : null };
    } finally {
      if (pending.get(key) === promise) pending.delete(key);
    }
  }

  return {
    async cachedPublicResponse(request, reply, options, produce) {
      const version = await watcher.current();
      if (cachedVersion !== version) {
        clear();
        cachedVersion = version;
      }
      const key = `${request.method === 'HEAD' ? 'GET' : request.method} ${request.url}\n${options.key ?? ''}`;
      const { entry, rendered } = await entryFor(key, version, options, produce);
      // Which requests made their answer (the others were served from the cache): a proxy's log of
      // upstream answers then counts the origin's renders (bench/cluster.ts, the stampede).
      if (rendered !== null) reply.header('Server-Timing', `render;dur=${rendered.toFixed(1)}`);

      const encoding =
        entry.identity.length >= COMPRESS_THRESHOLD
          ? chooseEncoding(request.headers['accept-encoding'])
          : null;
      const limits = entry.limits;
      reply.header('Cache-Control', limits ? limits.cacheControl : options.policy.cacheControl);
      const cdn = limits ? limits.cdnCacheControl : options.policy.cdnCacheControl;
      if (cdn) reply.header('CDN-Cache-Control', cdn);
      if (options.policy.vary !== false) addVary(reply, 'Accept-Encoding');
      // ETags and 304s for GET and HEAD. A POST answer (a location) gets neither: no cache stores a
      // POST answer to revalidate it, and RFC 9110 asks a 412, not a 304, of a POST whose
      // If-None-Match matches; the hash of every one-off answer would be work no one uses.
      if (request.method === 'GET' || request.method === 'HEAD') {
        const tag = (entry.tag ??= hashBody(entry.identity));
        reply.header('ETag', etagOf(tag, encoding));
        if (entry.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], tag)) {
          return reply.code(304).send();
        }
      }
      reply.code(entry.status).type(entry.contentType);
      if (!encoding) return reply.send(entry.identity);
      // A one-off answer not kept (asked once) is compressed for this request only: no promise kept.
      const body =
        entry.fast && entries.get(key) !== entry
          ? await compressOneOff(entry.identity, encoding)
          : await compressed(key, entry, encoding);
      return reply.header('Content-Encoding', encoding).send(body);
    },
    version: () => watcher.current(),
    onVersionChange: (listener) => watcher.onChange(listener),
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
    clear,
  };
}

/** Adds a field to Vary, keeping what others put there (CORS adds Origin). */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('Vary');
  const fields = String(current ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('Vary', [...fields, field].join(', '));
}

/**
 * API answers that say nothing about caching are per-user or not meant to be kept: they get
 * `private, no-store`, so no browser or CDN keeps them (public reads set their own policy).
 */
export function registerCacheDefaults(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.getHeader('Cache-Control') === undefined && /^\/(api|auth)\//.test(request.url)) {
      reply.header('Cache-Control', 'private, no-store');
    }
    return payload;
  });
}

/**
 * The bytes in a memory block of their own, so the cache's byte count is what it holds. A small
 * Buffer.from(string) is a slice of Node's shared 8 KB pool, and zlib's result is a slice of its
 * 16 KB output chunk: kept in the cache, a 600-byte compressed answer held its whole 16 KB chunk
 * (the count said 600), and one small slice kept a pool block of other answers' garbage alive.
 */
function ownBytes(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

function isRawBody(value: unknown): value is RawBody {
  return typeof value === 'object' && value !== null && RAW in value;
}
