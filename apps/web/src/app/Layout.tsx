import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
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
  useFocusPageHeading(location.pathname);
  const isHome = routeName === 'Home';

  return (
    <div className={`app ${isMobile ? 'app--mobile' : 'app--desktop'}`}>
      {/* Home's search is what most people come for: one Tab and Enter away (issue 30: it was the 13th stop). */}
      {isHome && (
        <a className="skip-link" href={`#${HOME_SEARCH_ID}`} onClick={focusTarget}>
          Skip to beach search
        </a>
      )}
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header
        isMobile={isMobile}
        isHome={isHome}
        onOpenMenu={() => setMenuOpenedAt(location.key)}
        menuOpen={menuOpen}
        searchOpen={searchOpen}
        onOpenSearch={() => setSearchOpenedAt(location.key)}
      />
      <OfflineBanner />
      <UpdatePrompt />
      <main id="main" className="main" tabIndex={-1}>
        {isHome && <SurveyBanner />}
        <FlashMessage state={location.state} />
        <Outlet />
      </main>
      {/* After the page, never above it: on a phone's first screen the safety content comes first. */}
      <InstallBanner />
      {/* The console is a work tool: no public promotion cards under it (issue 30). */}
      <Footer showSearch={isMobile && !isHome} showPromotions={!routeName.startsWith('Console')} />
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

/** The id of Home's search box (features/home/HomePage.tsx), the target of its skip link. */
const HOME_SEARCH_ID = 'home-search';

/** A skip link moves focus to its target itself: the browser only scrolls to an in-page target. */
function focusTarget(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(event.currentTarget.hash.slice(1));
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/** How long a new page may take to show its heading (its code and data loading) before we give up. */
const HEADING_WAIT_MS = 10_000;

/**
 * After a navigation inside the app, focus goes to the new page's h1 (issue 30): a screen reader
 * reads the page's name, and the next Tab starts from the top of the page, not from the link that
 * was followed (or from the body, when that link went away with the old page). A page that shows
 * its heading once its data arrives gets focus then; if the heading is replaced (a loading heading
 * by the real one) while focus was on it, focus follows. Nothing moves on the first load, and once
 * the person has moved focus somewhere else themselves it is theirs.
 */
function useFocusPageHeading(pathname: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main');
    if (!main) return;
    // Focus where the navigation left it (the link followed, or the body), or on the heading we chose.
    const start = document.activeElement;
    let focused: HTMLElement | null = null;
    const focusHeading = () => {
      const active = document.activeElement;
      const ours = active === null || active === document.body || active === (focused ?? start);
      if (!ours) return stop();
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading || heading === focused) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      focused = heading;
    };
    const observer = new MutationObserver(focusHeading);
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    focusHeading();
    return stop;
  }, [pathname]);
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
