import { isInAustralia, MAX_BEACH_LOCALITY_DISTANCE_M } from '@safeshore/domain';
import { assembleRings, summarize, type BeachGeometry, type GeometrySummary } from './geometry.ts';
import { NodeIndex } from './node-index.ts';
import type { OsmSource, OsmTags, OsmWay } from './types.ts';

/**
 * Reads the beaches (and the toilets and car parks near them) out of an OpenStreetMap file in
 * three passes, keeping only what beaches need:
 *   1. nodes and relations: beach nodes, toilet/parking nodes, beach multipolygons and the ids of
 *      their outer ways;
 *   2. ways: beach ways, those outer ways, toilet/parking areas, coastline ways, and the ids of
 *      their nodes;
 *   3. nodes again: the coordinates of just those node ids.
 * Memory grows with the number of beaches (and facilities), not with the size of the file.
 */

export const INTERESTING_TAGS = [
  ['natural', 'beach'],
  ['amenity', 'toilets'],
  ['amenity', 'parking'],
  ['emergency', 'lifeguard'],
  ['sport', 'surf_lifesaving'],
  ['sport', 'surf_life_saving'],
  ['club', 'sport'],
  // The coastline, for new beaches' shore normals.
  ['natural', 'coastline'],
] as const;

/** A surf life saving club: tagged by its sport, or a sports club whose name says so. */
export function isSurfClub(tags: OsmTags): boolean {
  if (tags.sport === 'surf_lifesaving' || tags.sport === 'surf_life_saving') return true;
  return tags.club === 'sport' && /\bsurf\s*life\s*saving\b|\bslsc\b/i.test(tags.name ?? '');
}

/** The tags a beach keeps after the scan (the rest are dropped at once). */
const KEPT_TAGS = ['surface', 'supervised', 'lifeguard', 'dog', 'addr:city', 'is_in'] as const;

/** Facility areas are located by the mean of up to this many of their nodes (a car park's centre, near enough). */
const FACILITY_SAMPLE_NODES = 16;

export const MAX_NAME_LENGTH = 120;

export const SKIP_REASONS = {
  unnamed: 'no name',
  notMultipolygon: 'relation is not a multipolygon',
  missingGeometry: 'missing geometry (its nodes or member ways are not in the file)',
  outside: 'outside Australia',
  farFromLocality: `no GeoNames locality within ${MAX_BEACH_LOCALITY_DISTANCE_M / 1000} km`,
  badName: 'name unusable (too long, or no letters or digits for a page address)',
} as const;

export type SkipReason = (typeof SKIP_REASONS)[keyof typeof SKIP_REASONS];

export interface BeachFeature {
  /** `way/123`, `relation/45`, `node/678`: the id in beach_sources. */
  sourceId: string;
  name: string;
  tags: OsmTags;
  geometry: BeachGeometry;
  summary: GeometrySummary;
}

export class SkipLog {
  readonly reasons = new Map<SkipReason, { count: number; examples: string[] }>();

  add(reason: SkipReason, sourceId: string, name?: string | null): void {
    const entry = this.reasons.get(reason) ?? { count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < 3) entry.examples.push(name ? `${sourceId} (${name})` : sourceId);
    this.reasons.set(reason, entry);
  }
}

export interface ScanResult {
  features: BeachFeature[];
  /** [lat, lon, …] of toilets and of car parks (nodes, and the centres of areas). */
  toilets: number[];
  parking: number[];
  /** Lifeguard stations (emergency=lifeguard) and surf life saving clubs, the same way. */
  lifeguards: number[];
  surfClubs: number[];
  /** The natural=coastline ways, each as [lat, lon, …] in the way's direction (land on its left). */
  coastline: Float64Array[];
}

/** The beach's name, whitespace tidied; null when it has none. */
export function nameOf(tags: OsmTags): string | null {
  const name = (tags.name ?? '').replace(/\s+/g, ' ').trim();
  return name === '' ? null : name;
}

function keptTags(tags: OsmTags): OsmTags {
  const kept: OsmTags = {};
  for (const key of KEPT_TAGS) if (tags[key] !== undefined) kept[key] = tags[key];
  return kept;
}

interface PendingWay {
  id: number;
  name: string;
  tags: OsmTags;
  refs: Float64Array;
  coords: Float64Array | null;
}

interface PendingRelation {
  id: number;
  name: string;
  tags: OsmTags;
  outers: Array<{ ref: number; coords: Float64Array | null }>;
}

function toFloat64(values: ArrayLike<number>): Float64Array {
  return values instanceof Float64Array ? values : Float64Array.from(values);
}

function sampleRefs(refs: Float64Array): Float64Array {
  const closed = refs.length > 1 && refs[0] === refs[refs.length - 1];
  const ring = closed ? refs.subarray(0, refs.length - 1) : refs;
  if (ring.length <= FACILITY_SAMPLE_NODES) return Float64Array.from(ring);
  const sample = new Float64Array(FACILITY_SAMPLE_NODES);
  for (let i = 0; i < FACILITY_SAMPLE_NODES; i++) {
    sample[i] = ring[Math.floor((i * ring.length) / FACILITY_SAMPLE_NODES)]!;
  }
  return sample;
}

/** Appends the mean of the points (a closed ring's repeated first point counted once) to `into`. */
function meanPoint(coords: Float64Array, into: number[]): void {
  let n = coords.length / 2;
  if (n > 1 && coords[0] === coords[coords.length - 2] && coords[1] === coords[coords.length - 1]) n--;
  if (n === 0) return;
  let lat = 0;
  let lon = 0;
  for (let i = 0; i < n * 2; i += 2) {
    lat += coords[i]!;
    lon += coords[i + 1]!;
  }
  into.push(lat / n, lon / n);
}

export async function scanBeaches(source: OsmSource, skips: SkipLog): Promise<ScanResult> {
  const toilets: number[] = [];
  const parking: number[] = [];
  const lifeguards: number[] = [];
  const surfClubs: number[] = [];
  const features: BeachFeature[] = [];
  const relations: PendingRelation[] = [];
  const memberWayIds = new Set<number>();

  const addFeature = (sourceId: string, name: string, tags: OsmTags, geometry: BeachGeometry | null) => {
    if (!geometry) return skips.add(SKIP_REASONS.missingGeometry, sourceId, name);
    const summary = summarize(geometry);
    if (!isInAustralia(summary)) return skips.add(SKIP_REASONS.outside, sourceId, name);
    features.push({ sourceId, name, tags: keptTags(tags), geometry, summary });
  };

  const facilityList = (tags: OsmTags): number[] | null =>
    tags.amenity === 'toilets'
      ? toilets
      : tags.amenity === 'parking'
        ? parking
        : tags.emergency === 'lifeguard'
          ? lifeguards
          : isSurfClub(tags)
            ? surfClubs
            : null;

  // Pass 1: nodes and relations.
  await source.scan({
    interesting: INTERESTING_TAGS,
    node(id, lat, lon, tags) {
      if (!tags) return;
      if (tags.natural === 'beach') {
        const name = nameOf(tags);
        const sourceId = `node/${id}`;
        if (!name) return skips.add(SKIP_REASONS.unnamed, sourceId);
        addFeature(sourceId, name, tags, { kind: 'point', parts: [new Float64Array([lat, lon])] });
      } else {
        facilityList(tags)?.push(lat, lon);
      }
    },
    relation(relation) {
      const { id, tags } = relation;
      if (tags.natural !== 'beach') return;
      const sourceId = `relation/${id}`;
      const name = nameOf(tags);
      if (!name) return skips.add(SKIP_REASONS.unnamed, sourceId);
      if (tags.type !== 'multipolygon') return skips.add(SKIP_REASONS.notMultipolygon, sourceId, name);
      const outers = relation.members
        .filter((m) => m.type === 'way' && (m.role === 'outer' || m.role === ''))
        .map((m) => ({ ref: m.ref, coords: m.coords && m.coords.length > 0 ? m.coords : null }));
      for (const outer of outers) if (!outer.coords) memberWayIds.add(outer.ref);
      relations.push({ id, name, tags: keptTags(tags), outers });
    },
  });

  // Pass 2: ways.
  const nodes = new NodeIndex();
  const needNodes = (way: OsmWay): Float64Array => {
    const refs = toFloat64(way.refs);
    if (!way.coords) for (const ref of refs) nodes.add(ref);
    return refs;
  };
  const beachWays: PendingWay[] = [];
  const memberWays = new Map<number, { refs: Float64Array; coords: Float64Array | null }>();
  const facilityWays: Array<{ list: number[]; refs: Float64Array }> = [];
  const coastWays: Array<{ refs: Float64Array; coords: Float64Array | null }> = [];
  await source.scan({
    interesting: INTERESTING_TAGS,
    wayIds: memberWayIds,
    way(way) {
      const isMember = memberWayIds.has(way.id);
      if (isMember) memberWays.set(way.id, { refs: needNodes(way), coords: way.coords });
      const tags = way.tags;
      if (!tags) return;
      if (tags.natural === 'beach') {
        const name = nameOf(tags);
        // An unnamed outer way of a named multipolygon is part of that beach, not one of its own.
        if (!name) return isMember ? undefined : skips.add(SKIP_REASONS.unnamed, `way/${way.id}`);
        beachWays.push({ id: way.id, name, tags: keptTags(tags), refs: needNodes(way), coords: way.coords });
        return;
      }
      if (tags.natural === 'coastline') {
        coastWays.push({ refs: needNodes(way), coords: way.coords });
        return;
      }
      const list = facilityList(tags);
      if (!list) return;
      if (way.coords) meanPoint(way.coords, list);
      else {
        const refs = sampleRefs(toFloat64(way.refs));
        for (const ref of refs) nodes.add(ref);
        facilityWays.push({ list, refs });
      }
    },
  });

  // Pass 3: coordinates of the nodes those ways use.
  if (nodes.size > 0) {
    await source.scan({
      interesting: [],
      nodeIds: nodes,
      node(id, lat, lon) {
        nodes.set(id, lat, lon);
      },
    });
  }

  const resolve = (refs: Float64Array, coords: Float64Array | null): Float64Array => {
    if (coords) return coords;
    const out = new Float64Array(refs.length * 2);
    let n = 0;
    for (const ref of refs) if (nodes.get(ref, out, n)) n += 2;
    return n === out.length ? out : out.slice(0, n);
  };

  for (const { list, refs } of facilityWays) meanPoint(resolve(refs, null), list);
  const coastline = coastWays.map(({ refs, coords }) => resolve(refs, coords)).filter((c) => c.length >= 4);

  for (const way of beachWays) {
    const coords = resolve(way.refs, way.coords);
    const points = coords.length / 2;
    const closed =
      points >= 4 && coords[0] === coords[coords.length - 2] && coords[1] === coords[coords.length - 1];
    const geometry: BeachGeometry | null =
      points === 0 ? null : { kind: points === 1 ? 'point' : closed ? 'polygon' : 'line', parts: [coords] };
    addFeature(`way/${way.id}`, way.name, way.tags, geometry);
  }

  for (const relation of relations) {
    const parts = relation.outers
      .map((outer) => {
        if (outer.coords) return outer.coords;
        const member = memberWays.get(outer.ref);
        return member ? resolve(member.refs, member.coords) : new Float64Array(0);
      })
      .filter((part) => part.length >= 2);
    let geometry: BeachGeometry | null = null;
    if (parts.length > 0) {
      const rings = assembleRings(parts);
      geometry = rings && rings.length > 0 ? { kind: 'polygon', parts: rings } : { kind: 'fragments', parts };
    }
    addFeature(`relation/${relation.id}`, relation.name, relation.tags, geometry);
  }

  return { features, toilets, parking, lifeguards, surfClubs, coastline };
}
