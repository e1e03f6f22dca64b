import { Link } from 'react-router';

/** Shown when a screen fails to load (for example a chunk that could not be fetched). */
export function RouteErrorPage() {
  return (
    <main id="main" className="page page--narrow" tabIndex={-1}>
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Check your connection and try again.</p>
      <p className="emergency-note">In an emergency call Triple Zero (000).</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>{' '}
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </p>
    </main>
  );
}
