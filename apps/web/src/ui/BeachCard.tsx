import { Link } from 'react-router';
import { formatDistanceKm, type BeachSummary } from '@safeshore/domain';
import { BeachIcon } from './icons/ui-icons.tsx';

export function BeachCard({ beach }: { beach: BeachSummary }) {
  return (
    <li className="beach-card">
      <BeachIcon size={28} className="beach-card__icon" />
      <div>
        <Link to={`/beach${beach.url}`} className="beach-card__title">
          {beach.title}
        </Link>
        <p className="beach-card__meta">
          {beach.city}, {beach.state}
          {beach.distance !== null && ` · ${formatDistanceKm(beach.distance)} away`}
        </p>
      </div>
    </li>
  );
}
