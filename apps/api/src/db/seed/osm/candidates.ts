import {
  isStateCode,
  normalizeSearchText,
  slugify,
  MAX_BEACH_LOCALITY_DISTANCE_M,
  STATE_NAMES,
  type StateCode,
} from '@safeshore/domain';
import type { Facility, ShoreNormal } from '@safeshore/domain';
import type { BeachesTable } from '../../schema.ts';
import {
  MAX_NAME_LENGTH,
  SKIP_REASONS,
  type BeachFeature,
  type SkipLog,
  type SkipReason,
} from './features.ts';
import { CoastlineIndex } from './coastline.ts';
import { boundsGap, boundsOf, diameter, distanceBetween, type Bounds } from './geometry.ts';
import type { FacilityIndex, Locality, LocalityIndex } from './places.ts';
import type { OsmTags } from './types.ts';

/**
 * A beach already in the database with the same name (normalised) and its point within this
 * distance of the OpenStreetMap geometry is the same beach; so are same-named OpenStreetMap
 * features this close to each other (a beach mapped in pieces).
 */
export const OSM_MERGE_DISTANCE_M = 2_000;
/** has_toilet = 1 when OpenStreetMap has toilets this close to the beach (never 0: absence is unknown). */
export const TOILET_DISTANCE_M = 250;
/** has_parking = 1 when OpenStreetMap has a car park this close to the beach. */
export const PARKING_DISTANCE_M = 300;
/** A lifeguard station or surf life saving club this close to the beach is listed among its facilities. */
export const LIFEGUARD_DISTANCE_M = 300;

/**
 * What OpenStreetMap says a beach has, as entries of its facility list (spec facility types): only
 * what is there (within the distances above) or tagged; nothing found adds nothing (unknown).
 */
export const OSM_FACILITIES = {
  toilets: { type: 'Facility', name: 'Toilets', url: null },
  parking: { type: 'Carpark', name: 'Car park', url: null },
  lifeguardStation: { type: 'Facility', name: 'Lifeguard station', url: null },
  lifeguards: { type: 'Facility', name: 'Lifeguards on duty in season', url: null },
  surfClub: { type: 'Facility', name: 'Surf life saving club', url: null },
  dogsAllowed: { type: 'Regulation', name: 'Dogs allowed', url: null },
  dogsLeashed: { type: 'Regulation', name: 'Dogs on a leash only', url: null },
  noDogs: { type: 'Regulation', name: 'No dogs', url: null },
} as const satisfies Record<string, Facility>;
/** coordinate_precision_m is half the geometry's longest dimension, but never below this. */
export const MIN_COORDINATE_PRECISION_M = 50;
/** A beach mapped as a single node marks a point somewhere on it; its centre may be this far. */
export const NODE_COORDINATE_PRECISION_M = 250;

const MAX_AREA_LENGTH = 80;
const MAX_SURFACE_LENGTH = 60;

/** Fields an import may fill; on a beach that is already there it only ever fills the empty ones. */
export const FILLABLE = [
  'length_m',
  'surface',
  'supervised',
  'has_dogs_allowed',
  'has_dogs_allowed_on_leash',
  'has_toilet',
  'has_parking',
] as const;
export type Fillable = Pick<BeachesTable, (typeof FILLABLE)[number]>;

/** One beach to write: one OpenStreetMap feature, or the pieces of one beach. */
export interface Candidate {
  /** Its features, relations first, then ways, then nodes, by id. */
  features: BeachFeature[];
  name: string;
  searchName: string;
  parts: Float64Array[];
  bounds: Bounds;
  latitude: number;
  longitude: number;
  precisionM: number;
  /** Council from the beach's own tags, when it has them. */
  taggedArea: string | null;
  fields: Fillable;
  /** OpenStreetMap's facility entries for the beach (OSM_FACILITIES), in a fixed order. */
  facilities: Facility[];
  locality: Locality;
  /** The nearest locality's state: a beach across a state border takes the state of that locality. */
  state: StateCode;
  /** From the extract's coastline near the beach's centre (or why there is none). */
  shoreNormal: ShoreNormal;
}

const yesNo = (value: string | undefined): number | null => {
  const v = value?.trim().toLowerCase();
  return v === 'yes' ? 1 : v === 'no' ? 0 : null;
};

/** OpenStreetMap tags to our fields: surface as tagged; supervised/lifeguard yes/no; dog yes/leashed/no. */
export function fieldsFromTags(tags: OsmTags): Omit<Fillable, 'length_m' | 'has_toilet' | 'has_parking'> {
  const surface = tags.surface?.trim();
  const dog = tags.dog?.trim().toLowerCase();
  return {
    surface: surface && surface.length <= MAX_SURFACE_LENGTH ? surface : null,
    supervised: yesNo(tags.supervised) ?? yesNo(tags.lifeguard),
    has_dogs_allowed:
      dog === 'yes' || dog === 'designated' || dog === 'unleashed' ? 1 : dog === 'no' ? 0 : null,
    has_dogs_allowed_on_leash: dog === 'leashed' ? 1 : dog === 'no' ? 0 : null,
  };
}

const PLACE_WORDS = new Set([
  'australia',
  ...Object.keys(STATE_NAMES).map((s) => s.toLowerCase()),
  ...Object.values(STATE_NAMES).map((s) => s.toLowerCase()),
]);

/** Council named by the beach's own tags: `addr:city`, else the first specific part of `is_in`. */
export function taggedArea(tags: OsmTags): string | null {
  const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
  const usable = (text: string) =>
    text.length <= MAX_AREA_LENGTH && slugify(text) !== '' && !PLACE_WORDS.has(text.toLowerCase());
  const city = tidy(tags['addr:city'] ?? '');
  if (usable(city)) return city;
  return (tags.is_in ?? '').split(/[,;]/).map(tidy).find(usable) ?? null;
}

/** The facility entries the fields, tags and nearby features give (nothing for unknown). */
export function facilitiesFrom(
  fields: Omit<Fillable, 'length_m'>,
  tags: OsmTags,
  near: { lifeguardStation: boolean; surfClub: boolean },
): Facility[] {
  const list: Facility[] = [];
  if (fields.has_toilet === 1) list.push(OSM_FACILITIES.toilets);
  if (fields.has_parking === 1) list.push(OSM_FACILITIES.parking);
  if (near.lifeguardStation) list.push(OSM_FACILITIES.lifeguardStation);
  else if (yesNo(tags.lifeguard) === 1 || yesNo(tags.supervised) === 1) list.push(OSM_FACILITIES.lifeguards);
  if (near.surfClub) list.push(OSM_FACILITIES.surfClub);
  if (fields.has_dogs_allowed_on_leash === 1) list.push(OSM_FACILITIES.dogsLeashed);
  else if (fields.has_dogs_allowed === 1) list.push(OSM_FACILITIES.dogsAllowed);
  else if (fields.has_dogs_allowed === 0) list.push(OSM_FACILITIES.noDogs);
  return list.map((f) => ({ ...f }));
}

/** Groups of indices joined by union-find over the given pairs (a pair joins when `joined` says so). */
function unite(
  count: number,
  pairs: Array<[number, number]>,
  joined: (a: number, b: number) => boolean,
): number[][] {
  const parent = Array.from({ length: count }, (_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (const [a, b] of pairs) if (root(a) !== root(b) && joined(a, b)) parent[root(b)] = root(a);
  const out = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const r = root(i);
    const members = out.get(r);
    if (members) members.push(i);
    else out.set(r, [i]);
  }
  return [...out.values()];
}

/**
 * Same-named features whose geometries come within OSM_MERGE_DISTANCE_M of each other are one
 * beach. A feature is compared only with same-named ones whose bounds are that close.
 */
export function joinPieces(features: BeachFeature[]): BeachFeature[][] {
  const byName = new Map<string, BeachFeature[]>();
  for (const feature of features) {
    const key = normalizeSearchText(feature.name);
    const group = byName.get(key);
    if (group) group.push(feature);
    else byName.set(key, [feature]);
  }
  const result: BeachFeature[][] = [];
  const marginDegrees = OSM_MERGE_DISTANCE_M / 111_000;
  for (const group of byName.values()) {
    if (group.length === 1) {
      result.push(group);
      continue;
    }
    group.sort((a, b) => a.summary.south - b.summary.south);
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        if (group[j]!.summary.south > group[i]!.summary.north + marginDegrees) break;
        if (boundsGap(group[i]!.summary, group[j]!.summary) <= OSM_MERGE_DISTANCE_M) pairs.push([i, j]);
      }
    }
    const joined = (a: number, b: number) =>
      distanceBetween(group[a]!.geometry.parts, group[b]!.geometry.parts) <= OSM_MERGE_DISTANCE_M;
    for (const members of unite(group.length, pairs, joined)) result.push(members.map((i) => group[i]!));
  }
  return result;
}

const SOURCE_ORDER: Record<string, number> = { relation: 0, way: 1, node: 2 };

/** Relations, then ways, then nodes; by id within each. */
export function sourceOrder(a: { sourceId: string }, b: { sourceId: string }): number {
  const [typeA, idA] = a.sourceId.split('/');
  const [typeB, idB] = b.sourceId.split('/');
  return (SOURCE_ORDER[typeA!] ?? 3) - (SOURCE_ORDER[typeB!] ?? 3) || Number(idA) - Number(idB);
}

/**
 * One beach from its pieces: the centre is the length-weighted mean of the pieces' centroids, the
 * length their sum, the extent the longest distance across all of them, and each tag comes from
 * the first piece that has it.
 */
function describe(pieces: BeachFeature[]) {
  pieces.sort(sourceOrder);
  const parts = pieces.flatMap((p) => p.geometry.parts);
  const weights = pieces.map((p) => p.summary.lengthM ?? 0);
  const total = weights.reduce((a, b) => a + b, 0);
  const weight = (i: number) => (total > 0 ? weights[i]! / total : 1 / pieces.length);
  const latitude = pieces.reduce((sum, p, i) => sum + p.summary.latitude * weight(i), 0);
  const longitude = pieces.reduce((sum, p, i) => sum + p.summary.longitude * weight(i), 0);
  const lengths = pieces.map((p) => p.summary.lengthM).filter((l): l is number => l !== null);
  const extent = pieces.length === 1 ? pieces[0]!.summary.extentM : diameter(parts);
  const tags: OsmTags = {};
  for (const piece of pieces) for (const [k, v] of Object.entries(piece.tags)) tags[k] ??= v;
  return {
    features: pieces,
    name: pieces[0]!.name,
    searchName: normalizeSearchText(pieces[0]!.name),
    parts,
    bounds: boundsOf(parts),
    latitude: Math.round(latitude * 1e6) / 1e6,
    longitude: Math.round(longitude * 1e6) / 1e6,
    precisionM: pieces.every((p) => p.geometry.kind === 'point')
      ? NODE_COORDINATE_PRECISION_M
      : Math.max(MIN_COORDINATE_PRECISION_M, Math.round(extent / 2)),
    taggedArea: taggedArea(tags),
    tags,
    lengthM: lengths.length > 0 ? lengths.reduce((a, b) => a + b, 0) : null,
  };
}

/**
 * Turns features into beaches to write: joins the pieces of a beach, finds the nearest locality
 * (which gives the postcode and the state) and the facilities nearby. Beaches with an unusable
 * name or no locality within MAX_BEACH_LOCALITY_DISTANCE_M are skipped.
 */
export function buildCandidates(
  features: BeachFeature[],
  places: {
    localities: LocalityIndex;
    toilets: FacilityIndex;
    parking: FacilityIndex;
    lifeguards?: FacilityIndex;
    surfClubs?: FacilityIndex;
    coastline?: CoastlineIndex;
  },
  skips: SkipLog,
): { candidates: Candidate[]; joined: number } {
  const candidates: Candidate[] = [];
  const coastline = places.coastline ?? new CoastlineIndex([]);
  const groups = joinPieces(features);
  for (const group of groups) {
    const { tags, lengthM, ...described } = describe(group);
    const skip = (reason: SkipReason) => {
      for (const f of group) skips.add(reason, f.sourceId, f.name);
    };
    if (described.name.length > MAX_NAME_LENGTH || described.searchName === '') {
      skip(SKIP_REASONS.badName);
      continue;
    }
    const nearest = places.localities.nearest(described, MAX_BEACH_LOCALITY_DISTANCE_M);
    const state = nearest?.locality.state;
    if (!nearest || !state || !isStateCode(state)) {
      skip(SKIP_REASONS.farFromLocality);
      continue;
    }
    const { parts, bounds } = described;
    const fields: Fillable = {
      ...fieldsFromTags(tags),
      length_m: lengthM === null ? null : Math.max(1, Math.round(lengthM)),
      has_toilet: places.toilets.near(parts, bounds, TOILET_DISTANCE_M) ? 1 : null,
      has_parking: places.parking.near(parts, bounds, PARKING_DISTANCE_M) ? 1 : null,
    };
    const near = {
      lifeguardStation: places.lifeguards?.near(parts, bounds, LIFEGUARD_DISTANCE_M) ?? false,
      surfClub: places.surfClubs?.near(parts, bounds, LIFEGUARD_DISTANCE_M) ?? false,
    };
    candidates.push({
      ...described,
      locality: nearest.locality,
      state,
      fields,
      facilities: facilitiesFrom(fields, tags, near),
      shoreNormal: coastline.shoreNormalAt(described, described.precisionM),
    });
  }
  candidates.sort((a, b) => sourceOrder(a.features[0]!, b.features[0]!));
  return { candidates, joined: features.length - groups.length };
}
