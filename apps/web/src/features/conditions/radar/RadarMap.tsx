import { useEffect, useRef } from 'react';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { RADAR_ZOOM } from '@safeshore/domain';
import { MAP_MIN_TILE_ZOOM, MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from '../../map/index.ts';

/** Opacity of the shown radar frame over the base map. */
const RADAR_OPACITY = 0.7;

export interface RadarMapProps {
  /** [[south, west], [north, east]] of the selected size */
  bounds: [[number, number], [number, number]];
  /** Changes when the size changes: the map then refits its bounds. */
  sizeKey: number;
  /** Tile URL templates ({z}/{x}/{y}) of the selected size's frames, oldest first. */
  frames: string[];
  frame: number;
  /** The radar provider serves tiles up to this zoom; deeper zooms enlarge them. */
  maxNativeZoom: number;
  attribution: string;
  beach: { latitude: number; longitude: number; title: string };
  reducedMotion: boolean;
}

/**
 * The radar frames as Leaflet tile layers over the base map. Loaded only when the Radar tab opens
 * (Leaflet is in this module's chunk). Dragging and scroll-zoom are off (spec section 2); the zoom
 * buttons stay. Each frame's layer is created when first shown (the next one is preloaded) and kept,
 * so a loop does not refetch tiles.
 */
export default function RadarMap({
  bounds,
  sizeKey,
  frames,
  frame,
  maxNativeZoom,
  attribution,
  beach,
  reducedMotion,
}: RadarMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layers = useRef(new Map<string, L.TileLayer>());
  const fittedSize = useRef(sizeKey);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      dragging: false,
      scrollWheelZoom: false,
      minZoom: MAP_MIN_TILE_ZOOM,
      zoomAnimation: !reducedMotion,
      fadeAnimation: !reducedMotion,
      markerZoomAnimation: !reducedMotion,
    });
    map.setView(L.latLngBounds(bounds).getCenter(), RADAR_ZOOM);
    // CORS tiles, as on the beach map: the service worker caches them readable (not opaque).
    L.tileLayer(MAP_TILE_URL, { attribution: MAP_TILE_ATTRIBUTION, crossOrigin: true }).addTo(map);
    L.circleMarker([beach.latitude, beach.longitude], {
      radius: 6,
      color: '#0b2545',
      weight: 2,
      fillColor: '#ffbf47',
      fillOpacity: 1,
    })
      .bindTooltip(beach.title)
      .addTo(map);
    mapRef.current = map;
    const cache = layers.current;
    return () => {
      map.remove();
      mapRef.current = null;
      cache.clear();
    };
    // The map is created once; size and frame changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new size: back to its bounds, and the old size's frames go.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || fittedSize.current === sizeKey) return;
    fittedSize.current = sizeKey;
    map.fitBounds(bounds, { animate: !reducedMotion });
  }, [sizeKey, bounds, reducedMotion]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const cache = layers.current;
    for (const [url, layer] of cache) {
      if (!frames.includes(url)) {
        layer.remove();
        cache.delete(url);
      }
    }
    const layerFor = (url: string) => {
      let layer = cache.get(url);
      if (!layer) {
        layer = L.tileLayer(url, { maxNativeZoom, attribution, opacity: 0, zIndex: 10 });
        layer.addTo(map);
        cache.set(url, layer);
      }
      return layer;
    };
    const current = frames[frame];
    const next = frames.length > 1 ? frames[(frame + 1) % frames.length] : undefined;
    if (next) layerFor(next);
    if (current) layerFor(current).setOpacity(RADAR_OPACITY);
    for (const [url, layer] of cache) if (url !== current) layer.setOpacity(0);
  }, [frames, frame, maxNativeZoom, attribution]);

  return <div ref={container} className="radar__map" data-testid="radar-map" />;
}
