import { Link, useMatches } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import type { RouteHandle } from '../../app/router.tsx';

/** An honest page for a screen that is not built yet, inside the real layout. */
export function PlaceholderPage() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const title = handle?.title || 'Coming soon';
  usePageTitle(title);
  return (
    <div className="page page--narrow placeholder">
      <h1>{title}</h1>
      <p>This part of SafeShore is still being built, so there is nothing to show here yet.</p>
      <p>
        You can <Link to="/">search for a beach</Link> in the meantime. In an emergency call Triple Zero
        (000).
      </p>
    </div>
  );
}
export default PlaceholderPage;
