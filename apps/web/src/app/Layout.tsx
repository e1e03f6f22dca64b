import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { UpdatePrompt } from '../features/offline/index.ts';
import { MOBILE_QUERY, useMediaQuery } from '../platform/media.ts';
import { InstallBanner, SurveyBanner } from './Banners.tsx';
import { BottomBar } from './BottomBar.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import type { RouteHandle } from './router.tsx';
import { ShellChrome } from './ShellChrome.tsx';

const SearchModal = lazy(() => import('../features/search/SearchModal.tsx'));

export function Layout() {
  const location = useLocation();
  const matches = useMatches();
  const routeName = (matches.at(-1)?.handle as RouteHandle | undefined)?.name ?? '404';
  const isMobile = useMediaQuery(MOBILE_QUERY);
  // The menu is open for the location it was opened on, so any route change closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.key;
  // The same for the search modal: picking a result navigates, which closes it.
  const [searchOpenedAt, setSearchOpenedAt] = useState<string | null>(null);
  const searchOpen = isMobile && searchOpenedAt === location.key;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  return (
    <div className={`app ${isMobile ? 'app--mobile' : 'app--desktop'}`}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header
        isMobile={isMobile}
        isHome={routeName === 'Home'}
        onOpenMenu={() => setMenuOpenedAt(location.key)}
        menuOpen={menuOpen}
        searchOpen={searchOpen}
        onOpenSearch={() => setSearchOpenedAt(location.key)}
      />
      <OfflineBanner />
      <UpdatePrompt />
      <main id="main" className="main" tabIndex={-1}>
        {routeName === 'Home' && <SurveyBanner />}
        <FlashMessage state={location.state} />
        <Outlet />
      </main>
      {/* After the page, never above it: on a phone's first screen the safety content comes first. */}
      <InstallBanner />
      <Footer showSearch={isMobile && routeName !== 'Home'} />
      {isMobile && <BottomBar onOpenMenu={() => setMenuOpenedAt(location.key)} menuOpen={menuOpen} />}
      {isMobile && <MobileMenu open={menuOpen} onClose={() => setMenuOpenedAt(null)} />}
      {/* Downloaded the first time it is opened (Home's first load stays small). */}
      {searchOpenedAt !== null && (
        <Suspense fallback={null}>
          <SearchModal open={searchOpen} onClose={() => setSearchOpenedAt(null)} />
        </Suspense>
      )}
      <ShellChrome />
    </div>
  );
}

/** A one-off message carried by a navigation (`state.flash`), such as "Account deleted successfully.". */
function FlashMessage({ state }: { state: unknown }) {
  const flash = (state as { flash?: unknown } | null)?.flash;
  if (typeof flash !== 'string') return null;
  return (
    <p role="status" className="flash">
      {flash}
    </p>
  );
}
