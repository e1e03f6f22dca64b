import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ARTICLE_NOT_FOUND } from '@safeshore/domain';
import { BeachNotFound } from '../features/beach/BeachNotFound.tsx';
import { PlaceNotFound } from '../features/location/PlaceNotFound.tsx';
import { NotFoundPage } from '../features/notfound/NotFoundPage.tsx';
import { usePageTitle } from './page-title.ts';
import { useOnline } from '../platform/online.ts';

/**
 * Shown inside the layout when a screen fails (its code could not be downloaded while offline, or
 * it broke while rendering): the header, the offline banner and the bottom bar stay. Offline it
 * says what is missing and where to save pages for offline use.
 */
export function RouteErrorPage() {
  // The server answers an unknown beach, place or article with a 404 route error (issue 23): that
  // is the app's not-found page, not a failure.
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const what = (error.data as { notFound?: string } | null)?.notFound;
    if (what === 'article') return <ArticleNotFound />;
    if (what === 'beach') return <BeachNotFound />;
    if (what === 'place') return <PlaceNotFound />;
    return <NotFoundPage />;
  }
  return <FailurePage />;
}

/** An unknown article: the content page's own words (spec), as the browser shows them too. */
function ArticleNotFound() {
  usePageTitle(ARTICLE_NOT_FOUND.title);
  return (
    <div className="page page--narrow">
      <h1>{ARTICLE_NOT_FOUND.title}</h1>
      <p>{ARTICLE_NOT_FOUND.body}</p>
    </div>
  );
}

function FailurePage() {
  const online = useOnline();
  usePageTitle(online ? 'Something went wrong' : 'Not available offline');
  return (
    <div className="page page--narrow">
      {online ? (
        <>
          <h1>Something went wrong</h1>
          <p>This page could not be shown. Check your connection and try again.</p>
        </>
      ) : (
        <>
          <h1>Not available offline</h1>
          <p>
            You are offline and this page is not saved on this device. Beaches you have opened recently and
            the core safety articles are saved automatically;{' '}
            <Link to="/offline-settings">Offline Settings</Link> can save every beach.
          </p>
        </>
      )}
      <p className="emergency-note">In an emergency call Triple Zero (000).</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>{' '}
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </p>
    </div>
  );
}

/** When the layout itself fails there is no page around the message: give it its own landmark. */
export function LayoutErrorPage() {
  return (
    <main id="main" tabIndex={-1}>
      <RouteErrorPage />
    </main>
  );
}
