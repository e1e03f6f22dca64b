import type { BeachSummary } from '@safeshore/domain';
import { MOBILE_QUERY, useMediaQuery } from '../../platform/media.ts';
import { useOnline } from '../../platform/online.ts';
import type { MapFocusBeach } from './BeachMap.tsx';
import { MAP_BEACH_ZOOM } from './constants.ts';
import { MapDialogButton, MapSection } from './MapSection.tsx';

export interface BeachMapSectionProps {
  beach: MapFocusBeach;
  /** Other beaches to mark around it (nearby, related). */
  beaches: BeachSummary[];
  /**
   * Where the page puts it: `actions` (beside Directions: the Map button on small screens, online)
   * or `body` (the inline map card on large screens). Each renders nothing in the other case, so a
   * phone never gets a card holding one Map button.
   */
  placement: 'actions' | 'body';
}

/** The beach page's map: centred on the beach at zoom 15, with a circle of half its length. */
export function BeachMapSection({ beach, beaches, placement }: BeachMapSectionProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const online = useOnline();
  const props = {
    heading: 'Map',
    label: `Map of ${beach.title} and nearby beaches`,
    center: { latitude: beach.latitude, longitude: beach.longitude },
    zoom: MAP_BEACH_ZOOM,
    beaches,
    focus: beach,
  };
  if (placement === 'actions') {
    return mobile && online ? <MapDialogButton {...props} className="button button--secondary" /> : null;
  }
  if (mobile) return null;
  return (
    <div className="card beach__wide beach__map">
      <MapSection {...props} />
    </div>
  );
}
