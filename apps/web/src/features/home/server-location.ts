import type { QueryClient } from '@tanstack/react-query';
import { getCurrentPostcode, getOpenedPlace } from '../../data/current-postcode.ts';
import { homeLocationQuery, type HomeLocation } from '../../data/location.ts';
import type { DataMode } from '../../data/source.ts';
import { getCurrentPosition, GeolocationError, type GeolocationFailure } from '../../platform/geolocation.ts';

/**
 * A server-rendered Home arrives showing the place the server found from the caller's address
 * (issue 23), before the browser was asked for its position. Once hydrated, Home asks, keeping the
 * server's place on screen meanwhile (spec section 9's order: the device's position first):
 *
 * - a position: the browser's own lookup runs (coordinates), as on a client-rendered Home, and its
 *   answer replaces the server's;
 * - no position (denied, unavailable, timeout, no support): the server's answer is what the
 *   browser's lookup with no body would get, so it stays and no request is made, unless this tab
 *   remembers a place page the user opened or an earlier device place (which the server cannot
 *   see): then the browser's lookup runs with it, as before.
 *
 * The server's place, a guess from the address, is not remembered (data/location.ts says why).
 */
export async function settleServerLocation(
  client: QueryClient,
  mode: DataMode,
  server: HomeLocation,
): Promise<void> {
  const { queryKey } = homeLocationQuery(mode);
  const remembered = getCurrentPostcode();
  const place = server.response.place;
  let failure: GeolocationFailure | null = null;
  try {
    await getCurrentPosition();
  } catch (error) {
    failure = error instanceof GeolocationError ? error.reason : 'unavailable';
  }
  if (
    failure === null ||
    getOpenedPlace() !== null ||
    (remembered !== null && remembered !== place?.postcode)
  ) {
    await client.refetchQueries({ queryKey, exact: true });
    return;
  }
  // Only if nothing replaced it meanwhile.
  if (client.getQueryData(queryKey) === server) {
    client.setQueryData<HomeLocation>(queryKey, {
      ...server,
      geolocationFailure: failure,
      fromServer: false,
    });
  }
}
