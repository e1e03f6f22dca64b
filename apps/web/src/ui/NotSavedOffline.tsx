import { Link } from 'react-router';

/** What the last sentence says of the page asked for. */
const NOT_ONE_OF_THEM = {
  beach: 'This beach is not one of them.',
  page: 'This page is not one of them.',
  // A core article not saved yet (the connection went before the first save ended): never "not one of them".
  'safety article':
    'This safety article is one of them, but it had not been saved yet when the connection went. It is saved the next time this device is online.',
} as const;

/**
 * Offline, a beach or an article that is not in this device's database: say so, and where to save
 * more (issue 16). Beaches opened recently and the core safety articles are saved automatically.
 */
export function NotSavedOffline({ what }: { what: keyof typeof NOT_ONE_OF_THEM }) {
  return (
    <div className="page page--narrow not-saved-offline">
      <h1>
        {what === 'beach'
          ? 'This beach is not saved on this device'
          : 'This page is not saved on this device'}
      </h1>
      <p>
        You are offline. Beaches you have opened recently and the core safety articles are saved on this
        device automatically, so they open without a connection. {NOT_ONE_OF_THEM[what]}
      </p>
      <p>
        To keep every beach on this device, go online and use{' '}
        <Link to="/offline-settings">Offline Settings</Link>.
      </p>
      <p className="emergency-note">In an emergency call Triple Zero (000).</p>
      <p>
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </p>
    </div>
  );
}
