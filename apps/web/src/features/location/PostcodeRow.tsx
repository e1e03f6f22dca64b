import { Link } from 'react-router';
import type { ClosestPostcode } from '@safeshore/domain';
import { LocationPinIcon } from '../../ui/icons/ui-icons.tsx';

/** The place row (spec section 2): the closest postcodes, each linking to its place page. */
export function PostcodeRow({
  heading,
  postcodes,
}: {
  heading: string;
  postcodes: readonly ClosestPostcode[];
}) {
  if (postcodes.length === 0) return null;
  return (
    <nav className="postcode-row" aria-label={heading}>
      <h2 className="postcode-row__heading">{heading}</h2>
      <ul>
        {postcodes.map((place) => (
          <li key={`${place.postcode}-${place.url}`}>
            <Link to={place.url} className="postcode-row__link">
              <LocationPinIcon size={18} />
              <span>
                {place.title} <span className="postcode-row__postcode">{place.postcode}</span>
              </span>
              <span className="postcode-row__count">
                {place.beaches_count} {place.beaches_count === 1 ? 'beach' : 'beaches'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
