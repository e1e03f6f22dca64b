import { useMemo } from 'react';
import type { LatLng, ListBeach, LocationResponse } from '@safeshore/domain';
import {
  AlgalBloomWarning,
  Announcements,
  BeachFilterRow,
  PostcodeRow,
  mapBeaches,
} from '../location/index.ts';
import { MAP_DEFAULT_ZOOM, MapSection } from '../map/index.ts';
import { CampaignBanner } from './CampaignBanner.tsx';

/**
 * A distance is from the place Home measured from: the person's device, or a place they opened.
 * From the server's guess at their address or its default it would be a distance from nowhere they
 * gave (issue 30), so it is left out.
 */
const unmeasured = (beaches: readonly ListBeach[]) => beaches.map((beach) => ({ ...beach, distance: null }));

/** Spec section 2, in order: announcements, closest places, the banner, the filter row and the map. */
export default function NearbyBeaches({
  response,
  position,
}: {
  response: LocationResponse;
  position: LatLng | null;
}) {
  const { place } = response;
  const beaches = useMemo(() => mapBeaches(response), [response]);
  const center = position ?? (place && { latitude: place.latitude, longitude: place.longitude });
  const near = place ? `near ${place.title}` : 'near you';
  const measured = position !== null || response.resolved_by === 'url';
  return (
    <>
      <Announcements announcements={response.announcements} />
      <PostcodeRow heading={`Places ${near}`} postcodes={response.closestPostcodes} />
      {response.show_algal_bloom_warning ? <AlgalBloomWarning /> : <CampaignBanner />}
      <BeachFilterRow
        heading={`Beaches ${near}`}
        closest={measured ? response.closestBeaches : unmeasured(response.closestBeaches)}
        patrolled={measured ? response.patrolledBeaches : unmeasured(response.patrolledBeaches)}
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
