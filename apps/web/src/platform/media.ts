import { useSyncExternalStore } from 'react';

/** Spec section 9: the mobile layout applies under 1000 px. */
export const MOBILE_QUERY = '(max-width: 999.98px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
