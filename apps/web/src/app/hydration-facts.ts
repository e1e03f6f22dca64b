import { createContext, useContext } from 'react';

/**
 * What the first render in the browser must agree on with the server's HTML: the time the page
 * was rendered at (relative ages) and whether the server guessed a phone (the mobile layout).
 * Outside hydration (client-only start, app shell) `now` is null and `mobile` is read from the
 * browser as before.
 */
export interface HydrationFacts {
  now: Date | null;
  mobile: boolean;
}

export const HydrationFactsContext = createContext<HydrationFacts>({ now: null, mobile: false });

export function useHydrationFacts(): HydrationFacts {
  return useContext(HydrationFactsContext);
}
