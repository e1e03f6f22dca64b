import { Link } from 'react-router';
import { formatDistanceKm } from '@safeshore/domain';
import { BeachIcon, PatrolFlagIcon } from '../../ui/icons/index.ts';
import { isSampleBeach, patrolTodayText, type ShownBeach } from '../map/index.ts';

/** A beach in a Home or place list: title, city, distance, today's patrol when known, and the sample label. */
export function BeachListItem({ beach }: { beach: ShownBeach }) {
  const today = beach.is_patrolled_today;
  return (
    <li className="beach-card">
      {today?.flag === 1 ? (
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
        </p>
        {(today || isSampleBeach(beach)) && (
          <p className="beach-card__meta">
            {today && patrolTodayText(today)}
            {isSampleBeach(beach) && (
              <>
                {today && ' '}
                <span className="badge badge--sample">Sample data</span>
              </>
            )}
          </p>
        )}
      </div>
    </li>
  );
}
