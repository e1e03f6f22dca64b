export { BeachMapSection, type BeachMapSectionProps } from './BeachMapSection.tsx';
export { MapSection, type MapSectionProps } from './MapSection.tsx';
export type { ShownBeach } from './beach-facts.ts';
export {
  MAP_BEACH_ZOOM,
  MAP_DEFAULT_ZOOM,
  MAP_MIN_TILE_ZOOM,
  MAP_TILE_ATTRIBUTION,
  MAP_TILE_URL,
} from './constants.ts';
