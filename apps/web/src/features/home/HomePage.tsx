import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { SearchBox } from '../search/index.ts';
import { PatrolFlagIcon, RipCurrentIcon } from '../../ui/icons/index.ts';

export function HomePage() {
  usePageTitle('');
  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-heading">
        <div className="hero__inner">
          <h1 id="home-heading" className="hero__title">
            Find a beach. Know before you go.
          </h1>
          <p className="hero__lead">
            Search Australian beaches for who patrols them, how long they are, and what to know before you
            swim.
          </p>
          <SearchBox id="home-search" label="Search for a beach, place, postcode or surf club" />
        </div>
      </section>

      <section className="page safety-strip" aria-labelledby="safety-heading">
        <h2 id="safety-heading">Stay safe in the water</h2>
        <ul className="tips">
          <li className="tip">
            <PatrolFlagIcon size={40} />
            <div>
              <h3>Swim between the red and yellow flags</h3>
              <p>They mark the area lifesavers and lifeguards are watching.</p>
            </div>
          </li>
          <li className="tip">
            <RipCurrentIcon size={40} />
            <div>
              <h3>Know how to spot a rip</h3>
              <p>
                Look for darker, calmer-looking gaps between breaking waves.{' '}
                <Link to="/surf-safety/ripcurrents">Learn about rip currents</Link>.
              </p>
            </div>
          </li>
          <li className="tip tip--emergency">
            <span className="tip__badge" aria-hidden="true">
              000
            </span>
            <div>
              <h3>In an emergency call Triple Zero (000)</h3>
              <p>If someone is in trouble in the water, call 000 and alert a lifesaver or lifeguard.</p>
            </div>
          </li>
        </ul>
      </section>

      <section className="page" aria-labelledby="nearby-heading">
        <h2 id="nearby-heading">Beaches near you</h2>
        <p className="muted">
          Nearby and patrolled beaches, announcements and the beach map are being built. Until then, search
          for a beach by name above.
        </p>
      </section>
    </div>
  );
}
