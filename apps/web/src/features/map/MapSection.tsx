import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { LatLng } from '@safeshore/domain';
import { MOBILE_QUERY, useMediaQuery } from '../../platform/media.ts';
import { useOnline } from '../../platform/online.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import type { ShownBeach } from './beach-facts.ts';
import type { MapFocusBeach } from './BeachMap.tsx';

/** Leaflet and supercluster load only when a map is about to be seen. */
const BeachMap = lazy(() => import('./BeachMap.tsx'));

export interface MapSectionProps {
  heading: string;
  /** The map region's accessible name. */
  label: string;
  center: LatLng;
  zoom: number;
  beaches: readonly ShownBeach[];
  focus?: MapFocusBeach | null;
}

function MapLoading() {
  return (
    <p className="loading map-section__loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading the map…
    </p>
  );
}

const noSubscription = () => () => undefined;

/** Renders its children once the placeholder scrolls near the viewport (or on request without IntersectionObserver). */
function WhenVisible({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  // The server (and hydration) assume the browser can observe, so the first render matches.
  const canObserve = useSyncExternalStore(
    noSubscription,
    () => typeof IntersectionObserver !== 'undefined',
    () => true,
  );
  useEffect(() => {
    const element = ref.current;
    if (!element || visible || !canObserve) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, canObserve]);

  if (visible) return <>{children}</>;
  return (
    <div ref={ref} className="map-section__placeholder">
      {!canObserve && (
        <button type="button" className="button button--secondary" onClick={() => setVisible(true)}>
          Show the map
        </button>
      )}
    </div>
  );
}

function LazyMap({ center, zoom, beaches, focus, label }: Omit<MapSectionProps, 'heading'>) {
  return (
    <Suspense fallback={<MapLoading />}>
      <BeachMap center={center} zoom={zoom} beaches={beaches} focus={focus ?? null} label={label} />
    </Suspense>
  );
}

/** The small-screen map (spec section 2): a Map button opening the map in a dialog titled `heading`. */
export function MapDialogButton({
  className = 'button',
  ...props
}: MapSectionProps & { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        Map
      </button>
      <Dialog open={open} title={props.heading} width={800} onClose={() => setOpen(false)}>
        {open && <LazyMap {...props} />}
      </Dialog>
    </>
  );
}

/**
 * A map section (spec section 2): inline on large screens, a Map button opening a dialog under
 * 1000 px, and a short note instead while offline (the tiles and beaches need the network).
 */
export function MapSection(props: MapSectionProps) {
  const online = useOnline();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const headingId = useId();
  return (
    <section className="map-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.heading}</h2>
      {!online ? (
        <p className="muted">The map needs an internet connection. Go online to see it.</p>
      ) : mobile ? (
        <MapDialogButton {...props} />
      ) : (
        <WhenVisible>
          <LazyMap {...props} />
        </WhenVisible>
      )}
    </section>
  );
}
