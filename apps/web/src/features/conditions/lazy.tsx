import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Beach, Place } from '@safeshore/domain';
import { beachWeatherQuery } from '../../data/weather.ts';
import { useOnline } from '../../platform/online.ts';

/*
 * The conditions code (tabs, charts, radar) loads in its own chunk when a page first shows it, so
 * pages that import these wrappers (and Home) do not carry it in their first load.
 */
const LazyBeachConditions = lazy(() =>
  import('./BeachConditions.tsx').then((m) => ({ default: m.BeachConditions })),
);
const LazyPlaceConditions = lazy(() =>
  import('./PlaceConditions.tsx').then((m) => ({ default: m.PlaceConditions })),
);

function ConditionsCardLoading() {
  return (
    <section className="card conditions" aria-labelledby="conditions-heading" data-testid="beach-conditions">
      <h2 id="conditions-heading">Conditions</h2>
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading conditions…
      </p>
    </section>
  );
}

/** Starts the weather request while the conditions code downloads, not after it (online only). */
function usePrefetchWeather(beachId: number) {
  const client = useQueryClient();
  const online = useOnline();
  useEffect(() => {
    if (online) void client.prefetchQuery(beachWeatherQuery(beachId));
  }, [client, online, beachId]);
}

/** The beach page's weather tabs and marine warnings. */
export function BeachConditions({ beach }: { beach: Beach }) {
  usePrefetchWeather(beach.id);
  return (
    <Suspense fallback={<ConditionsCardLoading />}>
      <LazyBeachConditions beach={beach} />
    </Suspense>
  );
}

/** A location page's current observations, forecast and marine warnings. */
export function PlaceConditions({ place }: { place: Place }) {
  return (
    <Suspense fallback={null}>
      <LazyPlaceConditions place={place} />
    </Suspense>
  );
}
