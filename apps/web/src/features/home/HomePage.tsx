import { lazy, memo, Suspense, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LatLng, LocationResponse } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { homeLocationQuery, type HomeLocation } from '../../data/location.ts';
import { useDataMode } from '../../data/source.ts';
import { PatrolFlagIcon } from '../../ui/icons/flag-icons.tsx';
import { RipCurrentIcon } from '../../ui/icons/hazard-icons.tsx';
import { SearchBox } from '../search/index.ts';
import { CampaignBanner } from './CampaignBanner.tsx';
import { LocationNote } from './LocationNote.tsx';
import { settleServerLocation } from './server-location.ts';

/*
 * The lists below the hero need the location answer first; their code loads in its own chunk while
 * that request runs (started on mount), so Home's first load carries only the hero.
 */
const loadNearbyBeaches = () => import('./NearbyBeaches.tsx');
const NearbyBeaches = lazy(loadNearbyBeaches);

/**
 * The lists, given only what they show: when the browser's answer to the server's place changes
 * nothing they show (a denied position), they are not rendered again, so a server-rendered page's
 * lists are hydrated where they are rather than rendered again while their code loads.
 */
const NearbyBeachesSection = memo(function NearbyBeachesSection({
  response,
  position,
}: {
  response: LocationResponse;
  position: LatLng | null;
}) {
  return (
    <Suspense fallback={<div className="home__nearby--loading" />}>
      <NearbyBeaches response={response} position={position} />
    </Suspense>
  );
});

export function HomePage() {
  usePageTitle('');
  // Spec section 4: loaded on first visit, reloaded when the tab becomes visible and it is older
  // than 600 s (the query's staleTime with refetchOnWindowFocus).
  // The key carries the data mode: Home reloads when the source's online status changes (spec section 4).
  const mode = useDataMode();
  const client = useQueryClient();
  const { data, error, isPending, refetch, isFetching } = useQuery(homeLocationQuery(mode));
  // Spec section 8: a failed lookup clears the location.
  const location = error ? null : data;
  useEffect(() => {
    void loadNearbyBeaches();
  }, []);
  // The server's place (found from the caller's address) is shown at once; the browser's position,
  // when it gives one, replaces it (server-location.ts). Once per server answer.
  const settled = useRef<HomeLocation | null>(null);
  useEffect(() => {
    if (!data?.fromServer || settled.current === data) return;
    settled.current = data;
    void settleServerLocation(client, mode, data);
  }, [client, mode, data]);

  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-heading">
        <div className="hero__inner">
          <h1 id="home-heading" className="hero__title">
            Find a beach. Know before you go.
          </h1>
          <p className="hero__lead">
            Search Australian beaches for who patrols them, how long they are, and what to know before you
            swim.
          </p>
          <SearchBox id="home-search" label="Search for a beach, place, postcode or surf club" />
          {location ? (
            <LocationNote location={location} />
          ) : (
            // Its place is kept while the location loads (the page is server rendered: no shift).
            isPending && <p className="location-note" aria-hidden="true" />
          )}
        </div>
      </section>

      {/* While the location loads, the beaches' space is kept, so what follows does not move. */}
      <div className={`page home__nearby${isPending && !error ? ' home__nearby--loading' : ''}`}>
        {error ? (
          <div className="form-message form-message--error" role="alert">
            <p>Error fetching location details, server responded: {error.message}</p>
            <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching}>
              Try again
            </button>
          </div>
        ) : isPending ? (
          <p className="loading" role="status">
            <span className="spinner" aria-hidden="true" /> Finding beaches near you…
          </p>
        ) : null}
        {location ? (
          <NearbyBeachesSection response={location.response} position={location.position} />
        ) : (
          <CampaignBanner />
        )}
      </div>

      <section className="page safety-strip" aria-labelledby="safety-heading">
        <h2 id="safety-heading">Stay safe in the water</h2>
        <ul className="tips">
          <li className="tip">
            <PatrolFlagIcon size={40} />
            <div>
              <h3>Swim between the red and yellow flags</h3>
              <p>They mark the area lifesavers and lifeguards are watching.</p>
            </div>
          </li>
          <li className="tip">
            <RipCurrentIcon size={40} />
            <div>
              <h3>Know how to spot a rip</h3>
              <p>
                Look for darker, calmer-looking gaps between breaking waves.{' '}
                <Link to="/surf-safety/ripcurrents">Learn about rip currents</Link>.
              </p>
            </div>
          </li>
          <li className="tip tip--emergency">
            <span className="tip__badge" aria-hidden="true">
              000
            </span>
            <div>
              <h3>In an emergency call Triple Zero (000)</h3>
              <p>If someone is in trouble in the water, call 000 and alert a lifesaver or lifeguard.</p>
            </div>
          </li>
        </ul>
      </section>
    </div>
  );
}
