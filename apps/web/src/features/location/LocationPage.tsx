import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import {
  SEARCH_STATE_PREFIXES,
  STATE_NAMES,
  isStateCode,
  stateRedirect,
  type LocationResponse,
  type Place,
} from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { PlaceNotFound } from './PlaceNotFound.tsx';
import { PlaceConditions, useNow } from '../conditions/index.ts';
import { PlaceClock } from '../../ui/PlaceClock.tsx';
import { placeLocationQuery } from '../../data/location.ts';
import { useDataMode } from '../../data/source.ts';
import { MAP_DEFAULT_ZOOM, MapSection } from '../map/index.ts';
import { NotFoundPage } from '../notfound/NotFoundPage.tsx';
import { AlgalBloomWarning } from './AlgalBloomWarning.tsx';
import { Announcements } from './Announcements.tsx';
import { BeachFilterRow } from './BeachFilterRow.tsx';
import { PostcodeRow } from './PostcodeRow.tsx';
import { mapBeaches } from './map-beaches.ts';

/** /postcode/{postcode}, or a path under one of the spec's state prefixes. */
function isPlacePath(pathname: string): boolean {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  if (segments[0] === 'postcode') return segments.length === 2;
  return (SEARCH_STATE_PREFIXES as readonly string[]).includes(segments[0] ?? '');
}

/**
 * A place page: /{state}/{area?}/{location?} (Search) and /postcode/{postcode} (Offline-Location).
 * Bare states and state + capital redirect to the capital's page (the route loader does it before
 * this renders; this repeats it for direct renders). An unknown place with a known state goes to
 * that state's page; otherwise the page says so and offers the search.
 */
export function LocationPage() {
  const { pathname } = useLocation();
  const valid = isPlacePath(pathname);
  const redirectTo = valid ? stateRedirect(pathname) : null;
  const { data, error, isPending, refetch, isFetching } = useQuery({
    ...placeLocationQuery(pathname, useDataMode()),
    enabled: valid && !redirectTo,
  });
  const place = data?.found ? data.data.place : null;
  // The 404 page sets its own title, but a parent's effect runs after its child's: agree with it.
  usePageTitle(!valid ? '404' : (place?.title ?? (data && !data.found ? 'Place not found' : '')));

  if (!valid) return <NotFoundPage />;
  if (redirectTo) return <Navigate to={redirectTo} replace />;

  if (data && !data.found) {
    const fallback = data.state ? stateRedirect(`/${data.state}`) : null;
    if (fallback && fallback !== pathname.toLowerCase()) return <Navigate to={fallback} replace />;
    return <PlaceNotFound />;
  }

  if (isPending) {
    return (
      <div className="page page--narrow" aria-busy="true">
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading place…
        </p>
      </div>
    );
  }

  if (error || !data?.found || !place) {
    return (
      <div className="page page--narrow">
        <h1>Could not load this place</h1>
        <p role="alert">
          Error fetching location details, server responded: {error?.message ?? 'no place was found.'}
        </p>
        <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </button>
      </div>
    );
  }

  return <PlaceDetail location={data.data} place={place} />;
}

function PlaceDetail({ location, place }: { location: LocationResponse; place: Place }) {
  const stateName = isStateCode(place.state) ? STATE_NAMES[place.state] : place.state;
  const beaches = useMemo(() => mapBeaches(location), [location]);
  const now = useNow();
  return (
    <article className="place" aria-labelledby="place-title">
      <header className="place__header">
        <div className="page">
          <h1 id="place-title">{place.title}</h1>
          <p className="place__where">
            {[place.region3, stateName, `Postcode ${place.postcode}`].filter(Boolean).join(' · ')}
          </p>
          <PlaceClock timeZone={place.timezone} now={now} />
        </div>
      </header>
      <div className="page place__body">
        <PlaceConditions place={place} />
        {location.show_algal_bloom_warning && <AlgalBloomWarning />}
        <Announcements announcements={location.announcements} />
        <BeachFilterRow
          heading={`Beaches near ${place.title}`}
          closest={location.closestBeaches}
          patrolled={location.patrolledBeaches}
        />
        <PostcodeRow heading="Nearby places" postcodes={location.closestPostcodes} />
        <MapSection
          key={place.id}
          heading="Explore using the Map"
          label={`Map of beaches near ${place.title}`}
          center={{ latitude: place.latitude, longitude: place.longitude }}
          zoom={MAP_DEFAULT_ZOOM}
          beaches={beaches}
        />
      </div>
    </article>
  );
}
export default LocationPage;
