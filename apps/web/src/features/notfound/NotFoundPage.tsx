import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { reportNotFound } from '../../data/api.ts';

/** Spec section 2: "404 - Page not found", "This page doesn't exist.", a way home; reports the url. */
export function NotFoundPage() {
  usePageTitle('404');
  const location = useLocation();
  const reported = useRef<string | null>(null);
  const url = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (reported.current === url) return;
    reported.current = url;
    reportNotFound(url);
  }, [url]);

  return (
    <div className="page page--narrow not-found">
      <h1>404 - Page not found</h1>
      <p>This page doesn't exist.</p>
      <p>
        <Link to="/" className="button">
          Back to Home
        </Link>
      </p>
    </div>
  );
}
