import { STATE_NAMES, isStateCode } from '@safeshore/domain';
import type { HomeLocation } from '../../data/location.ts';

/**
 * Tells the user which place Home shows and where it came from: their device, a place page they
 * opened, their device's place on an earlier visit (the X-location postcode), their internet
 * address, or the default. Never "the place you looked at last": a beach looked at since is not it.
 */
export function LocationNote({ location }: { location: HomeLocation }) {
  const { place, resolved_by } = location.response;
  if (!place) return null;
  const state = isStateCode(place.state) ? STATE_NAMES[place.state] : place.state;
  const where = (
    <strong>
      {place.title}, {state}
    </strong>
  );
  const denied = location.geolocationFailure === 'denied';
  return (
    <p className="location-note" data-testid="location-note" data-source={resolved_by}>
      {resolved_by === 'coordinates' ? (
        <>Showing beaches near your location: {where}.</>
      ) : resolved_by === 'url' ? (
        <>
          Showing beaches near {where},{' '}
          {location.openedPlace ? 'a place you opened earlier' : 'found from your location earlier'}.
          {denied && ' Allow location access in your browser to see the beaches nearest you.'}
        </>
      ) : resolved_by === 'ip' ? (
        <>
          Showing beaches near {where}, an approximate location from your internet connection.
          {denied && ' Allow location access in your browser to see the beaches nearest you.'}
        </>
      ) : (
        <>
          Showing beaches near {where}, our default location, because we could not find yours.
          {denied && ' Allow location access in your browser to see the beaches nearest you.'}
        </>
      )}
    </p>
  );
}
