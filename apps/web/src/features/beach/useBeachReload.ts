import { useEffect, useRef } from 'react';
import { BEACH_RELOAD_EVENT, BEACH_UPDATE_EVENT, isUpdateForBeach } from '@safeshore/domain';
import { FRESHNESS_MS } from '../../data/queries.ts';

/**
 * The beach page's reload rules (spec section 4), beyond the route change: a `beachReload` window
 * event, a `beachUpdate` event carrying this beach's id, and the tab becoming visible when the data
 * is older than 600 s. `beachId` is null until the beach has loaded (nothing to reload before).
 */
export function useBeachReload({
  beachId,
  dataUpdatedAt,
  reload,
}: {
  beachId: number | null;
  /** When the shown data arrived (ms since the epoch; 0 when never). */
  dataUpdatedAt: number;
  reload: () => void;
}): void {
  // The listeners read the latest values without being re-registered on every render.
  const latest = useRef({ beachId, dataUpdatedAt, reload });
  useEffect(() => {
    latest.current = { beachId, dataUpdatedAt, reload };
  });

  useEffect(() => {
    const onReload = () => {
      if (latest.current.beachId !== null) latest.current.reload();
    };
    const onUpdate = (event: Event) => {
      const { beachId: id, reload: run } = latest.current;
      if (id !== null && isUpdateForBeach((event as CustomEvent<unknown>).detail, id)) run();
    };
    const onVisible = () => {
      const { beachId: id, dataUpdatedAt: at, reload: run } = latest.current;
      if (document.visibilityState !== 'visible' || id === null) return;
      if (Date.now() - at > FRESHNESS_MS) run();
    };
    window.addEventListener(BEACH_RELOAD_EVENT, onReload);
    window.addEventListener(BEACH_UPDATE_EVENT, onUpdate);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener(BEACH_RELOAD_EVENT, onReload);
      window.removeEventListener(BEACH_UPDATE_EVENT, onUpdate);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
