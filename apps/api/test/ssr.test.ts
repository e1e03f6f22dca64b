import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BeachDetailResponseSchema,
  LocationResponseSchema,
  type BeachDetailResponse,
} from '@safeshore/domain';
import { loadConfig, ROOT_DIR } from '../src/config.ts';
import { importIpRanges } from '../src/db/seed/ip-ranges.ts';
import { contentSecurityPolicy } from '../src/http/security.ts';
import { createReadModel } from '../src/modules/read-model/index.ts';
import {
  discoveryRoutes,
  sitemapIndexXml,
  sitemapXml,
  splitSitemap,
  SITEMAP_MAX_URLS,
  type SitemapEntry,
} from '../src/web/discovery.ts';
import { createPageRenderer, DEGRADED_PAGE_TTL_MS, PAGE_CACHE_POLICY } from '../src/web/pages.ts';
import { isPagePath, registerWebApp } from '../src/web/static.ts';
import { TEST_NOW } from './clock.ts';
import { openTestDatabase, startTestApp, type TestApp } from './helpers.ts';

/**
 * Server-rendered pages (issue 23), through the real server entry: Vite's SSR build of the web app,
 * built once here into a temporary WEB_DIST_DIR beside a template shaped like the built index.html.
 */

const BASE = 'https://safeshore.example';
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';
const TEMPLATE = `<!doctype html>
<html lang="en-AU">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="SafeShore: find an Australian beach."
    />
    <title>SafeShore</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>SafeShore needs JavaScript to show beach information.</noscript>
  </body>
</html>
`;

let dist: string;
let t: TestApp;

/** Builds the server entry (about 5-20 s on a busy machine: the hook's timeout allows for it). */
function buildServerEntry(outDir: string): void {
  const web = path.join(ROOT_DIR, 'apps', 'web');
  const vite = path.join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--ssr', '--logLevel', 'error'], {
    cwd: web,
    env: { ...process.env, NODE_ENV: 'production', WEB_DIST_DIR: outDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`SSR build failed: ${result.stderr}`);
  fs.writeFileSync(path.join(outDir, 'index.html'), TEMPLATE);
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-ssr-'));
  buildServerEntry(dist);
  t = await startTestApp({ webDistDir: dist, config: { PUBLIC_BASE_URL: BASE, LOG_LEVEL: 'error' } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

interface Head {
  title: string;
  description: string | undefined;
  canonical: string | undefined;
  meta: Record<string, string>;
  jsonLd: Array<Record<string, unknown>>;
}

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`${name}="([^"]*)"`).exec(tag);
  return match?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function headOf(html: string): Head {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta: Record<string, string> = {};
  for (const tag of head.match(/<meta [^>]*>/g) ?? []) {
    const key = attr(tag, 'property') ?? attr(tag, 'name');
    const content = attr(tag, 'content');
    if (key && content !== undefined) meta[key] = content;
  }
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '',
    description: meta.description,
    canonical: attr(/<link rel="canonical"[^>]*>/.exec(head)?.[0] ?? '', 'href'),
    meta,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    ),
  };
}

/** Every script of the page is a file or data (JSON): nothing inline runs (CSP script-src 'self'). */
function expectNoInlineScripts(html: string): void {
  for (const tag of html.match(/<script[^>]*>/g) ?? []) {
    const executable = !/type="application\/(ld\+)?json"/.test(tag);
    if (executable) expect(tag).toMatch(/ src="/);
  }
}

function payloadOf(html: string): { queries: { queries: unknown[] }; router: unknown } {
  const match = /<script type="application\/json" id="ssr-data">([^<]*)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as { queries: { queries: unknown[] }; router: unknown };
}

describe('a beach page', () => {
  it('arrives as HTML holding the beach, Right now and the emergency line', async () => {
    const res = await t.app.inject(BONDI);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toMatch(/<h1 id="beach-title"[^>]*>Bondi Beach<\/h1>/);
    expect(html).toMatch(/aria-label(ledby)?="[^"]*"[^>]*>[\s\S]*Right now/);
    expect(html).toContain('000');
    expect(html).not.toContain('SafeShore needs JavaScript');
    expectNoInlineScripts(html);
    // The data the page was rendered from travels with it (the browser does not ask again).
    expect(JSON.stringify(payloadOf(html).queries)).toContain('"Bondi Beach"');
  });

  it('has its title, description, canonical, previews and Beach JSON-LD with coordinates', async () => {
    const api = BeachDetailResponseSchema.parse(
      (await t.app.inject('/api/v4/beach/nsw/waverley/bondi-beach/bondi-beach')).json(),
    );
    const head = headOf((await t.app.inject(BONDI)).body);
    expect(head.title).toBe('Bondi Beach | SafeShore');
    expect(head.description).toContain('Bondi Beach');
    expect(head.description).toContain('Triple Zero (000)');
    expect(head.canonical).toBe(`${BASE}${BONDI}`);
    expect(head.meta['og:title']).toBe('Bondi Beach | SafeShore');
    expect(head.meta['og:description']).toBe(head.description);
    expect(head.meta['og:url']).toBe(`${BASE}${BONDI}`);
    expect(head.meta['og:image']).toBe(`${BASE}/icons/icon-512.png`);
    expect(head.meta['twitter:card']).toBe('summary');
    expect(head.meta['twitter:title']).toBe('Bondi Beach | SafeShore');
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'Beach',
        name: 'Bondi Beach',
        url: `${BASE}${BONDI}`,
        geo: { '@type': 'GeoCoordinates', latitude: api.beach.latitude, longitude: api.beach.longitude },
      }),
    ]);
  });

  it('describes an unrated beach with no patrol data as unknown, never as safe', async () => {
    const head = headOf((await t.app.inject(BONDI)).body);
    expect(head.description).toMatch(/Hazard rating (not known|\d)/);
    expect(head.description).not.toMatch(/no hazard|not hazardous/i);
  });

  it('is cacheable like the public reads: ETag, stale-while-revalidate, 304 when unchanged', async () => {
    const first = await t.app.inject(BONDI);
    // Browsers revalidate every time (ETag -> 304); CDNs keep the page 30 s and revalidate in the background.
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, must-revalidate');
    expect(first.headers['cdn-cache-control']).toBe('public, max-age=30, stale-while-revalidate=30');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: BONDI, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(String(first.headers.vary)).toContain('Accept-Encoding');
  });

  it('keeps the same Content Security Policy as every other answer', async () => {
    const page = await t.app.inject(BONDI);
    const health = await t.app.inject('/healthz');
    expect(page.headers['content-security-policy']).toBe(health.headers['content-security-policy']);
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy());
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('guesses the phone layout from the client hint', async () => {
    const phone = await t.app.inject({ url: BONDI, headers: { 'sec-ch-ua-mobile': '?1' } });
    const desktop = await t.app.inject({ url: BONDI, headers: { 'sec-ch-ua-mobile': '?0' } });
    expect(phone.body).toContain('app--mobile');
    expect(desktop.body).toContain('app--desktop');
  });
});

describe('an article page', () => {
  it('holds the article text, its title and Article JSON-LD', async () => {
    const api = (await t.app.inject('/api/v4/surf-safety/ripcurrents')).json() as {
      article: { title: string; summary: string };
    };
    const res = await t.app.inject('/surf-safety/ripcurrents');
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toBe(`${api.article.title} | SafeShore`);
    expect(head.canonical).toBe(`${BASE}/surf-safety/ripcurrents`);
    expect(head.meta['og:type']).toBe('article');
    expect(head.jsonLd[0]).toMatchObject({ '@type': 'Article', headline: api.article.title });
    expect(res.body).toMatch(new RegExp(`<h1[^>]*>${api.article.title}</h1>`));
    expect(res.body).toMatch(/rip current/i);
    expectNoInlineScripts(res.body);
  });

  it('renders content pages (About) the same way', async () => {
    const res = await t.app.inject('/about');
    expect(res.statusCode).toBe(200);
    expect(headOf(res.body).title).toMatch(/ \| SafeShore$/);
    expect(headOf(res.body).canonical).toBe(`${BASE}/about`);
  });
});

describe('place and state pages', () => {
  it('a place page has its title, description and canonical', async () => {
    const res = await t.app.inject('/nsw/waverley/bondi-beach');
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toBe('Bondi Beach | SafeShore');
    expect(head.description).toMatch(/^Beaches in and near Bondi Beach, New South Wales 2026/);
    expect(head.canonical).toBe(`${BASE}/nsw/waverley/bondi-beach`);
  });

  it('a state goes to its capital with a permanent redirect', async () => {
    const res = await t.app.inject('/nsw');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/nsw/sydney/sydney');
  });
});

/**
 * The map page's frame. The spec has no map route (section 2: any other path is a 404): the map is a
 * section of Home and the place pages ("Explore using the Map", inline on large screens, a Map
 * button and dialog on small ones) and a card on the beach page. Those pages are in the one route
 * table, so their map's frame is rendered on the server; Leaflet and the tiles stay in the browser.
 */
describe("the map's frame", () => {
  const DESKTOP = { 'sec-ch-ua-mobile': '?0' };
  const PHONE = { 'sec-ch-ua-mobile': '?1' };
  /** The map section's markup: its heading, and whatever stands in for the map itself. */
  function mapSection(html: string): string | null {
    const at = html.indexOf('<section class="map-section"');
    return at < 0 ? null : html.slice(at, html.indexOf('</section>', at) + '</section>'.length);
  }
  const noLeaflet = (html: string) => {
    expect(html).not.toMatch(/leaflet-container|leaflet-tile/);
    // Leaflet's code is not preloaded either: it loads when the map comes near the screen.
    expect(html).not.toMatch(/<link rel="modulepreload" href="[^"]*BeachMap/);
  };

  it('a place page holds its map section (heading and placeholder), without Leaflet', async () => {
    const res = await t.app.inject({ url: '/nsw/waverley/bondi-beach', headers: DESKTOP });
    expect(res.statusCode).toBe(200);
    const section = mapSection(res.body);
    expect(section).not.toBeNull();
    expect(section).toMatch(/<h2 id="[^"]+">Explore using the Map<\/h2>/);
    expect(section).toContain('map-section__placeholder');
    noLeaflet(res.body);
  });

  it('on a phone the section holds the Map button that opens the map', async () => {
    const res = await t.app.inject({ url: '/nsw/waverley/bondi-beach', headers: PHONE });
    const section = mapSection(res.body);
    expect(section).toMatch(/Explore using the Map<\/h2><button type="button" class="button">Map<\/button>/);
    noLeaflet(res.body);
  });

  it("Home holds the map section of the visitor's place", async () => {
    const res = await t.app.inject({ url: '/', headers: DESKTOP });
    expect(res.statusCode).toBe(200);
    // Home is rendered with the visitor's place (here the default place, as the API answers an
    // address nobody knows), and with it the map's frame.
    expect(payloadOf(res.body).queries.queries.length).toBeGreaterThan(0);
    expect(mapSection(res.body)).toMatch(/>Explore using the Map<\/h2>/);
    expect(mapSection(res.body)).toContain('map-section__placeholder');
    noLeaflet(res.body);
  });

  it("a beach page holds its map card on a large screen and the Map button on a phone's", async () => {
    const desktop = await t.app.inject({ url: BONDI, headers: DESKTOP });
    expect(desktop.body).toMatch(/<div class="card beach__wide beach__map"><section class="map-section"/);
    expect(mapSection(desktop.body)).toMatch(/>Map<\/h2>/);
    noLeaflet(desktop.body);
    const phone = await t.app.inject({ url: BONDI, headers: PHONE });
    expect(phone.body).not.toContain('beach__map');
    expect(phone.body).toMatch(/<button type="button" class="button button--secondary">Map<\/button>/);
  });

  it('there is no /map page: like any path outside the route table it is a rendered 404', async () => {
    const res = await t.app.inject('/map');
    expect(res.statusCode).toBe(404);
    expect(headOf(res.body).title).toBe('404 | SafeShore');
  });
});

describe('Home', () => {
  it('is rendered with the app name as title and the site as canonical', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.title).toBe('SafeShore');
    expect(head.canonical).toBe(`${BASE}/`);
    expect(res.body).toContain('Find a beach. Know before you go.');
  });

  describe("holds the place found from the caller's address", () => {
    // The test's IP-location data: TEST-NET-3 is on the Gold Coast, TEST-NET-2 is nowhere known.
    const GOLD_COAST = '203.0.113.7';
    const UNKNOWN = '198.51.100.1';
    beforeAll(async () => {
      const file = path.join(dist, 'ranges.csv');
      fs.writeFileSync(file, 'start_ip,end_ip,postcode\n203.0.113.0,203.0.113.255,4217\n');
      expect((await importIpRanges(t.handle.db, file)).rejected).toEqual([]);
    });

    /** What the API's location endpoint answers this address with no body (the browser's fallback). */
    async function apiAnswer(remoteAddress: string) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v4/location/', remoteAddress });
      return LocationResponseSchema.parse(res.json());
    }

    /** The location note's text, as a reader sees it. */
    function noteOf(html: string): string | undefined {
      const note = /<p class="location-note" data-testid="location-note"[^>]*>(.*?)<\/p>/.exec(html);
      return note?.[1]!.replace(/<!-- -->|<[^>]+>/g, '');
    }

    /** The dehydrated Home query (the browser's key for it) and its answer. */
    function homeQuery(html: string) {
      const queries = payloadOf(html).queries.queries as Array<{
        queryKey: unknown;
        state: { data: unknown };
      }>;
      return queries.find((query) => JSON.stringify(query.queryKey) === '["location","online","home"]');
    }

    it('a located address: the answer the API gives it, rendered and dehydrated for the browser', async () => {
      const api = await apiAnswer(GOLD_COAST);
      expect(api.resolved_by).toBe('ip');
      const place = api.place!;
      expect(place.postcode).toBe('4217');

      const res = await t.app.inject({ url: '/', remoteAddress: GOLD_COAST });
      expect(res.statusCode).toBe(200);
      expect(noteOf(res.body)).toBe(
        `Showing beaches near ${place.title}, Queensland, an approximate location from your internet connection.`,
      );
      expect(res.body).toContain('data-source="ip"');
      // The lists and announcements are in the HTML, not loading.
      expect(res.body).toContain(`Beaches near ${place.title}`);
      expect(res.body).not.toContain('Finding beaches near you');
      for (const beach of api.patrolledBeaches) expect(res.body).toContain(beach.title);
      for (const announcement of api.announcements) expect(res.body).toContain(announcement.title);
      // The browser hydrates with the same answer (its query key), not asked for its position yet.
      const query = homeQuery(res.body);
      expect(query?.state.data).toEqual({
        response: api,
        position: null,
        geolocationFailure: null,
        fromServer: true,
      });
    });

    it('an address nobody knows: the default place, as the API answers it', async () => {
      const api = await apiAnswer(UNKNOWN);
      expect(api.resolved_by).toBe('default');
      const res = await t.app.inject({ url: '/', remoteAddress: UNKNOWN });
      expect(res.statusCode).toBe(200);
      expect(noteOf(res.body)).toBe(
        `Showing beaches near ${api.place!.title}, New South Wales, our default location, because we could not find yours.`,
      );
      expect((homeQuery(res.body)?.state.data as { response: unknown }).response).toEqual(api);
    });

    it('is private (no shared cache), revalidated by ETag, and kept per located place, not per address', async () => {
      const first = await t.app.inject({ url: '/', remoteAddress: GOLD_COAST });
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(first.headers['cdn-cache-control']).toBeUndefined();
      expect(first.headers.vary).toContain('Accept-Encoding');
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      // Another address in the same place: the same page (one render per place).
      const neighbour = await t.app.inject({ url: '/', remoteAddress: '203.0.113.200' });
      expect(neighbour.headers.etag).toBe(etag);
      const revalidated = await t.app.inject({
        url: '/',
        remoteAddress: '203.0.113.9',
        headers: { 'if-none-match': etag },
      });
      expect(revalidated.statusCode).toBe(304);
      // Somewhere else: another page, which that tag does not match.
      const elsewhere = await t.app.inject({
        url: '/',
        remoteAddress: UNKNOWN,
        headers: { 'if-none-match': etag },
      });
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.headers.etag).not.toBe(etag);
      expect(elsewhere.headers['cache-control']).toBe('private, no-cache');
      // Pages that show the same to everyone stay cacheable by a CDN.
      const beach = await t.app.inject({ url: BONDI, remoteAddress: GOLD_COAST });
      expect(beach.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, must-revalidate');
    });
  });
});

describe('not found', () => {
  it.each([
    ['an unknown path', '/no/such/page/at/all'],
    // Issue 31: junk under a state or /postcode answered 200 with a canonical link to the junk.
    ['markup under a state', '/nsw/%3Cb%3E'],
    ['replacement patterns under a state', '/nsw/%3Cb%3E$&'],
    ["$' and $` in a path", "/nsw/x$'y$`z"],
    // A postcode the location API reads but finds no place for: the place page's own "Place not
    // found", with its search box (issue 30's walk), still a 404.
    ['a postcode that is not one', '/postcode/abc', 'Place not found'],
    ['a postcode with markup', '/postcode/%3Cb%3E$&'],
  ])('%s is a 404 with the rendered not-found page', async (_name, url, heading = '404 - Page not found') => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(heading);
    const head = headOf(res.body);
    expect(head.title).toBe(
      heading === 'Place not found' ? 'Place not found | SafeShore' : '404 | SafeShore',
    );
    expect(head.meta.robots).toBe('noindex');
    // The head is the template's, whole: one title, the canonical link exactly the path asked.
    const headHtml = res.body.slice(0, res.body.indexOf('</head>'));
    expect(headHtml.match(/<title>/g)).toHaveLength(1);
    // No canonical link or og:url naming the junk path.
    expect(head.canonical).toBeUndefined();
    expect(head.meta['og:url']).toBeUndefined();
  });

  it('renders a real postcode’s page on the server', async () => {
    const res = await t.app.inject('/postcode/2026');
    expect(res.statusCode).toBe(200);
    expect(headOf(res.body).canonical).toBe(`${BASE}/postcode/2026`);
  });

  it("splices head tags holding replacement patterns ($&, $', $`) as they are", async () => {
    const db = t.handle.db;
    const row = await db
      .selectFrom('beaches')
      .select(['id', 'title'])
      .where('title', '=', 'Tamarama Beach')
      .executeTakeFirstOrThrow();
    const url = `/beach${(await t.app.inject(`/api/v4/beach/${row.id}`)).json().beach.url}`;
    const bump = () =>
      db
        .updateTable('data_version')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .execute();
    await db
      .updateTable('beaches')
      .set({ title: "Tamarama $& $' $` Beach" })
      .where('id', '=', row.id)
      .execute();
    await bump();
    try {
      // The read model sees the new data version within 250 ms: ask until the page has the title.
      let html = '';
      await expect
        .poll(async () => {
          html = (await t.app.inject(url)).body;
          return headOf(html).title;
        })
        .toMatch(/^Tamarama \$&amp; \$&#x27; \$` Beach/);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<title>/g)).toHaveLength(1);
      expect(head).not.toContain('<title>SafeShore</title>');
      expect(headOf(html).canonical).toBe(`${BASE}${url}`);
    } finally {
      await db.updateTable('beaches').set({ title: row.title }).where('id', '=', row.id).execute();
      await bump();
    }
  });
});

describe('an unknown beach', () => {
  it("is a 404 with the beach page's own words, as the browser shows them", async () => {
    const res = await t.app.inject('/beach/nsw/nowhere/no-such/beach');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>Beach not found</h1>');
    const head = headOf(res.body);
    expect(head.title).toBe('404 | SafeShore');
    expect(head.meta.robots).toBe('noindex');
  });
});

describe('an unknown place in a known state', () => {
  it("redirects (302) to the state's page, as the spec says for a location error that carries a state", async () => {
    const res = await t.app.inject('/qld/nowhere/no-such-place');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/qld/brisbane/brisbane');
  });
});

describe('an unknown article', () => {
  it('is a 404 with the content page\'s own "Not Found" (spec)', async () => {
    const res = await t.app.inject('/surf-safety/no-such-article');
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/<h1>Not Found<\/h1><p>Page not found...<\/p>/);
    const head = headOf(res.body);
    expect(head.title).toBe('Not Found | SafeShore');
    expect(head.meta.robots).toBe('noindex');
  });
});

describe('pages that are not public stay client-rendered', () => {
  it('Login is the shell', async () => {
    const res = await t.app.inject('/login');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('ssr-data');
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt allows the site, keeps crawlers out of account pages and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /my-beaches');
    expect(res.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('the sitemap index and its sitemaps are valid XML listing every beach, place and article', async () => {
    const index = await t.app.inject('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(XMLValidator.validate(index.body)).toBe(true);
    const parser = new XMLParser({ isArray: (name) => name === 'sitemap' || name === 'url' });
    const parsed = parser.parse(index.body) as { sitemapindex: { sitemap: Array<{ loc: string }> } };
    const locs: string[] = [];
    for (const { loc } of parsed.sitemapindex.sitemap) {
      expect(loc.startsWith(`${BASE}/sitemaps/`)).toBe(true);
      const file = await t.app.inject(loc.slice(BASE.length));
      expect(file.statusCode).toBe(200);
      expect(XMLValidator.validate(file.body)).toBe(true);
      const urls = (parser.parse(file.body) as { urlset: { url: Array<{ loc: string; lastmod?: string }> } })
        .urlset.url;
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      locs.push(...urls.map((u) => u.loc));
    }
    const beaches = await t.handle.db
      .selectFrom('beaches')
      .select(['state', 'area_slug', 'city_slug', 'slug'])
      .execute();
    expect(beaches.length).toBeGreaterThan(100);
    const listed = new Set(locs);
    for (const b of beaches) {
      expect(
        listed.has(`${BASE}/beach/${b.state.toLowerCase()}/${b.area_slug}/${b.city_slug}/${b.slug}`),
      ).toBe(true);
    }
    expect(listed.has(`${BASE}/surf-safety/ripcurrents`)).toBe(true);
    expect(listed.has(`${BASE}/about`)).toBe(true);
    expect(listed.has(`${BASE}/nsw/waverley/bondi-beach`)).toBe(true);
    // Every listed page is one the server renders with 200.
    const bondi = await t.app.inject(`${BONDI}`);
    expect(bondi.statusCode).toBe(200);
  });

  it('gives a beach its lastmod from the data', async () => {
    const index = await t.app.inject('/sitemaps/1.xml');
    const row = await t.handle.db
      .selectFrom('beaches')
      .select(['updated_at'])
      .where('slug', '=', 'bondi-beach')
      .where('city_slug', '=', 'bondi-beach')
      .executeTakeFirstOrThrow();
    const day = new Date(row.updated_at).toISOString().slice(0, 10);
    expect(index.body).toContain(`<loc>${BASE}${BONDI}</loc><lastmod>${day}</lastmod>`);
  });

  it('an unknown sitemap file is a 404', async () => {
    expect((await t.app.inject('/sitemaps/999.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/sitemaps/x.xml')).statusCode).toBe(404);
  });

  it('is rebuilt when the public data version changes', async () => {
    const before = (await t.app.inject('/sitemaps/1.xml')).body;
    await t.handle.db
      .updateTable('beaches')
      .set({ slug: 'bondi-beach-renamed' })
      .where('slug', '=', 'bondi-beach')
      .where('city_slug', '=', 'bondi-beach')
      .execute();
    await t.handle.db
      .updateTable('data_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    // The read model checks the version at most every 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const after = (await t.app.inject('/sitemaps/1.xml')).body;
    expect(before).toContain(`${BONDI}</loc>`);
    expect(after).toContain('/beach/nsw/waverley/bondi-beach/bondi-beach-renamed</loc>');
    await t.handle.db
      .updateTable('beaches')
      .set({ slug: 'bondi-beach' })
      .where('slug', '=', 'bondi-beach-renamed')
      .execute();
    await t.handle.db
      .updateTable('data_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
  });
});

describe('sitemap files above 50,000 addresses', () => {
  it('splits a synthetic set of 120,001 addresses into sitemaps of at most 50,000', () => {
    const entries: SitemapEntry[] = Array.from({ length: 120_001 }, (_, i) => ({
      path: `/beach/nsw/area/place/beach-${i}`,
      lastmod: i === 77_000 ? '2026-11-20' : '2026-01-01',
    }));
    const files = splitSitemap(entries);
    expect(files.map((f) => f.length)).toEqual([50_000, 50_000, 20_001]);
    expect(files.flat()).toEqual(entries);
    const index = sitemapIndexXml(BASE, files);
    expect(XMLValidator.validate(index)).toBe(true);
    expect(index.match(/<sitemap>/g)).toHaveLength(3);
    expect(index).toContain(`<loc>${BASE}/sitemaps/2.xml</loc><lastmod>2026-11-20</lastmod>`);
    const second = sitemapXml(BASE, files[1]!);
    expect(XMLValidator.validate(second)).toBe(true);
    expect(second.match(/<url>/g)).toHaveLength(50_000);
  });

  it('serves every file of a split sitemap (a low limit stands in for 50,000)', async () => {
    const handle = await openTestDatabase();
    const { seedBundledData } = await import('../src/db/seed/index.ts');
    const { DATA_DIR } = await import('./helpers.ts');
    await seedBundledData(handle.db, DATA_DIR);
    const app = Fastify();
    discoveryRoutes(app, { db: handle.db, baseUrl: BASE, maxUrls: 100 });
    try {
      const index = await app.inject('/sitemap.xml');
      const locs = [...index.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeGreaterThan(3);
      let total = 0;
      for (const loc of locs) {
        const file = await app.inject(loc.slice(BASE.length));
        expect(file.statusCode).toBe(200);
        const count = file.body.match(/<url>/g)?.length ?? 0;
        expect(count).toBeLessThanOrEqual(100);
        total += count;
      }
      const beaches = await handle.db.selectFrom('beaches').select('id').execute();
      expect(total).toBeGreaterThan(beaches.length);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('a slow provider', () => {
  it('does not hold a page past its deadline: that part is left to the browser', async () => {
    // Marine warnings from a server that accepts the connection and never answers.
    const hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    const slow = await startTestApp({
      webDistDir: dist,
      config: {
        PUBLIC_BASE_URL: BASE,
        SSR_DATA_DEADLINE_MS: 200,
        WEATHER_TIMEOUT_MS: 20_000,
        BOM_WARNINGS_URLS: new Map(
          ['NSW', 'ACT'].map((state) => [state, [`http://127.0.0.1:${port}/${state}.xml`]]),
        ),
      },
    });
    try {
      const started = performance.now();
      const res = await slow.app.inject('/nsw/waverley/bondi-beach');
      const took = performance.now() - started;
      expect(res.statusCode).toBe(200);
      // The page came back long before the provider's 20 s timeout (the deadline is 200 ms; the
      // margin is for a loaded machine), showing the place as loading for the browser to fill in.
      expect(took).toBeLessThan(5_000);
      expect(res.body).toContain('id="ssr-data"');
    } finally {
      await slow.close();
      hanging.closeAllConnections();
      hanging.close();
    }
  });

  it('a read that misses the deadline renders as loading, and the browser asks for it', async () => {
    const app = Fastify();
    const never = () => new Promise<never>(() => undefined);
    const renderer = createPageRenderer({
      distDir: dist,
      baseUrl: BASE,
      deadlineMs: 100,
      clock: () => new Date(TEST_NOW),
      services: {
        beach: never,
        article: never,
        place: never,
        patrols: never,
        home: never,
        homePostcode: async () => null,
      },
    });
    await registerWebApp(app, dist, renderer);
    try {
      const started = performance.now();
      const res = await app.inject(BONDI);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Loading beach');
      // Nothing about the beach was sent as data: the browser's query runs.
      expect(payloadOf(res.body).queries.queries).toEqual([]);
      // Home's place too: it renders as finding, and the browser looks the place up.
      const home = await app.inject('/');
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('Finding beaches near you');
      expect(payloadOf(home.body).queries.queries).toEqual([]);
      expect(home.headers['cache-control']).toBe('private, no-cache');
    } finally {
      await app.close();
    }
  });
});

describe('a page rendered while a read missed its deadline', () => {
  it('is kept 2 s, not the 30 s of a full page, so the next reader after that gets the answer', async () => {
    // The real beach and patrols answers, from the app's own API.
    const beach = (await t.app.inject(`/api/v4${BONDI}`)).json<unknown>();
    const id = BeachDetailResponseSchema.parse(beach).beach.id;
    const patrols = (await t.app.inject(`/api/v4/beach/${id}/patrols`)).json<unknown>();
    let slow = true;
    let now = TEST_NOW;
    const clock = () => new Date(now);
    const never = () => new Promise<never>(() => undefined);
    const app = Fastify();
    const renderer = createPageRenderer({
      distDir: dist,
      baseUrl: BASE,
      deadlineMs: 100,
      clock,
      readModel: createReadModel({ db: t.handle.db, clock }),
      services: {
        beach: () => (slow ? never() : Promise.resolve(beach as BeachDetailResponse)),
        article: never,
        place: never,
        patrols: () => Promise.resolve(patrols),
        home: never,
        homePostcode: async () => null,
      },
    });
    await registerWebApp(app, dist, renderer);
    try {
      const degraded = await app.inject(BONDI);
      expect(degraded.statusCode).toBe(200);
      expect(degraded.body).toContain('Loading beach');
      // A CDN keeps it 2 s at most (no stale-while-revalidate), browsers revalidate.
      expect(degraded.headers['cache-control']).toBe('public, max-age=0, s-maxage=2, must-revalidate');
      expect(degraded.headers['cdn-cache-control']).toBe('public, max-age=2');
      expect(DEGRADED_PAGE_TTL_MS).toBe(2_000);

      // The provider answers again. Within the 2 s the loading page is still the answer (one
      // render per 2 s while a provider is slow), ...
      slow = false;
      now += 1_500;
      expect((await app.inject(BONDI)).body).toContain('Loading beach');
      // ... and after them the full page, kept like any other (30 s, stale-while-revalidate at a CDN).
      now += 600;
      const full = await app.inject(BONDI);
      expect(full.statusCode).toBe(200);
      expect(full.body).toMatch(/<h1 id="beach-title"[^>]*>Bondi Beach<\/h1>/);
      expect(full.body).not.toContain('Loading beach');
      expect(full.headers['cache-control']).toBe(PAGE_CACHE_POLICY.cacheControl);
      expect(full.headers['cdn-cache-control']).toBe('public, max-age=30, stale-while-revalidate=30');
      // A browser holding the loading page's ETag gets the full page, not a 304.
      const revalidated = await app.inject({
        url: BONDI,
        headers: { 'if-none-match': String(degraded.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(200);
      now += 20_000;
      expect((await app.inject(BONDI)).headers.etag).toBe(full.headers.etag);
    } finally {
      await app.close();
    }
  });
});

describe('page paths', () => {
  it('are answered as pages without looking for a file of that name (the static wildcard)', () => {
    const none = new Set<string>();
    for (const page of [
      BONDI,
      '/beach/123',
      '/surf-safety/ripcurrents',
      '/about',
      '/nsw/waverley/bondi-beach',
    ])
      expect(isPagePath(page, none), page).toBe(true);
    // Files, and paths outside the route table (the app's 404 after the files were looked at).
    for (const other of ['/favicon.svg', '/assets/index-abc.js', '/icons/icon-512.png', '/map', '/beach/a/b'])
      expect(isPagePath(other, none), other).toBe(false);
    // A name the build holds at its top level stays the static files' first.
    expect(isPagePath('/about', new Set(['about']))).toBe(false);
  });

  it('still serve files, HEAD requests and unknown paths as before', async () => {
    const file = await t.app.inject('/index.html');
    expect(file.statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: BONDI });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    const unknown = await t.app.inject('/beach/nsw/too/many/segments/here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    // Other methods on a page path are not pages (the API's not-found answer, as before).
    expect((await t.app.inject({ method: 'POST', url: BONDI })).statusCode).toBe(404);
  });
});

describe('PUBLIC_BASE_URL', () => {
  it('is an http(s) origin, checked at start-up', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://safeshore.example/' }).PUBLIC_BASE_URL).toBe(
      'https://safeshore.example',
    );
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://localhost:8080' }).PUBLIC_BASE_URL).toBe(
      'http://localhost:8080',
    );
    expect(loadConfig({}).PUBLIC_BASE_URL).toBe('http://localhost:8080');
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'ftp://safeshore.example' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'safeshore.example' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'https://safeshore.example/app' })).toThrow(
      /PUBLIC_BASE_URL must be an origin only/,
    );
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'https://safeshore.example/?a=1' })).toThrow(
      /PUBLIC_BASE_URL must be an origin only/,
    );
  });

  it('SSR_PAGES=off sends the client-rendered shell for every page', async () => {
    const off = await startTestApp({ webDistDir: dist, config: { SSR_PAGES: 'off' } });
    try {
      const res = await off.app.inject(BONDI);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('ssr-data');
      expect((await off.app.inject('/beach/nsw/nowhere/no-such/beach')).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe("a rendered page's scripts", () => {
  it('load after the first paint through the boot script; the client-rendered shell keeps Vite tags', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-ssr-boot-'));
    const app = Fastify();
    try {
      fs.symlinkSync(path.join(dist, '.server'), path.join(other, '.server'));
      const preloads =
        '<link rel="modulepreload" crossorigin href="/assets/framework-test.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/api-test.js">\n  </head>';
      fs.writeFileSync(path.join(other, 'index.html'), TEMPLATE.replace('</head>', preloads));
      fs.mkdirSync(path.join(other, '.vite'));
      fs.writeFileSync(
        path.join(other, '.vite', 'manifest.json'),
        JSON.stringify({
          'index.html': { file: 'assets/index-test.js', isEntry: true, imports: [] },
          'src/boot.ts': { file: 'assets/boot-test.js', isEntry: true },
        }),
      );
      const never = () => new Promise<never>(() => undefined);
      const renderer = createPageRenderer({
        distDir: other,
        baseUrl: BASE,
        deadlineMs: 50,
        clock: () => new Date(TEST_NOW),
        services: {
          beach: never,
          article: never,
          place: never,
          patrols: never,
          home: never,
          homePostcode: async () => null,
        },
      });
      await registerWebApp(app, other, renderer);

      const page = await app.inject('/');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('id="ssr-data"');
      const scripts = page.body.match(/<script type="module"[^>]*><\/script>/g);
      expect(scripts).toEqual([
        '<script type="module" crossorigin src="/assets/boot-test.js" data-entry="/assets/index-test.js"' +
          ' data-preload="/assets/framework-test.js /assets/api-test.js"></script>',
      ]);
      expect(page.body).not.toContain('rel="modulepreload"');

      // Not rendered on the server: the shell, whose script is the page, as Vite wrote it.
      const shell = await app.inject('/login');
      expect(shell.body).not.toContain('ssr-data');
      expect(shell.body).toContain('<script type="module" crossorigin src="/assets/index-test.js"></script>');
      expect(shell.body).toContain('<link rel="modulepreload" crossorigin href="/assets/framework-test.js">');
    } finally {
      await app.close();
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
