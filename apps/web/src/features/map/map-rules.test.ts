import { describe, expect, it } from 'vitest';
import { searchBounds } from './bounds.ts';
import {
  MAP_BEACH_ZOOM,
  MAP_CLUSTER_OFF_ZOOM,
  MAP_DEFAULT_ZOOM,
  MAP_MAX_ZOOM,
  MAP_MIN_TILE_ZOOM,
  MAP_POPUP_WIDTH,
  MAP_TILE_ATTRIBUTION,
  MAP_TILE_URL,
} from './constants.ts';

describe('map constants (spec section 9)', () => {
  it('match the spec', () => {
    expect([MAP_MAX_ZOOM, MAP_DEFAULT_ZOOM, MAP_BEACH_ZOOM, MAP_MIN_TILE_ZOOM, MAP_CLUSTER_OFF_ZOOM]).toEqual(
      [22, 14, 15, 6, 13],
    );
    expect(MAP_POPUP_WIDTH).toEqual({ minWidth: 200, maxWidth: 350 });
  });

  it('use OpenStreetMap tiles with its attribution unless configured', () => {
    expect(MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(MAP_TILE_ATTRIBUTION.replace(/<[^>]+>/g, '')).toBe('© OpenStreetMap contributors');
  });
});

describe('searchBounds', () => {
  it('keeps a box the API accepts as it is', () => {
    const box = { north: -33.8, east: 151.3, south: -33.9, west: 151.2 };
    expect(searchBounds(box)).toEqual(box);
  });

  it('limits a wide view to 20 degrees around its centre, within valid coordinates', () => {
    expect(searchBounds({ north: 10, east: 170, south: -60, west: 100 })).toEqual({
      north: -15,
      east: 145,
      south: -35,
      west: 125,
    });
    expect(searchBounds({ north: 95, east: 190, south: 80, west: 175 })).toEqual({
      north: 90,
      east: 180,
      south: 80,
      west: 175,
    });
  });
});
