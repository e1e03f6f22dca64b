import type { FastifyInstance } from 'fastify';
import { matchAppRoute } from '@safeshore/domain';
import type { Database } from '../db/schema.ts';
import { beachRowUrl, placeUrl } from '../modules/beaches/beaches.presenter.ts';

/**
 * Discovery for search engines (issue 23): robots.txt and a sitemap index whose sitemaps list every
 * beach, place and article page (at most 50,000 addresses each, the sitemap protocol's limit), with
 * `lastmod` from the data. Built from the database, kept in memory and rebuilt when the public data
 * version changes (an import, an edit).
 */

/** The sitemap protocol's limit of addresses per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  /** Path on the site ("/beach/nsw/…"). */
  path: string;
  /** YYYY-MM-DD or a full ISO time; absent when the data has no date for it. */
  lastmod?: string;
}

/** Pages that are for one person (accounts, settings): crawlers have nothing to read there. */
const PRIVATE_PATHS = [
  '/api/',
  '/login',
  '/register',
  '/reset',
  '/logout',
  '/verify-email/',
  '/my-beaches',
  '/profile',
  '/offline-settings',
  '/algal-bloom-metrics',
];

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function xmlEscape(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A sitemap's XML (one file of at most SITEMAP_MAX_URLS addresses). */
export function sitemapXml(baseUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url><loc>${xmlEscape(baseUrl + entry.path)}</loc>${
        entry.lastmod ? `<lastmod>${xmlEscape(entry.lastmod)}</lastmod>` : ''
      }</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** The index naming each sitemap file, with the newest lastmod of its addresses. */
export function sitemapIndexXml(baseUrl: string, files: ReadonlyArray<readonly SitemapEntry[]>): string {
  const items = files.map((entries, index) => {
    const newest = entries.reduce<string | undefined>(
      (max, entry) => (entry.lastmod && (!max || entry.lastmod > max) ? entry.lastmod : max),
      undefined,
    );
    return `<sitemap><loc>${xmlEscape(`${baseUrl}/sitemaps/${index + 1}.xml`)}</loc>${
      newest ? `<lastmod>${xmlEscape(newest)}</lastmod>` : ''
    }</sitemap>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...items,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** Splits the addresses into sitemap files of at most `max` each (always at least one file). */
export function splitSitemap<T>(entries: readonly T[], max = SITEMAP_MAX_URLS): T[][] {
  if (entries.length === 0) return [[]];
  const files: T[][] = [];
  for (let start = 0; start < entries.length; start += max) files.push(entries.slice(start, start + max));
  return files;
}

/** A date column as the sitemap's W3C date (the day is enough; unreadable values are left out). */
function lastmodOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/** Every public page worth listing: Home, each beach, each place with beaches, each article. */
export async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const [beaches, places, articles] = await Promise.all([
    db
      .selectFrom('beaches')
      .select(['state', 'area_slug', 'city_slug', 'slug', 'updated_at'])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('localities')
      .select(['state', 'area_slug', 'slug'])
      .where('beaches_count', '>', 0)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('articles')
      .select(['slug', 'updated_at'])
      .where('published', '=', 1)
      .orderBy('slug')
      .execute(),
  ]);
  const seen = new Set<string>();
  const entries: SitemapEntry[] = [{ path: '/' }];
  const add = (entry: SitemapEntry) => {
    if (seen.has(entry.path)) return;
    seen.add(entry.path);
    entries.push(entry);
  };
  // A beach page is /beach + the beach's url (as the web app links it).
  for (const beach of beaches)
    add({ path: `/beach${beachRowUrl(beach)}`, lastmod: lastmodOf(beach.updated_at) });
  for (const place of places) add({ path: placeUrl(place) });
  for (const article of articles) {
    add({
      // About, Apps, Privacy Policy and Data are articles shown at their own route ("/about").
      path:
        matchAppRoute(`/${article.slug}`).name.toLowerCase() === article.slug
          ? `/${article.slug}`
          : `/surf-safety/${article.slug}`,
      lastmod: lastmodOf(article.updated_at),
    });
  }
  return entries;
}

export interface DiscoveryOptions {
  db: Database;
  baseUrl: string;
  /** The public data version (read model); the sitemap is rebuilt when it changes. */
  dataVersion?: () => Promise<number>;
  /** Addresses per sitemap file (tests lower it; the protocol's limit by default). */
  maxUrls?: number;
}

const CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

export function discoveryRoutes(app: FastifyInstance, options: DiscoveryOptions): void {
  const { db, baseUrl, dataVersion, maxUrls = SITEMAP_MAX_URLS } = options;
  interface Built {
    version: number | null;
    index: string;
    files: string[];
  }
  let cached: Built | null = null;
  let building: Promise<Built> | null = null;

  async function sitemaps(): Promise<Built> {
    const version = dataVersion ? await dataVersion() : null;
    if (cached && version !== null && cached.version === version) return cached;
    building ??= (async () => {
      try {
        const files = splitSitemap(await sitemapEntries(db), maxUrls);
        const built: Built = {
          version,
          index: sitemapIndexXml(baseUrl, files),
          files: files.map((entries) => sitemapXml(baseUrl, entries)),
        };
        cached = built;
        return built;
      } finally {
        building = null;
      }
    })();
    return building;
  }

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('Cache-Control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robotsTxt(baseUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) => {
    const { index } = await sitemaps();
    return reply.header('Cache-Control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(index);
  });
  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file);
    const { files } = await sitemaps();
    const file = match ? files[Number(match[1]) - 1] : undefined;
    if (file === undefined)
      return reply.status(404).type('text/plain; charset=utf-8').send('No such sitemap.');
    return reply.header('Cache-Control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(file);
  });
}
