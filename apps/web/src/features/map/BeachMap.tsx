import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import Supercluster from 'supercluster';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import {
  compactBeachStatus,
  formatDistanceKm,
  liveStatusPart,
  ripOutlookPart,
  type LatLng,
} from '@safeshore/domain';
import { fetchMapBeaches, type MapBeaches } from '../../data/location.ts';
import type { ShownBeach } from './beach-facts.ts';
import { searchBounds } from './bounds.ts';
import {
  MAP_CLUSTER_OFF_ZOOM,
  MAP_MAX_ZOOM,
  MAP_MIN_TILE_ZOOM,
  MAP_POPUP_WIDTH,
  MAP_TILE_ATTRIBUTION,
  MAP_TILE_URL,
  OSM_MAX_NATIVE_ZOOM,
  OSM_TILE_URL,
} from './constants.ts';
import './map.css';

/** The beach a map is about (the beach page): marked, circled and centred. */
export interface MapFocusBeach {
  id: number;
  title: string;
  latitude: number;
  longitude: number;
  /** Metres; the circle's radius is half of it. */
  length: number | null;
  url: string;
}

export interface BeachMapProps {
  center: LatLng;
  zoom: number;
  beaches: readonly ShownBeach[];
  focus?: MapFocusBeach | null;
  /** The map region's accessible name. */
  label: string;
}

/** Keys that pan or zoom a focused Leaflet map. */
const MOVE_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', '+', '-', '=', '_']);
/** A map move this soon after the user's wheel, key, pinch or zoom button is the user's own. */
const USER_INPUT_WINDOW_MS = 1000;

type BeachProps = { beach: ShownBeach };

export function beachPopup(beach: ShownBeach, navigate: NavigateFunction): HTMLElement {
  const root = document.createElement('div');
  root.className = 'map-popup';
  const link = document.createElement('a');
  link.className = 'map-popup__title';
  link.href = `/beach${beach.url}`;
  link.textContent = beach.title;
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(`/beach${beach.url}`);
  });
  root.append(link);
  const line = (text: string, className = 'map-popup__meta') => {
    const p = document.createElement('p');
    p.className = className;
    p.textContent = text;
    root.append(p);
  };
  line(
    [
      `${beach.city}, ${beach.state}`,
      beach.distance !== null ? `${formatDistanceKm(beach.distance)} away` : null,
    ]
      .filter(Boolean)
      .join(' · '),
  );
  // The same one-line status as the lists (ui/BeachStatusSummary), built as DOM for Leaflet.
  const now = new Date();
  const status = compactBeachStatus({ beach, now, warnings: beach.marine_warnings });
  // Closed or Inclement (issue 17) first, in words.
  const live = liveStatusPart(beach, now);
  const statusLine = document.createElement('p');
  statusLine.className = 'status-line';
  statusLine.dataset.testid = 'beach-status-summary';
  for (const [name, part] of [
    ...(live ? [['Beach status', live] as const] : []),
    ['Patrol', status.patrol],
    ...(status.warnings ? [['Marine warnings', status.warnings] as const] : []),
    ['Hazard rating', status.hazard],
  ] as const) {
    const span = document.createElement('span');
    span.className = `status-part status-part--${part.tone}`;
    const hidden = document.createElement('span');
    hidden.className = 'visually-hidden';
    hidden.textContent = `${name}: `;
    span.append(hidden, part.text);
    statusLine.append(span);
  }
  // Today's rip outlook level (issue 29), outlined as a model's, when the row has one.
  const rip = ripOutlookPart(beach.rip_outlook, now, beach.timezone);
  if (rip?.level) {
    const span = document.createElement('span');
    span.className = `status-part status-part--${rip.tone} status-part--model status-part--rip-${rip.level}`;
    span.dataset.status = 'rip';
    const hidden = document.createElement('span');
    hidden.className = 'visually-hidden';
    hidden.textContent = rip.model;
    span.append(rip.text, hidden);
    statusLine.append(span);
  }
  root.append(statusLine);
  if (beach.is_sample) line('Sample beach', 'map-popup__sample');
  return root;
}

function markerIcon(kind: 'beach' | 'patrolled' | 'focus'): L.DivIcon {
  return L.divIcon({
    className: `map-marker map-marker--${kind}`,
    html: '<span aria-hidden="true"></span>',
    iconSize: [28, 28],
    iconAnchor: [14, 28],
    popupAnchor: [0, -26],
  });
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 40 : 46;
  return L.divIcon({
    className: 'map-cluster',
    html: `<span aria-hidden="true">${count}</span>`,
    iconSize: [size, size],
  });
}

/** Names a marker for screen readers (Leaflet gives markers role=button and the title). */
function nameMarker(marker: L.Marker, name: string): L.Marker {
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', name));
  return marker;
}

/** `value` as first seen for each `key`. */
function useStable<T>(value: T, key: string): T {
  const [kept, setKept] = useState({ key, value });
  if (kept.key !== key) {
    setKept({ key, value });
    return value;
  }
  return kept.value;
}

/**
 * The beach map (spec section 2, Map component): OpenStreetMap tiles, beaches clustered below
 * zoom 13, popups linking to the beach, a circle of half the beach's length around the focused
 * beach, and "Search this area" once the user has moved the map. Loaded lazily (Leaflet is big).
 */
export default function BeachMap({
  center,
  zoom,
  beaches: beachesProp,
  focus: focusProp = null,
  label,
}: BeachMapProps) {
  const navigate = useNavigate();
  // Parents may pass new but equal arrays and objects on every render; redraw (and close an open
  // popup) only when the beaches or the focused beach really change.
  const beaches = useStable(beachesProp, beachesProp.map((beach) => beach.id).join(','));
  const focus = useStable(focusProp, focusProp ? JSON.stringify(focusProp) : '');
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [moved, setMoved] = useState(false);
  const [area, setArea] = useState<MapBeaches | null>(null);
  const [status, setStatus] = useState('');
  const [tilesMissing, setTilesMissing] = useState(false);
  const searchAbort = useRef<AbortController | null>(null);
  const hintId = useId();

  // One Leaflet map per mounted component.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const leaflet = L.map(container, {
      center: [center.latitude, center.longitude],
      zoom,
      maxZoom: MAP_MAX_ZOOM,
      keyboard: true,
    });
    const tiles = L.tileLayer(MAP_TILE_URL, {
      minZoom: MAP_MIN_TILE_ZOOM,
      maxZoom: MAP_MAX_ZOOM,
      ...(MAP_TILE_URL === OSM_TILE_URL && { maxNativeZoom: OSM_MAX_NATIVE_ZOOM }),
      attribution: MAP_TILE_ATTRIBUTION,
      // CORS tiles: the service worker can cache them readable, not as ~7 MB-a-piece opaque entries.
      crossOrigin: true,
    }).addTo(leaflet);
    // No tile of the current view could be loaded (offline, or the tile service unreachable): the
    // markers would sit on an empty background, so the map says it is unavailable (issue 16).
    let loaded = 0;
    let failed = 0;
    tiles.on('loading', () => {
      loaded = 0;
      failed = 0;
    });
    tiles.on('tileload', () => {
      loaded += 1;
      setTilesMissing(false);
    });
    tiles.on('tileerror', () => {
      failed += 1;
      if (loaded === 0) setTilesMissing(true);
    });
    tiles.on('load', () => setTilesMissing(failed > 0 && loaded === 0));

    // Only the user's own moves offer "Search this area": drags, and zooms or pans that follow
    // their wheel, keys, pinch or the zoom buttons (not our setView, resizes or popup panning).
    let userInputAt = -Infinity;
    const listeners = new AbortController();
    const on = <K extends keyof HTMLElementEventMap>(
      type: K,
      handler: (event: HTMLElementEventMap[K]) => void,
      options: AddEventListenerOptions = {},
    ) => container.addEventListener(type, handler, { ...options, signal: listeners.signal });
    const markInput = () => (userInputAt = performance.now());
    on('wheel', markInput, { passive: true });
    on('dblclick', markInput);
    on('keydown', (event) => MOVE_KEYS.has(event.key) && markInput());
    on('touchstart', (event) => event.touches.length > 1 && markInput(), { passive: true });
    on('click', (event) => (event.target as Element).closest('.leaflet-control-zoom') && markInput(), {
      capture: true,
    });
    leaflet.on('dragstart', () => setMoved(true));
    leaflet.on('zoomstart movestart', () => {
      if (performance.now() - userInputAt < USER_INPUT_WINDOW_MS) setMoved(true);
    });

    // Keyboard users land in the popup they opened with Enter.
    let keyboardOpen = false;
    on('keydown', (event) => (keyboardOpen = event.key === 'Enter'));
    on('pointerdown', () => (keyboardOpen = false));
    leaflet.on('popupopen', (event) => {
      if (keyboardOpen) event.popup.getElement()?.querySelector<HTMLElement>('a')?.focus();
    });

    // The map may start in a dialog or a layout still settling: keep Leaflet's size in step.
    const resize = new ResizeObserver(() => leaflet.invalidateSize({ pan: false }));
    resize.observe(container);
    setMap(leaflet);
    return () => {
      resize.disconnect();
      listeners.abort();
      leaflet.remove();
      setMap(null);
    };
    // The map is created once; later centre and zoom changes go through setView below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new place or beach re-centres the map.
  useEffect(() => {
    if (!map) return;
    map.setView([center.latitude, center.longitude], zoom);
  }, [map, center.latitude, center.longitude, zoom]);

  const shown = area ? area.beaches : beaches;
  const index = useMemo(() => {
    const cluster = new Supercluster<BeachProps>({ radius: 60, maxZoom: MAP_CLUSTER_OFF_ZOOM - 1 });
    cluster.load(
      shown
        .filter((beach) => beach.id !== focus?.id)
        .map((beach) => ({
          type: 'Feature' as const,
          properties: { beach },
          geometry: { type: 'Point' as const, coordinates: [beach.longitude, beach.latitude] },
        })),
    );
    return cluster;
  }, [shown, focus?.id]);

  // Markers and clusters for the current view, redrawn after every move.
  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    // Beach markers survive redraws while they stay in view, so a move (a popup's own auto-pan, a
    // keyboard pan still animating) never closes the popup someone just opened.
    const beachMarkers = new Map<number, L.Marker>();
    const clusterMarkers: L.Marker[] = [];
    const draw = () => {
      for (const marker of clusterMarkers.splice(0)) layer.removeLayer(marker);
      const inView = new Set<number>();
      const bounds = map.getBounds();
      const features = index.getClusters(
        [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
        Math.floor(map.getZoom()),
      );
      for (const feature of features) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          const count = props.point_count;
          const expand = () =>
            map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(props.cluster_id), MAP_MAX_ZOOM));
          const marker = nameMarker(
            L.marker([lat, lng], { icon: clusterIcon(count), title: `${count} beaches: zoom in` }),
            `${count} beaches: zoom in`,
          );
          marker.on('click', expand);
          marker.on('keypress', (event) => {
            if ((event as L.LeafletKeyboardEvent).originalEvent.key === 'Enter') expand();
          });
          layer.addLayer(marker);
          clusterMarkers.push(marker);
          continue;
        }
        const { beach } = props as BeachProps;
        inView.add(beach.id);
        if (beachMarkers.has(beach.id)) continue;
        // Patrolled in season (the beach record) or by today's real roster; a sample roster never counts.
        const today = beach.is_patrolled_today;
        const patrolled = (beach.patrol ?? 0) > 0 || (today?.flag === 1 && !today.is_sample);
        const marker = nameMarker(
          L.marker([lat, lng], { icon: markerIcon(patrolled ? 'patrolled' : 'beach'), title: beach.title }),
          beach.title,
        );
        marker.bindPopup(() => beachPopup(beach, navigate), { ...MAP_POPUP_WIDTH });
        layer.addLayer(marker);
        beachMarkers.set(beach.id, marker);
      }
      for (const [id, marker] of beachMarkers) {
        if (inView.has(id)) continue;
        layer.removeLayer(marker);
        beachMarkers.delete(id);
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.remove();
    };
  }, [map, index, navigate]);

  // The beach the map is about: its marker and a circle of half its length.
  useEffect(() => {
    if (!map || !focus) return;
    const layer = L.layerGroup().addTo(map);
    const position: L.LatLngExpression = [focus.latitude, focus.longitude];
    if (focus.length !== null && focus.length > 0) {
      L.circle(position, {
        radius: focus.length / 2,
        className: 'map-beach-circle',
        interactive: false,
      }).addTo(layer);
    }
    const focusBeach: ShownBeach = beaches.find((beach) => beach.id === focus.id) ?? {
      ...focus,
      key: '',
      image: null,
      city: '',
      state: '',
      area: '',
      postcode: '',
      hazard: null,
      patrol: null,
      distance: null,
    };
    const marker = nameMarker(
      L.marker(position, { icon: markerIcon('focus'), title: focus.title, zIndexOffset: 1000 }),
      `${focus.title} (this beach)`,
    );
    marker.bindPopup(() => beachPopup(focusBeach, navigate), { ...MAP_POPUP_WIDTH });
    layer.addLayer(marker);
    return () => {
      layer.remove();
    };
  }, [map, focus, beaches, navigate]);

  useEffect(() => () => searchAbort.current?.abort(), []);

  const searchArea = async () => {
    if (!map) return;
    setMoved(false);
    searchAbort.current?.abort();
    const controller = new AbortController();
    searchAbort.current = controller;
    const view = map.getBounds();
    setStatus('Searching this area…');
    try {
      const found = await fetchMapBeaches(
        searchBounds({
          north: view.getNorth(),
          east: view.getEast(),
          south: view.getSouth(),
          west: view.getWest(),
        }),
        controller.signal,
      );
      if (controller.signal.aborted) return;
      setArea(found);
      const count = found.beaches.length;
      setStatus(
        count === 0
          ? 'No beaches found in this area.'
          : `Showing ${count} ${count === 1 ? 'beach' : 'beaches'} in this area${
              found.truncated ? ' (the closest to the centre; zoom in to see more)' : ''
            }.`,
      );
    } catch {
      if (controller.signal.aborted) return;
      // Spec section 8: a failed map search clears the beaches silently.
      setArea({ beaches: [], place: null, truncated: false });
      setStatus('');
    }
  };

  return (
    <div className="beach-map">
      {/* Above the map, not over it: over it, the zoom buttons covered its start at 390 px (issue 30). */}
      {tilesMissing && (
        <p className="beach-map__notice" role="note">
          The map is unavailable offline or while the map service cannot be reached. Beach markers are shown
          without it.
        </p>
      )}
      <div className="beach-map__frame">
        {moved && (
          <button type="button" className="button beach-map__search" onClick={() => void searchArea()}>
            Search this area
          </button>
        )}
        <div
          ref={containerRef}
          className="beach-map__canvas"
          role="region"
          aria-label={label}
          aria-describedby={hintId}
          data-testid="beach-map"
        />
      </div>
      <p id={hintId} className="visually-hidden">
        Use the arrow keys to move the map and plus or minus to zoom. Tab to a beach marker and press Enter
        for its details.
      </p>
      <p className="beach-map__status" role="status">
        {status}
      </p>
    </div>
  );
}
