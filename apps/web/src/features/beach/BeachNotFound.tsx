import { Link } from 'react-router';

/**
 * An address that names no beach: the beach page's own words, in the browser (BeachPage) and on the
 * server's 404 (RouteErrorPage), so both say the same.
 */
export function BeachNotFound() {
  return (
    <div className="page page--narrow">
      <h1>Beach not found</h1>
      <p>We could not find a beach at this address. It may have moved or the link may be wrong.</p>
      <p>
        <Link to="/" className="button button--secondary">
          Search for a beach
        </Link>
      </p>
    </div>
  );
}
