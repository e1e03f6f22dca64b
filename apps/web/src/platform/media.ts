import { useSyncExternalStore } from 'react';
import { useHydrationFacts } from '../app/hydration-facts.ts';

/** Spec section 9: the mobile layout applies under 1000 px. */
export const MOBILE_QUERY = '(max-width: 999.98px)';

export function useMediaQuery(query: string): boolean {
  // The server guesses phone or not from the request (ssr-context.ts); hydration starts from it.
  const { mobile } = useHydrationFacts();
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => query === MOBILE_QUERY && mobile,
  );
}
