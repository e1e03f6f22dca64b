import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchAppRoute, type BeachDetailResponse, type LocationResponse } from '@safeshore/domain';
import { HttpError } from '../http/errors.ts';
import type { CachePolicy, RawBodyLimits, ReadModel } from '../modules/read-model/index.ts';
import { rawBody, SAFETY_CACHE_CONTROL, SAFETY_CDN_CACHE_CONTROL } from '../modules/read-model/index.ts';

/**
 * Server-rendered public pages (issue 23). The web build's server entry (Vite's SSR build, in
 * `{WEB_DIST_DIR}/.server/entry-server.js`) renders a page from the same route table as the
 * browser; its data comes from the API's own services, called here in process (never over HTTP),
 * each within `deadlineMs` (a slow upstream leaves that part to the browser). Pages are cached
 * like the public reads (read model: data-version keyed, ETag, Cache-Control with
 * stale-while-revalidate). When the entry is missing (an old build) or rendering fails, the
 * client-rendered shell is sent instead, so a page never breaks because of the server renderer.
 */

/** What the server entry exports (apps/web/src/entry-server.tsx); kept structural on purpose. */
interface ServerEntry {
  RENDERED_ROUTES: ReadonlySet<string>;
  render(request: {
    url: string;
    baseUrl: string;
    reads: PageReads;
    now: Date;
    mobile: boolean;
    deadlineMs: number;
    template: string;
    manifest: Record<string, unknown> | null;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    // complete: false when a read missed its deadline (absent from builds before it was added).
    | { kind: 'page'; status: number; body: ReadableStream<Uint8Array>; complete?: boolean }
  >;
}

export interface PageReads {
  beach(path: string): Promise<unknown>;
  article(slug: string): Promise<unknown>;
  place(pathname: string): Promise<unknown>;
  patrols(beachId: number): Promise<unknown>;
  /** Home's location for this request's address (POST /api/v4/location with no body). */
  home(): Promise<unknown>;
}

/** The services a page reads from (the same ones the API routes answer with). */
export interface PageServices {
  beach(path: string): Promise<BeachDetailResponse>;
  article(slug: string): Promise<unknown>;
  place(pathname: string, ip: string): Promise<LocationResponse>;
  patrols(beachId: number): Promise<unknown>;
  /** The location answer for a caller with no body and no X-location header: by address, else the default. */
  home(ip: string): Promise<LocationResponse>;
  /** The postcode the address is located in (what `home` depends on), or null. */
  homePostcode(ip: string): Promise<string | null>;
}

export interface PagesOptions {
  distDir: string;
  baseUrl: string;
  deadlineMs: number;
  clock: () => Date;
  services: PageServices;
  readModel?: ReadModel;
}

/** Rendered pages: kept as long as beach answers (they show the same facts, with ages). */
export const PAGE_CACHE_POLICY: CachePolicy = {
  name: 'page',
  ttlMs: 30_000,
  cacheControl: SAFETY_CACHE_CONTROL,
  cdnCacheControl: SAFETY_CDN_CACHE_CONTROL,
  // Set here (Accept-Encoding plus the phone hint the first layout follows), not by the read model.
  vary: false,
};

/**
 * Home shows the place found from the caller's address (issue 23), so its HTML differs between
 * visitors of one URL: no shared cache (CDN, proxy) may keep it, only the visitor's browser, which
 * revalidates every time (a 304 while the answer for its place is unchanged). In process it is kept
 * per located postcode (not per address), and it follows the location answers' upstream stamp.
 * See docs/decisions.md ("Home is located on the server").
 */
export const HOME_PAGE_CACHE_POLICY: CachePolicy = {
  name: 'location',
  ttlMs: 30_000,
  cacheControl: 'private, no-cache',
  vary: false,
};

/**
 * A page rendered while one of its reads missed the deadline shows that part as loading: it is kept
 * only this long (in process, and by a CDN for a page a CDN may keep), so the next reader gets the
 * full answer instead of a loading page for the policy's 30 s, while a slow provider still costs at
 * most one render per page every 2 s.
 */
export const DEGRADED_PAGE_TTL_MS = 2_000;

export function degradedPageLimits(policy: CachePolicy): RawBodyLimits {
  const seconds = DEGRADED_PAGE_TTL_MS / 1000;
  return policy.cdnCacheControl === undefined
    ? { ttlMs: DEGRADED_PAGE_TTL_MS, cacheControl: policy.cacheControl, cdnCacheControl: null }
    : {
        ttlMs: DEGRADED_PAGE_TTL_MS,
        cacheControl: `public, max-age=0, s-maxage=${seconds}, must-revalidate`,
        cdnCacheControl: `public, max-age=${seconds}`,
      };
}

/**
 * A phone, as the first HTML's layout guesses it: the client hint says so, or the User-Agent does
 * (browsers without client hints, and device emulation, which changes the User-Agent only).
 */
export function looksMobile(request: FastifyRequest): boolean {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string' && hint.trim() === '?1') return true;
  return /Mobi|Android|iPhone|iPad/i.test(request.headers['user-agent'] ?? '');
}

/** A non-200 outcome: not cached, sent as is. */
class Uncached extends Error {
  readonly status: number;
  readonly html: string | null;
  readonly location: string | null;
  constructor(status: number, html: string | null, location: string | null) {
    super('uncached page outcome');
    this.status = status;
    this.html = html;
    this.location = location;
  }
}

function fileStamp(file: string): number | null {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

export function createPageRenderer(options: PagesOptions) {
  const entryFile = path.join(options.distDir, '.server', 'entry-server.js');
  const templateFile = path.join(options.distDir, 'index.html');
  let loaded: { stamp: number; entry: Promise<ServerEntry> } | null = null;
  let template: { stamp: number; html: string } | null = null;
  const manifestFile = path.join(options.distDir, '.vite', 'manifest.json');
  let manifest: { stamp: number | null; value: Record<string, unknown> | null } | null = null;

  /** The client build's manifest (the rendered route's CSS and code); null when the build has none. */
  function readManifest(): Record<string, unknown> | null {
    const stamp = fileStamp(manifestFile);
    if (manifest?.stamp !== stamp) {
      let value: Record<string, unknown> | null;
      try {
        value =
          stamp === null
            ? null
            : (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>);
      } catch {
        value = null;
      }
      manifest = { stamp, value };
    }
    return manifest.value;
  }

  /** The server entry, imported again when a rebuild replaced it (no restart needed). */
  function entry(): Promise<ServerEntry> | null {
    const stamp = fileStamp(entryFile);
    if (stamp === null) return null;
    if (loaded?.stamp !== stamp) {
      const url = `${pathToFileURL(entryFile).href}?v=${stamp}`;
      loaded = { stamp, entry: import(url) as Promise<ServerEntry> };
    }
    return loaded.entry;
  }

  function readTemplate(): string {
    const stamp = fileStamp(templateFile) ?? 0;
    if (template?.stamp !== stamp) template = { stamp, html: fs.readFileSync(templateFile, 'utf8') };
    return template.html;
  }

  function reads(ip: string): PageReads {
    const missing = (error: unknown) => {
      if (error instanceof HttpError && (error.status === 404 || error.status === 422)) return null;
      throw error;
    };
    return {
      beach: (beachPath) => options.services.beach(beachPath).catch(missing),
      article: async (slug) => {
        const article = await options.services.article(slug);
        return article ? { article } : null;
      },
      place: (pathname) => options.services.place(pathname, ip).catch(missing),
      patrols: (beachId) => options.services.patrols(beachId),
      home: () => options.services.home(ip),
    };
  }

  async function renderHtml(request: FastifyRequest, mobile: boolean, server: ServerEntry) {
    const result = await server.render({
      url: request.url,
      baseUrl: options.baseUrl,
      reads: reads(request.ip),
      now: options.clock(),
      mobile,
      deadlineMs: options.deadlineMs,
      template: readTemplate(),
      manifest: readManifest(),
    });
    if (result.kind === 'redirect') throw new Uncached(result.status, null, result.location);
    const html = await new Response(result.body).text();
    if (result.status !== 200) throw new Uncached(result.status, html, null);
    return { html, complete: result.complete !== false };
  }

  return {
    /**
     * Answers a page request with server-rendered HTML; false when this page is not rendered on
     * the server (the caller sends the client-rendered shell).
     */
    async handle(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const pathname = request.url.split('?')[0] ?? '/';
      const loading = entry();
      if (!loading) return false;
      let server: ServerEntry;
      try {
        server = await loading;
      } catch (error) {
        request.log.error({ err: error }, 'the server entry could not be loaded; pages are client-rendered');
        return false;
      }
      if (!server.RENDERED_ROUTES.has(matchAppRoute(pathname).name)) return false;
      readTemplate();
      const mobile = looksMobile(request);
      reply.header('Vary', 'Accept-Encoding, Sec-CH-UA-Mobile, User-Agent');
      try {
        // Home's answer depends on the caller's located postcode (HOME_PAGE_CACHE_POLICY).
        const home = matchAppRoute(pathname).name === 'Home';
        const policy = home ? HOME_PAGE_CACHE_POLICY : PAGE_CACHE_POLICY;
        const located = home ? ` near ${(await options.services.homePostcode(request.ip)) ?? '-'}` : '';
        if (options.readModel) {
          await options.readModel.cachedPublicResponse(
            request,
            reply,
            // A rebuilt web app (new index.html, new asset names) starts new entries.
            { policy, key: `${mobile ? 'mobile' : 'desktop'} ${template?.stamp ?? 0}${located}` },
            async () => {
              const { html, complete } = await renderHtml(request, mobile, server);
              return rawBody(
                html,
                'text/html; charset=utf-8',
                complete ? undefined : degradedPageLimits(policy),
              );
            },
          );
        } else {
          const { html, complete } = await renderHtml(request, mobile, server);
          const limits = complete ? null : degradedPageLimits(policy);
          reply.header('Cache-Control', limits ? limits.cacheControl : policy.cacheControl);
          const cdn = limits ? limits.cdnCacheControl : policy.cdnCacheControl;
          if (cdn) reply.header('CDN-Cache-Control', cdn);
          await reply.type('text/html; charset=utf-8').send(html);
        }
        return true;
      } catch (error) {
        if (error instanceof Uncached) {
          if (error.location !== null) {
            await reply
              .header('Cache-Control', 'public, max-age=3600')
              .redirect(error.location, error.status);
          } else {
            await reply
              .status(error.status)
              .header('Cache-Control', 'no-cache')
              .type('text/html; charset=utf-8')
              .send(error.html);
          }
          return true;
        }
        request.log.error({ err: error, url: request.url }, 'server rendering failed; sent the shell');
        return false;
      }
    },
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
