import type { LatLng } from './geo.ts';

/**
 * A beach's shore normal: the direction, in degrees true, that a person standing on the beach faces
 * when looking straight out to sea. The rip-current model (issue 29) needs it to tell onshore waves
 * from waves running along the beach.
 *
 * The method, from coastline polylines in OpenStreetMap's convention (land on the left, sea on the
 * right of the line's direction):
 *   1. Project the polylines onto a local plane around the beach's point (equirectangular: angles
 *      are true near the point) and find the nearest point of any coastline.
 *   2. No value when that point is over SHORE_NORMAL_MAX_DISTANCE_M away: the beach is not on a
 *      mapped coast (a lake, a river well upstream) or its point is wrong.
 *   3. Walk SHORE_NORMAL_WINDOW_M along the coastline either side of the nearest point (across
 *      joined pieces; round a closed ring) and take the length-weighted mean of the segments' unit
 *      directions, each metre weighted from 1 at the nearest point down to 0 at the window's ends
 *      (so the stretch in front of the beach counts most, and a corner near the window's end
 *      little). The normal is that mean direction turned 90° to the right (the sea side).
 *   4. Confidence: the straightness of the coastline (chord over path length, unweighted: 1 on a
 *      straight coast, cos 45° ≈ 0.71 round a right-angled corner in the middle, near 0 round a
 *      headland's tip) over the window, or over the point's error radius where that is longer (the
 *      beach may be anywhere in it); and the distance from the beach's point to the coastline. Low
 *      as well when other coastline lies nearly as close (a spit, a river mouth, a narrow
 *      headland), or when less than SHORE_NORMAL_MIN_WINDOW_M of coastline is mapped there.
 */

export type ShoreNormalConfidence = 'high' | 'medium' | 'low';

export interface ShoreNormal {
  /** Degrees true in [0, 360), to 0.1°; null when no coastline is near enough. */
  normalDeg: number | null;
  confidence: ShoreNormalConfidence | null;
  /** Metres from the beach's point to the nearest coastline (whole metres); null when none was given. */
  distanceM: number | null;
  /** Why the value is weak or absent; null for a high-confidence value. */
  note: string | null;
}

/** A coastline polyline: [longitude, latitude] pairs, land on the left of its direction. */
export type CoastlinePolyline = ReadonlyArray<readonly [number, number]>;

/** Beyond this, no value: the point is not on a coast we can see. */
export const SHORE_NORMAL_MAX_DISTANCE_M = 1000;
/** Beyond this the beach's point is far enough from the line that the line may be another shore. */
export const SHORE_NORMAL_LOW_DISTANCE_M = 400;
/** Within this (and straight enough), high confidence. */
export const SHORE_NORMAL_HIGH_DISTANCE_M = 200;
/** Metres of coastline taken either side of the nearest point. */
export const SHORE_NORMAL_WINDOW_M = 500;
/** A window shorter than this (a short, open piece of coastline) says too little. */
export const SHORE_NORMAL_MIN_WINDOW_M = 250;
/** Straightness (resultant / path length) for high and for medium confidence; a turn of about 50° and 90°. */
export const SHORE_NORMAL_HIGH_STRAIGHTNESS = 0.9;
export const SHORE_NORMAL_MEDIUM_STRAIGHTNESS = 0.7;
/** Coastline outside the window this much farther than the nearest point makes the side ambiguous. */
export const SHORE_NORMAL_AMBIGUOUS_MARGIN_M = 100;
/** How far polylines need to be given around a point (the distance limit plus the window). */
export const SHORE_NORMAL_SEARCH_RADIUS_M = SHORE_NORMAL_MAX_DISTANCE_M + SHORE_NORMAL_WINDOW_M + 100;

const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

type Point = [x: number, y: number];

/**
 * Joins polylines whose end is exactly another's start (OpenStreetMap ways share their end nodes;
 * a long ring cut into pieces shares its cut points), so a window can run from one into the next.
 */
export function joinCoastlines(polylines: ReadonlyArray<CoastlinePolyline>): Array<Array<[number, number]>> {
  const keyOf = (p: readonly [number, number]) => `${p[0]},${p[1]}`;
  const pieces = polylines
    .filter((line) => line.length >= 2)
    .map((line) => line.map((p) => [p[0], p[1]] as [number, number]));
  const byStart = new Map<string, number>();
  for (const [i, piece] of pieces.entries())
    if (!byStart.has(keyOf(piece[0]!))) byStart.set(keyOf(piece[0]!), i);
  const used = new Set<number>();
  const joined: Array<Array<[number, number]>> = [];
  // Pieces that some other piece runs into are picked up from their predecessor, so start at the others first.
  const ends = new Set(pieces.map((piece) => keyOf(piece[piece.length - 1]!)));
  const order = [...pieces.keys()].sort(
    (a, b) => Number(ends.has(keyOf(pieces[a]![0]!))) - Number(ends.has(keyOf(pieces[b]![0]!))),
  );
  for (const start of order) {
    if (used.has(start)) continue;
    used.add(start);
    const line = [...pieces[start]!];
    for (;;) {
      const next = byStart.get(keyOf(line[line.length - 1]!));
      if (next === undefined || used.has(next)) break;
      used.add(next);
      line.push(...pieces[next]!.slice(1));
    }
    joined.push(line);
  }
  return joined;
}

interface Nearest {
  line: number;
  segment: number;
  t: number;
  distance: number;
}

function closestOnSegment(a: Point, b: Point): { t: number; distance: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(a[0] * dx + a[1] * dy) / lengthSquared));
  return { t, distance: Math.hypot(a[0] + t * dx, a[1] + t * dy) };
}

/**
 * `windowM` along the line either side of the nearest point: the weighted sum of its pieces' unit
 * directions (in the line's direction; weight falling linearly from 1 at the nearest point to 0 at
 * `windowM`), the plain sum of the pieces (the chord), the path length, and the segments it
 * covered (so that coastline elsewhere can be told from it).
 */
function walkWindow(
  line: Point[],
  nearest: Nearest,
  windowM: number,
): { sum: Point; chord: Point; length: number; covered: Set<number> } {
  const segments = line.length - 1;
  const closed = segments >= 3 && line[0]![0] === line[segments]![0] && line[0]![1] === line[segments]![1];
  const a = line[nearest.segment]!;
  const b = line[nearest.segment + 1]!;
  const origin: Point = [a[0] + nearest.t * (b[0] - a[0]), a[1] + nearest.t * (b[1] - a[1])];
  const covered = new Set<number>([nearest.segment]);
  let ringLength = 0;
  if (closed)
    for (let i = 0; i < segments; i++)
      ringLength += Math.hypot(line[i + 1]![0] - line[i]![0], line[i + 1]![1] - line[i]![1]);
  // A ring shorter than the whole window is walked at most once round, half each way.
  const reach = closed ? Math.min(windowM, ringLength / 2) : windowM;
  const sum: Point = [0, 0];
  const chord: Point = [0, 0];

  /** Adds the piece from `from` to `to`, `start` to `end` metres along the line from the origin. */
  const add = (from: Point, to: Point, start: number, end: number, direction: 1 | -1) => {
    const step = end - start;
    if (step === 0) return;
    const w = step - (end * end - start * start) / (2 * windowM);
    const dx = direction * (to[0] - from[0]);
    const dy = direction * (to[1] - from[1]);
    sum[0] += (dx * w) / step;
    sum[1] += (dy * w) / step;
    chord[0] += dx;
    chord[1] += dy;
  };

  const walk = (direction: 1 | -1): number => {
    let point = origin;
    let length = 0;
    let segment = nearest.segment;
    for (;;) {
      const target = line[direction === 1 ? segment + 1 : segment]!;
      const step = Math.hypot(target[0] - point[0], target[1] - point[1]);
      if (length + step >= reach) {
        const f = step === 0 ? 0 : (reach - length) / step;
        add(
          point,
          [point[0] + f * (target[0] - point[0]), point[1] + f * (target[1] - point[1])],
          length,
          reach,
          direction,
        );
        return reach;
      }
      add(point, target, length, length + step, direction);
      length += step;
      point = target;
      segment += direction;
      if (segment === segments || segment < 0) {
        if (!closed) return length;
        segment = direction === 1 ? 0 : segments - 1;
      }
      covered.add(segment);
    }
  };
  const length = walk(-1) + walk(1);
  return { sum, chord, length, covered };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * The seaward direction of the beach at `point`, from the coastline polylines near it (see above).
 * `precisionM`, the point's error radius where known, widens the stretch whose straightness the
 * confidence asks for: a point that may be 800 m off needs the coast straight for 800 m either way.
 */
export function shoreNormal(
  point: LatLng,
  polylines: ReadonlyArray<CoastlinePolyline>,
  options: { precisionM?: number | null } = {},
): ShoreNormal {
  const cos = Math.cos((point.latitude * Math.PI) / 180);
  const project = ([lon, lat]: readonly [number, number]): Point => [
    (lon - point.longitude) * cos * METRES_PER_DEGREE,
    (lat - point.latitude) * METRES_PER_DEGREE,
  ];
  const lines = joinCoastlines(polylines).map((line) => line.map(project));

  let nearest: Nearest | null = null;
  for (const [index, line] of lines.entries()) {
    for (let segment = 0; segment < line.length - 1; segment++) {
      const { t, distance } = closestOnSegment(line[segment]!, line[segment + 1]!);
      if (!nearest || distance < nearest.distance) nearest = { line: index, segment, t, distance };
    }
  }
  const maxKm = SHORE_NORMAL_MAX_DISTANCE_M / 1000;
  if (!nearest || nearest.distance > SHORE_NORMAL_MAX_DISTANCE_M) {
    return {
      normalDeg: null,
      confidence: null,
      distanceM: nearest ? Math.round(nearest.distance) : null,
      note: `No OpenStreetMap coastline within ${maxKm} km of the beach's point`,
    };
  }

  const line = lines[nearest.line]!;
  const window = walkWindow(line, nearest, SHORE_NORMAL_WINDOW_M);
  const reach = Math.max(SHORE_NORMAL_WINDOW_M, options.precisionM ?? 0);
  const span = reach === SHORE_NORMAL_WINDOW_M ? window : walkWindow(line, nearest, reach);
  const resultant = Math.hypot(window.sum[0], window.sum[1]);
  const distanceM = Math.round(nearest.distance);
  if (resultant === 0) {
    return {
      normalDeg: null,
      confidence: null,
      distanceM,
      note: 'The OpenStreetMap coastline near the beach has no direction (a degenerate piece)',
    };
  }
  const bearing = (Math.atan2(window.sum[0], window.sum[1]) * 180) / Math.PI;
  // Sea on the right of the line's direction.
  const normalDeg = round((((bearing + 90) % 360) + 360) % 360, 1) % 360;
  const straightness = Math.hypot(span.chord[0], span.chord[1]) / span.length;

  let elsewhere = Infinity;
  for (const [index, other] of lines.entries()) {
    for (let segment = 0; segment < other.length - 1; segment++) {
      if (index === nearest.line && window.covered.has(segment)) continue;
      elsewhere = Math.min(elsewhere, closestOnSegment(other[segment]!, other[segment + 1]!).distance);
    }
  }

  const reasons: string[] = [];
  let confidence: ShoreNormalConfidence = 'high';
  const lower = (to: ShoreNormalConfidence, reason: string) => {
    if (to === 'low' || confidence === 'high') confidence = to;
    reasons.push(reason);
  };
  if (nearest.distance > SHORE_NORMAL_LOW_DISTANCE_M)
    lower('low', `the nearest coastline is ${distanceM} m from the beach's point`);
  else if (nearest.distance > SHORE_NORMAL_HIGH_DISTANCE_M)
    lower('medium', `the nearest coastline is ${distanceM} m from the beach's point`);
  if (window.length < SHORE_NORMAL_MIN_WINDOW_M)
    lower('low', `only ${Math.round(window.length)} m of coastline is mapped there`);
  const within =
    reach === SHORE_NORMAL_WINDOW_M ? '' : ` within the point's ${Math.round(reach)} m precision`;
  if (straightness < SHORE_NORMAL_MEDIUM_STRAIGHTNESS)
    lower('low', `the coastline turns sharply${within} (a headland, bay or river mouth)`);
  else if (straightness < SHORE_NORMAL_HIGH_STRAIGHTNESS) lower('medium', `the coastline bends${within}`);
  if (elsewhere - nearest.distance < SHORE_NORMAL_AMBIGUOUS_MARGIN_M)
    lower(
      'low',
      `other coastline is nearly as close, ${Math.round(elsewhere)} m away (a spit, headland or river mouth)`,
    );

  return {
    normalDeg,
    confidence,
    distanceM,
    note: reasons.length === 0 ? null : `${capitalise(reasons.join('; '))}.`,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
