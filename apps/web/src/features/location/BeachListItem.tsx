import { Link } from 'react-router';
import { formatDistanceKm, type ListBeach } from '@safeshore/domain';
import { BeachStatusSummary } from '../../ui/BeachStatusSummary.tsx';
import { BeachIcon } from '../../ui/icons/ui-icons.tsx';
import { PatrolFlagIcon } from '../../ui/icons/flag-icons.tsx';
import type { ShownBeach } from '../map/index.ts';
import { WaterQualityListLine } from '../conditions/WaterQuality.tsx';

/**
 * A beach in a Home or place list: title, city, distance and the one-line status (patrol now,
 * marine warnings when the answer carries them, hazard, and the rip outlook's level when known). Only a real roster showing a patrol today gets the flag icon: sample schedules read as a
 * demo, never as patrolled.
 */
export function BeachListItem({
  beach,
  now,
}: {
  beach: ShownBeach & Partial<Pick<ListBeach, 'water_quality'>>;
  now: Date;
}) {
  const today = beach.is_patrolled_today;
  return (
    <li className="beach-card">
      {today?.flag === 1 && !today.is_sample ? (
        <PatrolFlagIcon size={28} className="beach-card__icon" />
      ) : (
        <BeachIcon size={28} className="beach-card__icon" />
      )}
      <div>
        <Link to={`/beach${beach.url}`} className="beach-card__title">
          {beach.title}
        </Link>
        <p className="beach-card__meta">
          {beach.city}
          {beach.distance !== null && ` · ${formatDistanceKm(beach.distance)}`}
          {beach.is_sample && <span className="badge badge--sample">Sample beach</span>}
        </p>
        <BeachStatusSummary
          beach={beach}
          now={now}
          warnings={beach.marine_warnings}
          rip={beach.rip_outlook}
        />
        {beach.water_quality && (
          <WaterQualityListLine
            wq={beach.water_quality}
            now={now}
            timeZone={beach.timezone ?? 'Australia/Sydney'}
          />
        )}
      </div>
    </li>
  );
}
