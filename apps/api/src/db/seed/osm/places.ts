import { degreesAround, haversineMetres, type LatLng } from '@safeshore/domain';
import type { Database } from '../../schema.ts';
import { isPoBoxPostcode } from '../places.ts';
import { distanceToGeometry, type Bounds } from './geometry.ts';

/** Points in a grid of square cells, for "what is near here" over many points. */
export class PointGrid<T extends LatLng> {
  private readonly cells = new Map<number, T[]>();
  private readonly cellDegrees: number;

  constructor(cellDegrees: number) {
    this.cellDegrees = cellDegrees;
  }

  private key(latCell: number, lonCell: number): number {
    return latCell * 100_000 + lonCell;
  }

  add(item: T): void {
    const key = this.key(
      Math.floor(item.latitude / this.cellDegrees),
      Math.floor(item.longitude / this.cellDegrees),
    );
    const cell = this.cells.get(key);
    if (cell) cell.push(item);
    else this.cells.set(key, [item]);
  }

  /** Items in the cells that cover the bounds grown by `metres`. */
  *around(bounds: Bounds, metres: number): Generator<T> {
    const { dLat, dLng } = degreesAround(
      { latitude: bounds.south < 0 ? bounds.south : bounds.north, longitude: bounds.west },
      metres,
    );
    const c = this.cellDegrees;
    for (let y = Math.floor((bounds.south - dLat) / c); y <= Math.floor((bounds.north + dLat) / c); y++) {
      for (let x = Math.floor((bounds.west - dLng) / c); x <= Math.floor((bounds.east + dLng) / c); x++) {
        const cell = this.cells.get(this.key(y, x));
        if (cell) yield* cell;
      }
    }
  }
}

/** Facility points (toilets, car parks) and whether one lies within a distance of a beach. */
export class FacilityIndex {
  private readonly grid = new PointGrid<LatLng>(0.01);

  constructor(flat: number[]) {
    for (let i = 0; i < flat.length; i += 2) this.grid.add({ latitude: flat[i]!, longitude: flat[i + 1]! });
  }

  /** True when a facility is within `metres` of the beach's geometry (not only of its centre). */
  near(parts: Float64Array[], bounds: Bounds, metres: number): boolean {
    for (const point of this.grid.around(bounds, metres)) {
      if (distanceToGeometry(point, parts) <= metres) return true;
    }
    return false;
  }
}

export interface Locality extends LatLng {
  id: number;
  title: string;
  slug: string;
  postcode: string;
  state: string;
  area_slug: string | null;
}

/**
 * Every GeoNames locality in memory (about 17,000), for nearest-locality look-ups. Street-delivery
 * postcodes win over PO-box ones (GeoNames repeats a place under its PO-box postcode at about the
 * same point): a PO-box locality is only chosen when no other lies within the limit.
 */
export class LocalityIndex {
  private readonly grid = new PointGrid<Locality>(0.1);
  size = 0;

  static async load(db: Database): Promise<LocalityIndex> {
    const index = new LocalityIndex();
    const rows = await db
      .selectFrom('localities')
      .select(['id', 'title', 'slug', 'postcode', 'state', 'area_slug', 'latitude', 'longitude'])
      .execute();
    for (const row of rows) index.grid.add(row);
    index.size = rows.length;
    return index;
  }

  nearest(point: LatLng, maxMetres: number): { locality: Locality; distance: number } | null {
    let best: { locality: Locality; distance: number } | null = null;
    let bestPoBox: { locality: Locality; distance: number } | null = null;
    const bounds = {
      south: point.latitude,
      north: point.latitude,
      west: point.longitude,
      east: point.longitude,
    };
    for (const locality of this.grid.around(bounds, maxMetres)) {
      const distance = haversineMetres(point, locality);
      if (distance > maxMetres) continue;
      const candidate = { locality, distance };
      if (isPoBoxPostcode(locality.postcode)) {
        if (!bestPoBox || closer(candidate, bestPoBox)) bestPoBox = candidate;
      } else if (!best || closer(candidate, best)) best = candidate;
    }
    return best ?? bestPoBox;
  }
}

/** Nearer first; at the same distance the lower postcode, then the lower id, so results are stable. */
function closer(
  a: { locality: Locality; distance: number },
  b: { locality: Locality; distance: number },
): boolean {
  if (a.distance !== b.distance) return a.distance < b.distance;
  if (a.locality.postcode !== b.locality.postcode) return a.locality.postcode < b.locality.postcode;
  return a.locality.id < b.locality.id;
}
