import { NavLink } from 'react-router';
import { BookIcon, ExploreIcon, MenuIcon, StarIcon, UserIcon } from '../ui/icons/ui-icons.tsx';

/** Mobile bottom bar: Explore, Surf Safety, My Beaches, Profile, Menu. */
export function BottomBar({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  return (
    <nav className="bottom-bar" aria-label="Quick">
      <NavLink to="/" end>
        <ExploreIcon />
        <span>Explore</span>
      </NavLink>
      <NavLink to="/surf-safety">
        <BookIcon />
        <span>Surf Safety</span>
      </NavLink>
      <NavLink to="/my-beaches">
        <StarIcon />
        <span>My Beaches</span>
      </NavLink>
      <NavLink to="/profile">
        <UserIcon />
        <span>Profile</span>
      </NavLink>
      <button
        type="button"
        className="needs-script"
        onClick={onOpenMenu}
        aria-expanded={menuOpen}
        aria-controls="mobile-menu"
      >
        <MenuIcon />
        <span>Menu</span>
      </button>
      {/* Without JavaScript the menu opens as the page's target (styles.css, issue 33). */}
      <a href="#mobile-menu" className="without-script">
        <MenuIcon />
        <span>Menu</span>
      </a>
    </nav>
  );
}
