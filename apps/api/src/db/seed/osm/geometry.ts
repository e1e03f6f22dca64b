import { haversineMetres, type LatLng } from '@safeshore/domain';

/**
 * Beach geometry from OpenStreetMap, and the few measures the import needs. Coordinates are flat
 * arrays [lat, lon, lat, lon, …]. Areas, centroids and distances to a shape use a local
 * equirectangular projection around the shape (error well under 1% at beach scale); lengths along
 * a line are summed great-circle distances.
 */
export interface BeachGeometry {
  /**
   * point: a node. line: an open way. polygon: closed rings (a closed way, or a multipolygon whose
   * outer ways join into rings). fragments: outer ways that do not close (part of the relation is
   * missing from the extract).
   */
  kind: 'point' | 'line' | 'polygon' | 'fragments';
  parts: Float64Array[];
}

export interface Bounds {
  south: number;
  north: number;
  west: number;
  east: number;
}

export interface GeometrySummary extends LatLng, Bounds {
  /** Length along the shore, metres; null for a point. */
  lengthM: number | null;
  /** Longest dimension: the greatest distance between two of its vertices, metres. */
  extentM: number;
}

const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

function pointCount(parts: Float64Array[]): number {
  return parts.reduce((sum, part) => sum + part.length / 2, 0);
}

export function boundsOf(parts: Float64Array[]): Bounds {
  const b = { south: Infinity, north: -Infinity, west: Infinity, east: -Infinity };
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 2) {
      const lat = part[i]!;
      const lon = part[i + 1]!;
      if (lat < b.south) b.south = lat;
      if (lat > b.north) b.north = lat;
      if (lon < b.west) b.west = lon;
      if (lon > b.east) b.east = lon;
    }
  }
  return b;
}

/** Projects to metres east/north of `origin`. */
function projector(origin: LatLng): { x: (lon: number) => number; y: (lat: number) => number } {
  const kx = METRES_PER_DEGREE * Math.cos((origin.latitude * Math.PI) / 180);
  return {
    x: (lon) => (lon - origin.longitude) * kx,
    y: (lat) => (lat - origin.latitude) * METRES_PER_DEGREE,
  };
}

export function lineLength(part: Float64Array): number {
  let total = 0;
  for (let i = 2; i < part.length; i += 2) {
    total += haversineMetres(
      { latitude: part[i - 2]!, longitude: part[i - 1]! },
      { latitude: part[i]!, longitude: part[i + 1]! },
    );
  }
  return total;
}

function isClosed(part: Float64Array): boolean {
  const n = part.length;
  return n >= 8 && part[0] === part[n - 2] && part[1] === part[n - 1];
}

/**
 * Joins ways into closed rings where their ends meet (as a multipolygon's outer ways do).
 * Returns null when some way is left open.
 */
export function assembleRings(ways: Float64Array[]): Float64Array[] | null {
  const rings: Float64Array[] = [];
  const open: number[][] = [];
  for (const way of ways) {
    if (way.length < 4) continue;
    if (isClosed(way)) rings.push(way);
    else open.push(Array.from(way));
  }
  const sameEnd = (a: number[], ai: number, b: number[], bi: number) =>
    a[ai] === b[bi] && a[ai + 1] === b[bi + 1];
  while (open.length > 0) {
    let ring = open.shift()!;
    for (let joined = true; joined && !(ring.length >= 8 && sameEnd(ring, 0, ring, ring.length - 2));) {
      joined = false;
      for (let i = 0; i < open.length; i++) {
        const way = open[i]!;
        const last = ring.length - 2;
        const wayLast = way.length - 2;
        let next: number[] | null = null;
        if (sameEnd(ring, last, way, 0)) next = ring.concat(way.slice(2));
        else if (sameEnd(ring, last, way, wayLast)) next = ring.concat(reversePoints(way).slice(2));
        else if (sameEnd(ring, 0, way, wayLast)) next = way.concat(ring.slice(2));
        else if (sameEnd(ring, 0, way, 0)) next = reversePoints(way).concat(ring.slice(2));
        if (next) {
          ring = next;
          open.splice(i, 1);
          joined = true;
          break;
        }
      }
    }
    if (!(ring.length >= 8 && sameEnd(ring, 0, ring, ring.length - 2))) return null;
    rings.push(Float64Array.from(ring));
  }
  return rings;
}

function reversePoints(points: number[]): number[] {
  const out: number[] = [];
  for (let i = points.length - 2; i >= 0; i -= 2) out.push(points[i]!, points[i + 1]!);
  return out;
}

/** The greatest distance between two vertices (on the convex hull), metres. */
export function diameter(parts: Float64Array[]): number {
  const n = pointCount(parts);
  if (n < 2) return 0;
  const b = boundsOf(parts);
  const p = projector({ latitude: (b.south + b.north) / 2, longitude: (b.west + b.east) / 2 });
  const points: Array<[number, number]> = [];
  for (const part of parts)
    for (let i = 0; i < part.length; i += 2) points.push([p.x(part[i + 1]!), p.y(part[i]!)]);
  // Few points (most beaches): compare every pair; many: only the convex hull's.
  if (points.length <= 64) return widest(points);
  points.sort((a, c) => a[0] - c[0] || a[1] - c[1]);
  const cross = (o: [number, number], a: [number, number], c: [number, number]) =>
    (a[0] - o[0]) * (c[1] - o[1]) - (a[1] - o[1]) * (c[0] - o[0]);
  const lower: Array<[number, number]> = [];
  const upper: Array<[number, number]> = [];
  for (const point of points) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, point) <= 0)
      lower.pop();
    lower.push(point);
  }
  for (let i = points.length - 1; i >= 0; i--) {
    const point = points[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, point) <= 0)
      upper.pop();
    upper.push(point);
  }
  return widest(lower.slice(0, -1).concat(upper.slice(0, -1)));
}

function widest(points: Array<[number, number]>): number {
  let best = 0;
  for (let i = 0; i < points.length; i++) {
    const [xi, yi] = points[i]!;
    for (let j = i + 1; j < points.length; j++) {
      const dx = xi - points[j]![0];
      const dy = yi - points[j]![1];
      best = Math.max(best, dx * dx + dy * dy);
    }
  }
  return Math.sqrt(best);
}

/** Length-weighted centroid of lines (each segment counts by its length). */
function linesCentroid(parts: Float64Array[], origin: LatLng): LatLng | null {
  const p = projector(origin);
  let sx = 0;
  let sy = 0;
  let total = 0;
  for (const part of parts) {
    for (let i = 2; i < part.length; i += 2) {
      const x1 = p.x(part[i - 1]!);
      const y1 = p.y(part[i - 2]!);
      const x2 = p.x(part[i + 1]!);
      const y2 = p.y(part[i]!);
      const length = Math.hypot(x2 - x1, y2 - y1);
      sx += ((x1 + x2) / 2) * length;
      sy += ((y1 + y2) / 2) * length;
      total += length;
    }
  }
  if (total === 0) return null;
  return unproject(origin, sx / total, sy / total);
}

/** Area (m²) and area-weighted centroid of closed rings. */
function ringsAreaCentroid(rings: Float64Array[], origin: LatLng): { area: number; centroid: LatLng | null } {
  const p = projector(origin);
  let area = 0;
  let sx = 0;
  let sy = 0;
  for (const ring of rings) {
    let a = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 2; i < ring.length; i += 2) {
      const x1 = p.x(ring[i - 1]!);
      const y1 = p.y(ring[i - 2]!);
      const x2 = p.x(ring[i + 1]!);
      const y2 = p.y(ring[i]!);
      const f = x1 * y2 - x2 * y1;
      a += f;
      cx += (x1 + x2) * f;
      cy += (y1 + y2) * f;
    }
    // Each outer ring counts positively whichever way it winds.
    const sign = a < 0 ? -1 : 1;
    area += (sign * a) / 2;
    sx += (sign * cx) / 6;
    sy += (sign * cy) / 6;
  }
  if (area <= 0) return { area: 0, centroid: null };
  return { area, centroid: unproject(origin, sx / area, sy / area) };
}

function unproject(origin: LatLng, x: number, y: number): LatLng {
  const kx = METRES_PER_DEGREE * Math.cos((origin.latitude * Math.PI) / 180);
  return { latitude: origin.latitude + y / METRES_PER_DEGREE, longitude: origin.longitude + x / kx };
}

function vertexMean(parts: Float64Array[]): LatLng {
  let lat = 0;
  let lon = 0;
  const n = pointCount(parts);
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 2) {
      lat += part[i]!;
      lon += part[i + 1]!;
    }
  }
  return { latitude: lat / n, longitude: lon / n };
}

/**
 * Length of a polygon along the shore: the long side of the rectangle with the same perimeter and
 * area (L + W = P/2, L·W = A). For the thin strips beaches are mapped as, straight or curved, this
 * is the length of the strip's centre line; for a square it is the side. A shape too round for
 * such a rectangle (a disc) falls back to its longest dimension.
 */
export function polygonLength(perimeter: number, area: number, extent: number): number {
  const half = perimeter / 2;
  const discriminant = half * half - 4 * area;
  if (discriminant < 0) return extent;
  return (half + Math.sqrt(discriminant)) / 2;
}

export function summarize(geometry: BeachGeometry): GeometrySummary {
  const bounds = boundsOf(geometry.parts);
  const origin = { latitude: (bounds.south + bounds.north) / 2, longitude: (bounds.west + bounds.east) / 2 };
  const extentM = diameter(geometry.parts);
  let centroid: LatLng | null = null;
  let lengthM: number | null = null;
  if (geometry.kind === 'polygon') {
    const { area, centroid: c } = ringsAreaCentroid(geometry.parts, origin);
    centroid = c;
    const perimeter = geometry.parts.reduce((sum, ring) => sum + lineLength(ring), 0);
    lengthM = polygonLength(perimeter, area, extentM);
  } else if (geometry.kind === 'line') {
    centroid = linesCentroid(geometry.parts, origin);
    lengthM = geometry.parts.reduce((sum, part) => sum + lineLength(part), 0);
  } else if (geometry.kind === 'fragments') {
    centroid = linesCentroid(geometry.parts, origin);
    lengthM = extentM;
  }
  centroid ??= vertexMean(geometry.parts);
  return { ...bounds, ...centroid, lengthM: geometry.kind === 'point' ? null : lengthM, extentM };
}

/** Distance between two bounding boxes (0 when they overlap), metres, roughly. */
export function boundsGap(a: Bounds, b: Bounds): number {
  const latGap = Math.max(0, a.south - b.north, b.south - a.north);
  const midLat = (Math.max(a.south, b.south) + Math.min(a.north, b.north)) / 2;
  const lonGap = Math.max(0, a.west - b.east, b.west - a.east);
  return Math.hypot(latGap, lonGap * Math.cos((midLat * Math.PI) / 180)) * METRES_PER_DEGREE;
}

/** Shortest distance from a point to a geometry's vertices and segments, metres. */
export function distanceToGeometry(point: LatLng, parts: Float64Array[]): number {
  const p = projector(point);
  let best = Infinity;
  for (const part of parts) {
    if (part.length === 2) {
      best = Math.min(best, Math.hypot(p.x(part[1]!), p.y(part[0]!)));
      continue;
    }
    for (let i = 2; i < part.length; i += 2) {
      best = Math.min(
        best,
        segmentDistance(p.x(part[i - 1]!), p.y(part[i - 2]!), p.x(part[i + 1]!), p.y(part[i]!)),
      );
    }
  }
  return best;
}

/** Distance from the origin to the segment (x1, y1)–(x2, y2). */
function segmentDistance(x1: number, y1: number, x2: number, y2: number): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(x1 * dx + y1 * dy) / lengthSquared));
  return Math.hypot(x1 + t * dx, y1 + t * dy);
}

/** Shortest distance between two geometries (vertex to segment, both ways), metres. */
export function distanceBetween(a: Float64Array[], b: Float64Array[]): number {
  let best = Infinity;
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const part of from) {
      for (let i = 0; i < part.length; i += 2) {
        best = Math.min(best, distanceToGeometry({ latitude: part[i]!, longitude: part[i + 1]! }, to));
      }
    }
  }
  return best;
}
