import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { SEARCH_STATE_PREFIXES } from '@safeshore/domain';
import { NotFoundPage } from '../notfound/NotFoundPage.tsx';

const PlaceholderPage = lazy(() => import('./PlaceholderPage.tsx'));

/** /{state}/{area?}/{location?}: only the spec's state prefixes are places; anything else is a 404. */
export function SearchRoute() {
  const { state = '' } = useParams();
  if (!(SEARCH_STATE_PREFIXES as readonly string[]).includes(state.toLowerCase())) return <NotFoundPage />;
  return (
    <Suspense fallback={null}>
      <PlaceholderPage />
    </Suspense>
  );
}
