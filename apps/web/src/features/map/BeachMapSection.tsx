import type { BeachSummary } from '@safeshore/domain';
import type { MapFocusBeach } from './BeachMap.tsx';
import { MAP_BEACH_ZOOM } from './constants.ts';
import { MapSection } from './MapSection.tsx';

export interface BeachMapSectionProps {
  beach: MapFocusBeach;
  /** Other beaches to mark around it (nearby, related). */
  beaches: BeachSummary[];
}

/** The beach page's map: centred on the beach at zoom 15, with a circle of half its length. */
export function BeachMapSection({ beach, beaches }: BeachMapSectionProps) {
  return (
    <MapSection
      heading="Map"
      label={`Map of ${beach.title} and nearby beaches`}
      center={{ latitude: beach.latitude, longitude: beach.longitude }}
      zoom={MAP_BEACH_ZOOM}
      beaches={beaches}
      focus={beach}
    />
  );
}
