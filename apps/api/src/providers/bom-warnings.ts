import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ProviderCache, type Cached } from './cache.ts';
import { fetchText, UpstreamError } from './http.ts';
import type { CacheSettings, LatLng, SourceInfo, UpstreamRuntime } from './types.ts';

/**
 * Marine warnings from the Bureau of Meteorology's public warnings feeds, one or more per state
 * (BOM_WARNINGS_URLS). The adapter reads CAP 1.2 (urn:oasis:names:tc:emergency:cap:1.2) alerts,
 * whether a feed document is a single <alert>, an Atom <feed> whose entries carry the alert inline,
 * or an RSS <channel> (the Bureau's per-state warning feeds, whose items have only a title, link and
 * date). Each feed is one cache entry shared by every beach of its state; the beach then keeps the
 * alerts that are in force and whose area (CAP polygon or circle) contains it or lies within
 * AREA_BUFFER_KM of it. Alerts without any geometry apply to the whole feed (its state), because
 * nothing finer can be told.
 */

export interface WarningArea {
  description: string | null;
  /** Rings of [latitude, longitude]. */
  polygons: Array<Array<[number, number]>>;
  circles: Array<{ latitude: number; longitude: number; radiusKm: number }>;
}

export interface WarningRecord {
  id: string;
  title: string | null;
  text: string;
  /** ISO instants. */
  issuedAt: string;
  expiresAt: string | null;
  link: string | null;
  areas: WarningArea[];
}

export const BOM_SOURCE: SourceInfo = {
  name: 'Bureau of Meteorology',
  attribution: '© Commonwealth of Australia, Bureau of Meteorology',
  url: 'https://www.bom.gov.au/marine/',
};

/** Coastal-waters areas begin at the shoreline: a beach on the boundary, or a little inland of a coarse polygon, is in it. */
export const AREA_BUFFER_KM = 20;

const ARRAY_TAGS = new Set([
  'alert',
  'info',
  'area',
  'polygon',
  'circle',
  'geocode',
  'entry',
  'item',
  'link',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (tagName) => ARRAY_TAGS.has(tagName),
});

type Node = Record<string, unknown>;

/** Parses a feed document into warnings; throws UpstreamError('malformed') for a body that is not well-formed XML of a known kind. */
export function parseWarningsFeed(xml: string): WarningRecord[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new UpstreamError('malformed', 'warnings feed declares a DOCTYPE');
  if (XMLValidator.validate(xml) !== true)
    throw new UpstreamError('malformed', 'warnings feed is not well-formed XML');
  const doc = parser.parse(xml) as Node;
  const warnings: WarningRecord[] = [];
  if (Array.isArray(doc.alert)) {
    for (const alert of doc.alert as Node[]) pushAlert(warnings, alert);
  } else if (isNode(doc.feed)) {
    for (const entry of asArray(doc.feed.entry)) {
      const inline = isNode(entry.content) ? asArray(entry.content.alert) : [];
      if (inline.length > 0) for (const alert of inline) pushAlert(warnings, alert);
      else pushFeedItem(warnings, atomItem(entry));
    }
  } else if (isNode(doc.rss) && isNode(doc.rss.channel)) {
    for (const item of asArray(doc.rss.channel.item)) pushFeedItem(warnings, rssItem(item));
  } else {
    throw new UpstreamError('malformed', 'warnings feed is neither a CAP alert, an Atom feed nor RSS');
  }
  const seen = new Set<string>();
  return warnings.filter((warning) => !seen.has(warning.id) && seen.add(warning.id));
}

function pushAlert(out: WarningRecord[], alert: Node): void {
  // Only real, public warnings that are in force: no tests, exercises or cancellations.
  if (text(alert.status) !== 'Actual' || text(alert.msgType) === 'Cancel') return;
  const scope = text(alert.scope);
  if (scope && scope !== 'Public') return;
  const issued = instant(text(alert.sent));
  if (!issued) return;
  const infos = asArray(alert.info);
  const info = infos.find((candidate) => /^en/i.test(text(candidate.language) ?? 'en-AU')) ?? infos[0];
  if (!info) return;
  const headline = text(info.headline);
  const body = text(info.description) ?? headline;
  if (!body) return;
  out.push({
    id: text(alert.identifier) ?? `${issued}|${headline ?? body.slice(0, 80)}`,
    title: headline ?? text(info.event),
    text: body,
    issuedAt: issued,
    expiresAt: instant(text(info.expires)),
    link: httpUrl(text(info.web)),
    areas: asArray(info.area).map(parseArea),
  });
}

interface FeedItem {
  id: string | null;
  title: string | null;
  summary: string | null;
  date: string | null;
  link: string | null;
}

function atomItem(entry: Node): FeedItem {
  const link = asArray(entry.link).find((l) => !l['@_rel'] || l['@_rel'] === 'alternate');
  return {
    id: text(entry.id),
    title: text(entry.title),
    summary: text(entry.summary),
    date: text(entry.updated) ?? text(entry.published),
    link: link ? text(link['@_href']) : null,
  };
}

function rssItem(item: Node): FeedItem {
  return {
    id: text(item.guid),
    title: text(item.title),
    summary: text(item.description),
    date: text(item.pubDate),
    link: text(item.link),
  };
}

function pushFeedItem(out: WarningRecord[], item: FeedItem): void {
  const issued = instant(item.date);
  const body = item.summary ?? item.title;
  if (!issued || !body) return;
  out.push({
    id: item.id ?? `${issued}|${item.title ?? body.slice(0, 80)}`,
    title: item.title,
    text: body,
    issuedAt: issued,
    expiresAt: null,
    link: httpUrl(item.link),
    areas: [],
  });
}

function parseArea(area: Node): WarningArea {
  const polygons: WarningArea['polygons'] = [];
  for (const raw of list(area.polygon)) {
    const ring = (text(raw) ?? '')
      .split(/\s+/)
      .map((pair) => pair.split(',').map(Number))
      .filter((pair): pair is [number, number] => pair.length === 2 && pair.every(Number.isFinite));
    if (ring.length >= 3) polygons.push(ring);
  }
  const circles: WarningArea['circles'] = [];
  for (const raw of list(area.circle)) {
    const match = /^\s*(-?[\d.]+),\s*(-?[\d.]+)\s+([\d.]+)\s*$/.exec(text(raw) ?? '');
    if (match)
      circles.push({ latitude: Number(match[1]), longitude: Number(match[2]), radiusKm: Number(match[3]) });
  }
  return { description: text(area.areaDesc), polygons, circles };
}

/** The warnings that concern a beach now: in force, and (where the alert has geometry) around it. */
export function warningsFor(point: LatLng, warnings: readonly WarningRecord[], now: number): WarningRecord[] {
  return warnings
    .filter((warning) => warning.expiresAt === null || Date.parse(warning.expiresAt) > now)
    .filter((warning) => Date.parse(warning.issuedAt) <= now + 5 * 60_000)
    .filter((warning) => {
      const shapes = warning.areas.filter((area) => area.polygons.length > 0 || area.circles.length > 0);
      if (shapes.length === 0) return true;
      return shapes.some(
        (area) =>
          area.polygons.some((ring) => polygonDistanceKm(point, ring) <= AREA_BUFFER_KM) ||
          area.circles.some((circle) => distanceKm(point, circle) <= circle.radiusKm + AREA_BUFFER_KM),
      );
    })
    .sort((a, b) => b.issuedAt.localeCompare(a.issuedAt));
}

/** 0 inside the ring, else the distance to its nearest edge (flat-earth around the point; fine at these scales). */
export function polygonDistanceKm(point: LatLng, ring: ReadonlyArray<readonly [number, number]>): number {
  const kx = 111.32 * Math.cos((point.latitude * Math.PI) / 180);
  const ky = 110.57;
  const xy = ring.map(([lat, lng]) => [(lng - point.longitude) * kx, (lat - point.latitude) * ky] as const);
  let inside = false;
  let best = Infinity;
  for (let i = 0, j = xy.length - 1; i < xy.length; j = i, i += 1) {
    const [xi, yi] = xy[i]!;
    const [xj, yj] = xy[j]!;
    if (yi > 0 !== yj > 0 && 0 < ((xj - xi) * (0 - yi)) / (yj - yi) + xi) inside = !inside;
    const dx = xj - xi;
    const dy = yj - yi;
    const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, (-xi * dx - yi * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(xi + t * dx, yi + t * dy));
  }
  return inside ? 0 : best;
}

function distanceKm(a: LatLng, b: LatLng): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(toRad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(toRad(a.latitude)) *
      Math.cos(toRad(b.latitude)) *
      Math.sin(toRad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface WarningsProvider {
  readonly source: SourceInfo;
  readonly cache: ProviderCache<WarningRecord[]>;
  /** Whether any feed is configured for the state. */
  covers(state: string): boolean;
  /** Every warning of the state's feeds (null when no feed answered and nothing is cached). */
  get(state: string): Promise<Cached<WarningRecord[]> | null>;
  peek(state: string): Cached<WarningRecord[]> | null;
}

export function createBomWarningsProvider(options: {
  /** Feed URLs per state code ("NSW"). */
  feeds: ReadonlyMap<string, readonly string[]>;
  runtime: UpstreamRuntime;
  cache: CacheSettings;
  now?: () => number;
  onFailure?: (key: string, error: unknown) => void;
}): WarningsProvider {
  const cache = new ProviderCache<WarningRecord[]>({
    ...options.cache,
    now: options.now,
    onFailure: options.onFailure,
  });
  const load = (url: string) => async () =>
    parseWarningsFeed(
      await fetchText(url, {
        timeoutMs: options.runtime.timeoutMs,
        maxBytes: 2 * 1024 * 1024,
        headers: { 'user-agent': options.runtime.userAgent, accept: 'application/xml, text/xml' },
      }),
    );
  const urlsOf = (state: string) => options.feeds.get(state.toUpperCase()) ?? [];
  // Several feeds for one state merge into one list; its age is the oldest feed's, stale if any is.
  const merge = (parts: Array<Cached<WarningRecord[]> | null>): Cached<WarningRecord[]> | null => {
    const got = parts.filter((part): part is Cached<WarningRecord[]> => part !== null);
    if (got.length === 0) return null;
    const seen = new Set<string>();
    return {
      value: got.flatMap((part) => part.value).filter((w) => !seen.has(w.id) && seen.add(w.id)),
      fetchedAt: Math.min(...got.map((part) => part.fetchedAt)),
      ageSeconds: Math.max(...got.map((part) => part.ageSeconds)),
      stale: got.some((part) => part.stale) || got.length < parts.length,
    };
  };
  return {
    source: BOM_SOURCE,
    cache,
    covers: (state) => urlsOf(state).length > 0,
    get: async (state) => merge(await Promise.all(urlsOf(state).map((url) => cache.get(url, load(url))))),
    peek: (state) => merge(urlsOf(state).map((url) => cache.peek(url))),
  };
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function asArray(value: unknown): Node[] {
  return list(value).filter(isNode);
}

/** Text content of an element (string, or an object with #text), trimmed; null if empty. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'].trim() || null;
  if (Array.isArray(value)) return text(value[0]);
  return null;
}

function instant(value: string | null): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function httpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
