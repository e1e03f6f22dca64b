import { Link } from 'react-router';

/**
 * Offline, a beach or an article that is not in this device's database: say so, and where to save
 * more (issue 16). Beaches opened recently and the core safety articles are saved automatically.
 */
export function NotSavedOffline({ what }: { what: 'beach' | 'page' }) {
  return (
    <div className="page page--narrow not-saved-offline">
      <h1>
        {what === 'beach'
          ? 'This beach is not saved on this device'
          : 'This page is not saved on this device'}
      </h1>
      <p>
        You are offline. Beaches you have opened recently and the core safety articles are saved on this
        device automatically, so they open without a connection.{' '}
        {what === 'beach' ? 'This beach is not one of them.' : 'This page is not one of them.'}
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
