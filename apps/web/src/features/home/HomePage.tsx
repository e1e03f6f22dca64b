import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { homeLocationQuery, type HomeLocation } from '../../data/location.ts';
import { useDataMode } from '../../data/source.ts';
import { PatrolFlagIcon, RipCurrentIcon } from '../../ui/icons/index.ts';
import {
  AlgalBloomWarning,
  Announcements,
  BeachFilterRow,
  PostcodeRow,
  mapBeaches,
} from '../location/index.ts';
import { MAP_DEFAULT_ZOOM, MapSection } from '../map/index.ts';
import { SearchBox } from '../search/index.ts';
import { CampaignBanner } from './CampaignBanner.tsx';
import { LocationNote } from './LocationNote.tsx';

export function HomePage() {
  usePageTitle('');
  // Spec section 4: loaded on first visit, reloaded when the tab becomes visible and it is older
  // than 600 s (the query's staleTime with refetchOnWindowFocus).
  // The key carries the data mode: Home reloads when the source's online status changes (spec section 4).
  const { data, error, isPending, refetch, isFetching } = useQuery(homeLocationQuery(useDataMode()));
  // Spec section 8: a failed lookup clears the location.
  const location = error ? null : data;

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
          {location && <LocationNote location={location} />}
        </div>
      </section>

      <div className="page home__nearby">
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
        {location ? <NearbyBeaches location={location} /> : <CampaignBanner />}
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

/** Spec section 2, in order: announcements, closest places, the banner, the filter row and the map. */
function NearbyBeaches({ location }: { location: HomeLocation }) {
  const { response, position } = location;
  const { place } = response;
  const beaches = useMemo(() => mapBeaches(response), [response]);
  const center = position ?? (place && { latitude: place.latitude, longitude: place.longitude });
  const near = place ? `near ${place.title}` : 'near you';
  return (
    <>
      <Announcements announcements={response.announcements} />
      <PostcodeRow heading={`Places ${near}`} postcodes={response.closestPostcodes} />
      {response.show_algal_bloom_warning ? <AlgalBloomWarning /> : <CampaignBanner />}
      <BeachFilterRow
        heading={`Beaches ${near}`}
        closest={response.closestBeaches}
        patrolled={response.patrolledBeaches}
      />
      {center && (
        <MapSection
          heading="Explore using the Map"
          label={`Map of beaches ${near}`}
          center={center}
          zoom={MAP_DEFAULT_ZOOM}
          beaches={beaches}
        />
      )}
    </>
  );
}
