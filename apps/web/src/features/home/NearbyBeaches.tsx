import { useMemo } from 'react';
import type { LatLng, LocationResponse } from '@safeshore/domain';
import {
  AlgalBloomWarning,
  Announcements,
  BeachFilterRow,
  PostcodeRow,
  mapBeaches,
} from '../location/index.ts';
import { MAP_DEFAULT_ZOOM, MapSection } from '../map/index.ts';
import { CampaignBanner } from './CampaignBanner.tsx';

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
