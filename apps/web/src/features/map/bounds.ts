import { MAP_MAX_SPAN_DEGREES } from '@safeshore/domain';
import type { MapBounds } from '../../data/location.ts';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The box "Search this area" asks for: the visible bounds, limited to the widest box the API
 * accepts (MAP_MAX_SPAN_DEGREES, kept around the centre of the view) and to valid coordinates.
 */
export function searchBounds(view: MapBounds): MapBounds {
  const half = MAP_MAX_SPAN_DEGREES / 2;
  const centreLat = (view.north + view.south) / 2;
  const centreLng = (view.east + view.west) / 2;
  const north = Math.min(view.north, centreLat + half);
  const south = Math.max(view.south, centreLat - half);
  const east = Math.min(view.east, centreLng + half);
  const west = Math.max(view.west, centreLng - half);
  return {
    north: clamp(north, -90, 90),
    south: clamp(south, -90, 90),
    east: clamp(east, -180, 180),
    west: clamp(west, -180, 180),
  };
}
