import { lazy, Suspense } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { LIFE_SAVING_ORG } from '@safeshore/domain';
import { useSession } from '../data/session.ts';
import { isAppShell } from '../platform/shell.ts';
import { SearchBox } from '../features/search/index.ts';
import { BackArrowIcon, ExternalLinkIcon, MenuIcon, SearchIcon } from '../ui/icons/ui-icons.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { Logo } from '../ui/Logo.tsx';
import { AppVersion } from './AppVersion.tsx';
import { useCurrentPageTitle } from './page-title.ts';
import { SurfSafetyMenu } from './SurfSafetyMenu.tsx';

export const APP_VERSION = __APP_VERSION__;

interface HeaderProps {
  isMobile: boolean;
  isHome: boolean;
  menuOpen: boolean;
  onOpenMenu: () => void;
  searchOpen: boolean;
  onOpenSearch: () => void;
}

/** Top navigation: Rip Currents, Multilingual, Surf Safety, About, the life saving organisation, Apps. */
export function MainNavLinks() {
  return (
    <>
      <li>
        <NavLink to="/surf-safety/ripcurrents">Rip Currents</NavLink>
      </li>
      <li>
        <NavLink to="/surf-safety/multilingual">Multilingual</NavLink>
      </li>
    </>
  );
}

export function SecondaryNavLinks() {
  return (
    <>
      <li>
        <NavLink to="/about">About</NavLink>
      </li>
      <li>
        <a href={LIFE_SAVING_ORG.url} target="_blank" rel="noopener noreferrer">
          {LIFE_SAVING_ORG.label}
          <ExternalLinkIcon size={14} title="(opens in a new tab)" />
        </a>
      </li>
      <li>
        <NavLink to="/apps">Apps</NavLink>
      </li>
      <AlgalBloomNavLink />
    </>
  );
}

/** Spec section 6: the Algal Bloom entry is only for users with the algal role. */
function AlgalBloomNavLink() {
  const session = useSession();
  if (!session?.user.has_algal_role) return null;
  return (
    <li>
      <NavLink to="/algal-bloom-metrics">Algal Bloom</NavLink>
    </li>
  );
}

/** Issue 17: the lifesaver console entry (its own chunk: Home's first load does not carry it). */
const ConsoleNavLink = lazy(() => import('../features/console/ConsoleNavLink.tsx'));

/**
 * Guests see Login and Register; signed-in users My Beaches, My Profile and Logout. `compact` (the
 * desktop header) shows My Profile as the user's avatar alone, its name kept for screen readers,
 * so the logo, menu, search and account fit one row from 1280 px.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  if (!session) {
    return (
      <>
        <li>
          <NavLink to="/login">Login</NavLink>
        </li>
        <li>
          <NavLink to="/register">Register</NavLink>
        </li>
      </>
    );
  }
  return (
    <>
      <li>
        <NavLink to="/my-beaches">My Beaches</NavLink>
      </li>
      <Suspense fallback={null}>
        <ConsoleNavLink userId={session.user.id} />
      </Suspense>
      <li>
        <NavLink to="/profile" className={compact ? 'nav-avatar' : undefined}>
          <Avatar
            firstName={session.user.first_name}
            lastName={session.user.last_name}
            colourKey={session.user.email}
          />
          <span className={compact ? 'visually-hidden' : undefined}>My Profile</span>
        </NavLink>
      </li>
      {/* Spec section 2: Offline Settings is in the user menu only in the app. */}
      {isAppShell() && (
        <li>
          <NavLink to="/offline-settings">Offline Settings</NavLink>
        </li>
      )}
      <li>
        <NavLink to="/logout">Logout</NavLink>
      </li>
    </>
  );
}

export function Header({ isMobile, isHome, menuOpen, onOpenMenu, searchOpen, onOpenSearch }: HeaderProps) {
  const title = useCurrentPageTitle();
  const navigate = useNavigate();

  if (isMobile) {
    return (
      <header className="header header--mobile">
        {isHome ? (
          <Link to="/" className="header__logo" aria-label="SafeShore home">
            <Logo />
          </Link>
        ) : (
          <>
            <button
              type="button"
              className="icon-button"
              aria-label="Back"
              onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
            >
              <BackArrowIcon />
            </button>
            <p className="header__title">{title || 'SafeShore'}</p>
          </>
        )}
        {/* Spec section 2: the search modal, from every page on a phone. */}
        <button
          type="button"
          className="icon-button header__search-button"
          aria-label="Search"
          aria-haspopup="dialog"
          aria-expanded={searchOpen}
          onClick={onOpenSearch}
        >
          <SearchIcon />
        </button>
        <button
          type="button"
          className="icon-button header__menu-button needs-script"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={onOpenMenu}
        >
          <MenuIcon />
        </button>
        <a
          href="#mobile-menu"
          className="icon-button header__menu-button without-script"
          aria-label="Open menu"
        >
          <MenuIcon />
        </a>
      </header>
    );
  }

  return (
    <header className="header header--desktop">
      <div className="header__inner">
        <Link to="/" className="header__logo" aria-label="SafeShore home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="header__nav">
          <ul className="nav-list">
            <MainNavLinks />
            <li>
              <SurfSafetyMenu />
            </li>
            <SecondaryNavLinks />
          </ul>
        </nav>
        {!isHome && (
          <div className="header__search">
            <SearchBox id="header-search" label="Search beaches and places" placeholder="Search" compact />
          </div>
        )}
        <nav aria-label="Account" className="header__user">
          <ul className="nav-list">
            <UserMenu compact />
          </ul>
          <AppVersion />
        </nav>
      </div>
    </header>
  );
}
