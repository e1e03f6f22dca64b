/** Spec section 9: the map's constants. */
export const MAP_MAX_ZOOM = 22;
export const MAP_DEFAULT_ZOOM = 14;
/** Zoom when the map shows one beach (the beach page). */
export const MAP_BEACH_ZOOM = 15;
/** Tiles are not requested below this zoom. */
export const MAP_MIN_TILE_ZOOM = 6;
/** Markers are clustered below this zoom and shown one by one from it. */
export const MAP_CLUSTER_OFF_ZOOM = 13;
export const MAP_POPUP_WIDTH = { minWidth: 200, maxWidth: 350 } as const;

/** OpenStreetMap's standard tiles and the attribution their licence asks for. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_TILE_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a> contributors';
/** OpenStreetMap's standard tiles stop at zoom 19; deeper zooms enlarge those. */
export const OSM_MAX_NATIVE_ZOOM = 19;

const env = import.meta.env as Record<string, string | undefined>;
/** Build-time settings (VITE_MAP_TILE_URL, VITE_MAP_TILE_ATTRIBUTION) choose another tile service. */
export const MAP_TILE_URL = env.VITE_MAP_TILE_URL || OSM_TILE_URL;
export const MAP_TILE_ATTRIBUTION = env.VITE_MAP_TILE_ATTRIBUTION || OSM_TILE_ATTRIBUTION;
