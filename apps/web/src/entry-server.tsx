import { StrictMode } from 'react';
import { renderToReadableStream, renderToStaticMarkup } from 'react-dom/server';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  data,
  isRouteErrorResponse,
  redirect,
  RouterContextProvider,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import {
  APP_NAME,
  ARTICLE_NOT_FOUND,
  ArticleResponseSchema,
  contentSlugFor,
  BeachDetailResponseSchema,
  LocationResponseSchema,
  PatrolsResponseSchema,
  STATE_NAMES,
  hazardDisplay,
  isStateCode,
  matchAppRoute,
  pageTitle,
  stateRedirect,
  type AppRouteName,
  type Article,
  type BeachDetailResponse,
} from '@safeshore/domain';
import { HeadTags, type PageHead } from './app/HeadTags.tsx';
import { routes, type RouteHandle } from './app/router.tsx';
import { HydrationFactsContext } from './app/hydration-facts.ts';
import { SERVER_LOAD, type ServerLoad } from './app/ssr-context.ts';
import { serializePayload, SERVER_PAYLOAD_ID, type ServerPayload } from './app/ssr-payload.ts';
import type { HomeLocation, LocationLookup } from './data/location.ts';
import { homeLocationQuery, placeLocationQuery } from './data/location.ts';
import { patrolsQuery } from './data/patrols.ts';
import { articleQuery, beachQuery, FRESHNESS_MS } from './data/queries.ts';

/**
 * The server entry (issue 23), built by Vite's SSR build into `{WEB_DIST_DIR}/.server/` and
 * imported by the API process (apps/api/src/web/pages.ts). One route table (app/router.tsx) serves
 * both sides: the static handler runs the same loaders, which on the server read through `reads`
 * (the API's own services, in process) instead of HTTP.
 */

/** The public pages rendered on the server; other routes (accounts, settings…) stay client-rendered. */
export const RENDERED_ROUTES: ReadonlySet<AppRouteName> = new Set<AppRouteName>([
  'Home',
  'Beach',
  'Search',
  // A postcode's page: looked up on the server, so a postcode that is no place is a 404.
  'Offline-Location',
  'SurfSafety',
  'About',
  'Apps',
  'Privacy-Policy',
  'Data',
  'LegacyApps',
  '404',
]);

/** The API's answers, read in process; null when the thing does not exist. */
export interface PageReads {
  /** GET /api/v4/beach/{path}'s answer. */
  beach(path: string): Promise<unknown>;
  /** GET /api/v4/surf-safety/{slug}'s answer ({article}). */
  article(slug: string): Promise<unknown>;
  /** POST /api/v4/location/ {url}'s answer (place null for an unknown place). */
  place(pathname: string): Promise<unknown>;
  /** GET /api/v4/beach/{id}/patrols's answer (today's patrols: the Right now panel's patrol item). */
  patrols(beachId: number): Promise<unknown>;
  /** POST /api/v4/location/ with no body, for this request's address: Home's place (issue 23). */
  home(): Promise<unknown>;
}

export interface RenderRequest {
  /** Path and query of the request. */
  url: string;
  /** PUBLIC_BASE_URL: absolute links (canonical, Open Graph, sitemap) start with it. */
  baseUrl: string;
  reads: PageReads;
  /** The server's clock (relative ages in the first HTML). */
  now: Date;
  /** The request came from a phone (User-Agent): the first HTML uses the mobile layout. */
  mobile: boolean;
  /** The longest a read may take; later answers are left to the browser (the page shows loading). */
  deadlineMs: number;
  /** The built index.html. */
  template: string;
  /** The client build's manifest (.vite/manifest.json): the rendered route's CSS and code. */
  manifest?: Record<string, ManifestChunk> | null;
}

/** An entry of Vite's build manifest. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * The lazily loaded screen of each rendered route (router.tsx). Its CSS must be in the first HTML
 * (the page would change when the browser loaded it later) and its code is preloaded.
 */
const ROUTE_MODULES: Partial<Record<AppRouteName, string>> = {
  Beach: 'src/features/beach/BeachPage.tsx',
  Search: 'src/features/location/LocationPage.tsx',
  SurfSafety: 'src/features/content/ContentPage.tsx',
  About: 'src/features/content/ContentPage.tsx',
  Apps: 'src/features/content/ContentPage.tsx',
  'Privacy-Policy': 'src/features/content/ContentPage.tsx',
  Data: 'src/features/content/ContentPage.tsx',
  LegacyApps: 'src/features/content/LegacyAppsPage.tsx',
};

/** The chunk files and stylesheets a manifest entry needs, its imports included. */
function closure(
  manifest: Record<string, ManifestChunk>,
  key: string,
): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js, css };
}

/** Route assets per manifest (the API passes the same object until the build changes). */
const assetsByManifest = new WeakMap<object, Map<string, { styles: string[]; modules: string[] }>>();

/** What the rendered route needs beyond index.html's own entry: stylesheets and module preloads. */
function routeAssets(
  manifest: Record<string, ManifestChunk> | null | undefined,
  routeName: AppRouteName,
): { styles: string[]; modules: string[] } {
  const module = ROUTE_MODULES[routeName];
  if (!manifest || !module) return { styles: [], modules: [] };
  let known = assetsByManifest.get(manifest);
  if (!known) assetsByManifest.set(manifest, (known = new Map()));
  const found = known.get(module);
  if (found) return found;
  const entry = closure(manifest, 'index.html');
  const route = closure(manifest, module);
  const assets = {
    styles: [...route.css].filter((file) => !entry.css.has(file)).map((file) => `/${file}`),
    modules: [...route.js].filter((file) => !entry.js.has(file)).map((file) => `/${file}`),
  };
  known.set(module, assets);
  return assets;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      body: ReadableStream<Uint8Array>;
      head: PageHead;
      /**
       * False when a read failed or missed its deadline (that part renders as loading for the
       * browser to fill in): such a page is kept only briefly, so the next reader gets the answer.
       */
      complete: boolean;
    };

const LATE = Symbol('late');

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const notFound = () => data(null, { status: 404 });

/** JSON as the browser would receive it, parsed by the same contract schemas the client uses. */
const asReceived = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

function serverLoad(
  client: QueryClient,
  reads: PageReads,
  deadlineMs: number,
  now: Date,
  missed: { reads: number },
): ServerLoad {
  // Read at the app's clock (the server's injected one), as the browser's queries would be.
  const at = { updatedAt: now.getTime() };
  /** A read that failed or missed its deadline leaves the query empty: the browser asks again. */
  const read = async (work: () => Promise<unknown>): Promise<unknown> => {
    try {
      const answer = await withDeadline(work(), deadlineMs);
      if (answer !== LATE) return asReceived(answer);
    } catch {
      // as late
    }
    missed.reads += 1;
    return LATE;
  };
  return {
    async beach(path) {
      const answer = await read(() => reads.beach(path));
      if (answer === LATE) return;
      if (answer === null) throw data({ notFound: 'beach' }, { status: 404 });
      const parsed = BeachDetailResponseSchema.safeParse(answer);
      if (!parsed.success) return;
      client.setQueryData(beachQuery(path, 'online').queryKey, parsed.data, at);
      // Today's patrols, which the Right now panel shows first (same deadline).
      const id = parsed.data.beach.id;
      const patrols = PatrolsResponseSchema.safeParse(await read(() => reads.patrols(id)));
      if (patrols.success) client.setQueryData(patrolsQuery(id, null).queryKey, patrols.data, at);
    },
    async article(routeName, slugParam) {
      const slug = contentSlugFor(routeName, slugParam);
      const answer = await read(() => reads.article(slug));
      if (answer === LATE) return;
      // The content page's own "Not Found" (spec), with the 404 status.
      if (answer === null) throw data({ notFound: 'article' }, { status: 404 });
      const parsed = ArticleResponseSchema.safeParse(answer);
      if (parsed.success) client.setQueryData(articleQuery(slug, 'online').queryKey, parsed.data.article, at);
    },
    async place(pathname) {
      const answer = await read(() => reads.place(pathname));
      if (answer === LATE) return;
      // The API refused the path (not a place path at all): a 404, not an empty 200 page.
      if (answer === null) throw notFound();
      const parsed = LocationResponseSchema.safeParse(answer);
      if (!parsed.success) return;
      if (!parsed.data.place || parsed.data.error !== undefined) {
        // An unknown place in a known state goes to that state's page, as in the browser
        // (LocationPage): a temporary redirect, since the place may be added later.
        const fallback = parsed.data.state ? stateRedirect(`/${parsed.data.state}`) : null;
        if (fallback && fallback !== pathname.toLowerCase()) throw redirect(fallback, 302);
        // The place page's own "Place not found" (with its search), with the 404 status.
        throw data({ notFound: 'place' }, { status: 404 });
      }
      // As the online data source answers (data/source.ts).
      const lookup: LocationLookup = { found: true, data: { ...parsed.data, dataSourceWasOnline: true } };
      client.setQueryData(placeLocationQuery(pathname, 'online').queryKey, lookup, at);
    },
    async home() {
      const answer = await read(() => reads.home());
      if (answer === LATE) return;
      const parsed = LocationResponseSchema.safeParse(answer);
      // Home needs a place; without one the browser asks (and shows its error), as before.
      if (!parsed.success || !parsed.data.place || parsed.data.error !== undefined) return;
      // The browser has not been asked for its position yet: Home does that once hydrated.
      const location: HomeLocation = {
        response: parsed.data,
        position: null,
        geolocationFailure: null,
        fromServer: true,
      };
      client.setQueryData(homeLocationQuery('online').queryKey, location, at);
    },
  };
}

const DEFAULT_DESCRIPTION =
  'SafeShore: find an Australian beach, see whether it is patrolled, how hazardous it is and how to stay safe in the surf.';

function stateName(code: string): string {
  return isStateCode(code) ? STATE_NAMES[code] : code;
}

function beachDescription({ beach }: BeachDetailResponse): string {
  const hazard = hazardDisplay(beach.hazard);
  const parts = [
    `${beach.title}, ${beach.city} ${stateName(beach.state)}.`,
    hazard.rated ? `Hazard rating ${hazard.score} (${hazard.band}).` : 'Hazard rating not known.',
    beach.is_patrolled_today && !beach.is_patrolled_today.is_sample
      ? beach.is_patrolled_today.flag === 1
        ? 'Patrolled today.'
        : 'Not patrolled today.'
      : 'Patrol times not known: swim at a patrolled beach, between the red and yellow flags.',
    'Right now: patrols, marine warnings and conditions. In an emergency call Triple Zero (000).',
  ];
  return parts.join(' ');
}

/** Title, description, canonical address, previews and structured data from the page's facts. */
function pageHead(
  routeName: AppRouteName,
  statusCode: number,
  pathname: string,
  client: QueryClient,
  baseUrl: string,
  params: Record<string, string | undefined>,
  notFoundKind: string | null,
): PageHead {
  const absolute = (path: string) => `${baseUrl}${path}`;
  const image = absolute('/icons/icon-512.png');
  const base = {
    canonical: absolute(pathname),
    image,
    type: 'website' as const,
    jsonLd: null,
    noindex: false,
  };
  if (statusCode === 404) {
    const article = ['SurfSafety', 'About', 'Apps', 'Privacy-Policy', 'Data'].includes(routeName);
    return {
      ...base,
      title: pageTitle(
        article ? ARTICLE_NOT_FOUND.title : notFoundKind === 'place' ? 'Place not found' : '404',
      ),
      description: article ? ARTICLE_NOT_FOUND.body : "This page doesn't exist.",
      noindex: true,
    };
  }
  const route = matchAppRoute(pathname);
  if (routeName === 'Beach') {
    const path = [params.state, params.area, params.location, params.beachSlug].join('/');
    const detail = client.getQueryData<BeachDetailResponse>(beachQuery(path, 'online').queryKey);
    if (detail) {
      const { beach } = detail;
      const canonical = absolute(`/beach${beach.url}`);
      return {
        ...base,
        canonical,
        title: pageTitle(beach.title),
        description: beachDescription(detail),
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Beach',
          name: beach.title,
          url: canonical,
          geo: { '@type': 'GeoCoordinates', latitude: beach.latitude, longitude: beach.longitude },
          address: {
            '@type': 'PostalAddress',
            addressLocality: beach.city,
            addressRegion: beach.state,
            postalCode: beach.postcode,
            addressCountry: 'AU',
          },
        },
      };
    }
  }
  if (routeName === 'Search') {
    const lookup = client.getQueryData<LocationLookup>(placeLocationQuery(pathname, 'online').queryKey);
    if (lookup?.found && lookup.data.place) {
      const { place } = lookup.data;
      const patrolled = lookup.data.patrolledBeaches.length;
      return {
        ...base,
        canonical: absolute(place.url),
        title: pageTitle(place.title),
        description:
          `Beaches in and near ${place.title}, ${stateName(place.state)} ${place.postcode}: ` +
          `${place.beaches_count} ${place.beaches_count === 1 ? 'beach' : 'beaches'}` +
          (patrolled > 0 ? `, ${patrolled} patrolled nearby` : '') +
          '. Patrols, hazards and how to stay safe in the surf.',
      };
    }
  }
  if (['SurfSafety', 'About', 'Apps', 'Privacy-Policy', 'Data'].includes(routeName)) {
    const slug = (route.name === 'SurfSafety' ? params.slug : routeName.toLowerCase()) ?? '';
    const article = client
      .getQueriesData<Article>({ queryKey: ['article', 'online'] })
      .map(([, value]) => value)
      .find((value) => value && (slug === '' || value.slug === slug));
    if (article) {
      const canonical = absolute(pathname);
      return {
        ...base,
        canonical,
        type: 'article',
        title: pageTitle(article.title),
        description: article.summary || DEFAULT_DESCRIPTION,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: article.title,
          description: article.summary,
          url: canonical,
          ...(article.reviewed_at && { dateModified: article.reviewed_at }),
          publisher: { '@type': 'Organization', name: APP_NAME },
          image,
        },
      };
    }
  }
  return { ...base, title: pageTitle(route.title), description: DEFAULT_DESCRIPTION };
}

/** The first error a route answered with, for the status code. */
function errorStatus(context: StaticHandlerContext): number | null {
  for (const error of Object.values(context.errors ?? {})) {
    return isRouteErrorResponse(error) ? error.status : 500;
  }
  return null;
}

/** What a 404 route error says was not found ('beach', 'article', 'place'), if anything. */
function notFoundKindOf(context: StaticHandlerContext): string | null {
  for (const error of Object.values(context.errors ?? {})) {
    if (isRouteErrorResponse(error) && error.status === 404)
      return (error.data as { notFound?: string } | null)?.notFound ?? null;
  }
  return null;
}

function serializeErrors(context: StaticHandlerContext): ServerPayload['router']['errors'] {
  if (!context.errors) return null;
  return Object.fromEntries(
    Object.entries(context.errors).map(([id, error]) => [
      id,
      isRouteErrorResponse(error)
        ? { status: error.status, statusText: error.statusText, data: error.data as unknown }
        : { status: 500, statusText: 'Internal Server Error', data: null },
    ]),
  );
}

const { query, dataRoutes } = createStaticHandler(routes);

/** Renders one public page: a redirect, or the page's HTML (status 200 or 404) as a stream. */
export async function render(request: RenderRequest): Promise<RenderResult> {
  // The path and query as sent, always on our own origin (a path like "//host/x" stays a path).
  const url = new URL(request.baseUrl);
  const queryAt = request.url.indexOf('?');
  url.pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  url.search = queryAt < 0 ? '' : request.url.slice(queryAt);
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: FRESHNESS_MS, retry: false } },
  });
  const context = new RouterContextProvider();
  const missed = { reads: 0 };
  context.set(SERVER_LOAD, serverLoad(client, request.reads, request.deadlineMs, request.now, missed));
  const result = await query(new Request(url, { headers: { accept: 'text/html' } }), {
    requestContext: context,
  });
  if (result instanceof Response) {
    return {
      kind: 'redirect',
      status: result.status,
      location: result.headers.get('Location') ?? '/',
    };
  }
  const leaf = result.matches.at(-1);
  const routeName = (leaf?.route.handle as RouteHandle | undefined)?.name ?? '404';
  const status = errorStatus(result) ?? (routeName === '404' ? 404 : 200);
  const head = pageHead(
    routeName,
    status,
    url.pathname,
    client,
    request.baseUrl,
    leaf?.params ?? {},
    notFoundKindOf(result),
  );
  const payload: ServerPayload = {
    router: {
      loaderData: result.loaderData,
      actionData: result.actionData,
      errors: serializeErrors(result),
    },
    queries: dehydrate(client),
    now: request.now.toISOString(),
    mobile: request.mobile,
  };
  const router = createStaticRouter(dataRoutes, result);
  const facts = { now: request.now, mobile: request.mobile };
  const app = (
    <StrictMode>
      <HydrationFactsContext value={facts}>
        <QueryClientProvider client={client}>
          {/* hydrate false: the hydration data goes into a JSON script below, not an inline script (CSP). */}
          <StaticRouterProvider router={router} context={result} hydrate={false} />
        </QueryClientProvider>
      </HydrationFactsContext>
    </StrictMode>
  );

  const assets = routeAssets(request.manifest, routeName);
  const boot = request.manifest?.['src/boot.ts']?.file;
  const [before, after] = splitTemplate(
    request.template,
    renderToStaticMarkup(<HeadTags head={head} styles={assets.styles} modules={assets.modules} />),
    boot ? `/${boot}` : null,
  );
  const tail = `</div><script type="application/json" id="${SERVER_PAYLOAD_ID}">${serializePayload(payload)}</script>${after}`;
  const stream = await renderToReadableStream(app, {
    // Never split a finished Suspense boundary out of its place (React would send it with an inline
    // script to move it, which the Content Security Policy blocks).
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      console.error('server rendering failed', error);
    },
  });
  // Everything is sent at once when all of it is ready: streamed Suspense boundaries would need
  // React's inline scripts, which the Content Security Policy forbids. The data is already read
  // (the loaders above), so the wait is rendering time only.
  await stream.allReady;
  const encoder = new TextEncoder();
  const page = new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(before));
    },
    flush(controller) {
      controller.enqueue(encoder.encode(tail));
    },
  });
  const body = stream.pipeThrough(page);
  return { kind: 'page', status, body, head, complete: missed.reads === 0 };
}

const ROOT = '<div id="root"></div>';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page reads from its HTML, so the app's scripts wait for its first paint: index.html's entry
 * script and module preloads become one small script (src/boot.ts, from the build's manifest) that
 * loads them after the page has painted. Without a boot script in the build, Vite's tags stay.
 * The shell sent for pages that are not server rendered keeps Vite's tags: there the script is the page.
 */
function scriptsAfterPaint(template: string, boot: string | null): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!boot || !entry) return template;
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return template
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      () =>
        `<script type="module" crossorigin src="${attribute(boot)}" data-entry="${attribute(entry)}"` +
        ` data-preload="${attribute(preloads.join(' '))}"></script>`,
    );
}

/**
 * The built index.html around the rendered app: its title and description replaced by the page's
 * head tags, its "needs JavaScript" note dropped (the page reads without it), its scripts loaded
 * after the first paint (scriptsAfterPaint), everything else (styles, icons) as Vite wrote it.
 */
function splitTemplate(template: string, headTags: string, boot: string | null): [string, string] {
  // Replacer functions, never strings: "$&", "$'" and "$`" in a head tag (a path in the canonical
  // link) would otherwise splice pieces of the template into the page.
  const withHead = scriptsAfterPaint(template, boot)
    .replace(/<title>[^<]*<\/title>/, () => headTags)
    .replace(/<meta\s+name="description"[^>]*>/, '')
    .replace(/<noscript[\s\S]*?<\/noscript\s*>/, '');
  const at = withHead.indexOf(ROOT);
  if (at < 0) throw new Error('index.html has no <div id="root"></div>');
  return [`${withHead.slice(0, at)}<div id="root">`, withHead.slice(at + ROOT.length)];
}
