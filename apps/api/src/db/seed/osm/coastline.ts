import {
  degreesAround,
  shoreNormal,
  SHORE_NORMAL_SEARCH_RADIUS_M,
  type CoastlinePolyline,
  type LatLng,
  type ShoreNormal,
} from '@safeshore/domain';

/** Coastline ways are cut into pieces of this many points (sharing their cut points) for the grid. */
const PIECE_POINTS = 64;
const CELL_DEGREES = 0.02;

export const NO_COASTLINE_NOTE =
  'The OpenStreetMap file imported has no coastline (natural=coastline ways), so no shore normal was derived';

/**
 * The extract's natural=coastline ways on a grid, for new beaches' shore normals (packages/domain
 * shore-normal.ts). Pieces stay as [lat, lon, …] typed arrays and become [lon, lat] pairs only
 * when a beach asks for them.
 */
export class CoastlineIndex {
  private readonly cells = new Map<number, Float64Array[]>();
  readonly ways: number;

  constructor(ways: Float64Array[]) {
    this.ways = ways.length;
    for (const way of ways) {
      const points = way.length / 2;
      for (let start = 0; start < points - 1; start += PIECE_POINTS - 1) {
        const piece = way.subarray(start * 2, Math.min(points, start + PIECE_POINTS) * 2);
        let [south, north, west, east] = [Infinity, -Infinity, Infinity, -Infinity];
        for (let i = 0; i < piece.length; i += 2) {
          south = Math.min(south, piece[i]!);
          north = Math.max(north, piece[i]!);
          west = Math.min(west, piece[i + 1]!);
          east = Math.max(east, piece[i + 1]!);
        }
        for (let y = cell(south); y <= cell(north); y++)
          for (let x = cell(west); x <= cell(east); x++) {
            const key = y * 100_000 + x;
            const list = this.cells.get(key);
            if (list) list.push(piece);
            else this.cells.set(key, [piece]);
          }
      }
    }
  }

  /** The beach's shore normal from the coastline near its point; a note saying why when there is none. */
  shoreNormalAt(point: LatLng, precisionM: number): ShoreNormal {
    if (this.ways === 0)
      return { normalDeg: null, confidence: null, distanceM: null, note: NO_COASTLINE_NOTE };
    const { dLat, dLng } = degreesAround(point, SHORE_NORMAL_SEARCH_RADIUS_M + precisionM);
    const pieces = new Set<Float64Array>();
    for (let y = cell(point.latitude - dLat); y <= cell(point.latitude + dLat); y++)
      for (let x = cell(point.longitude - dLng); x <= cell(point.longitude + dLng); x++)
        for (const piece of this.cells.get(y * 100_000 + x) ?? []) pieces.add(piece);
    const polylines: CoastlinePolyline[] = [...pieces].map((piece) => {
      const line: Array<[number, number]> = [];
      for (let i = 0; i < piece.length; i += 2) line.push([piece[i + 1]!, piece[i]!]);
      return line;
    });
    return shoreNormal(point, polylines, { precisionM });
  }
}

const cell = (degrees: number) => Math.floor(degrees / CELL_DEGREES);
