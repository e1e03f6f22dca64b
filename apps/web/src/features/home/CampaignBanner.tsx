import { Link } from 'react-router';
import { RipCurrentIcon } from '../../ui/icons/hazard-icons.tsx';

/**
 * Home's campaign banner (spec section 2), shown when there is no algal bloom warning. It is our
 * own surf-safety campaign, not a partner's: SafeShore has no campaign partners yet.
 */
export function CampaignBanner() {
  return (
    <aside className="info-banner info-banner--campaign" aria-labelledby="campaign-title">
      <RipCurrentIcon size={40} />
      <div>
        <h2 id="campaign-title" className="info-banner__title">
          Spot the rip before you swim
        </h2>
        <p>
          Rips can look like the calmest water on the beach. Learn how to recognise one and what to do if you
          are caught in one.
        </p>
      </div>
      <Link to="/surf-safety/ripcurrents" className="button" aria-describedby="campaign-title">
        Learn More <span className="visually-hidden">about rip currents</span>
      </Link>
    </aside>
  );
}
