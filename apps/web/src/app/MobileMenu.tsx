import { useRef } from 'react';
import { SURF_SAFETY_MENU, SWIPE_CLOSE_THRESHOLD_PX } from '@safeshore/domain';
import { CloseIcon } from '../ui/icons/ui-icons.tsx';
import { useModalDialog } from '../ui/useModalDialog.ts';
import { AppVersion } from './AppVersion.tsx';
import { UserMenu, MainNavLinks, SecondaryNavLinks } from './Header.tsx';
import { SurfSafetyGroup } from './SurfSafetyMenu.tsx';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The slide-in menu under 1000 px: a modal dialog on the right with a mask behind it. It closes on
 * the close button, Escape, a tap on the mask, a swipe right of more than 50 px, or a route change.
 * Without JavaScript it shows as the page's target (`#mobile-menu`, from the Menu links) and closes
 * with its close link or Back (styles.css, issue 33).
 */
export function MobileMenu({ open, onClose }: MobileMenuProps) {
  const dialogRef = useModalDialog(open);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  return (
    <dialog
      id="mobile-menu"
      ref={dialogRef}
      className="mobile-menu"
      aria-label="Menu"
      onClose={onClose}
      onClick={(event) => {
        // A click on the dialog element itself (not its panel) is a click on the mask.
        if (event.target === event.currentTarget) onClose();
      }}
      onPointerDown={(event) => {
        swipeStart.current = { x: event.clientX, y: event.clientY };
      }}
      onPointerUp={(event) => {
        const start = swipeStart.current;
        swipeStart.current = null;
        if (!start) return;
        const dx = event.clientX - start.x;
        const dy = Math.abs(event.clientY - start.y);
        if (dx > SWIPE_CLOSE_THRESHOLD_PX && dx > dy) onClose();
      }}
      onPointerCancel={() => {
        swipeStart.current = null;
      }}
    >
      <div className="mobile-menu__panel">
        <div className="mobile-menu__top">
          <AppVersion />
          <button
            type="button"
            className="icon-button needs-script"
            aria-label="Close menu"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
          <a href="#" className="icon-button without-script" aria-label="Close menu">
            <CloseIcon />
          </a>
        </div>
        <nav aria-label="Main">
          <ul className="mobile-menu__list">
            <MainNavLinks />
            <SecondaryNavLinks />
          </ul>
          <details className="mobile-menu__surf">
            <summary>Surf Safety</summary>
            {SURF_SAFETY_MENU.map((group) => (
              <SurfSafetyGroup key={group.title} title={group.title} links={group.links} />
            ))}
          </details>
        </nav>
        <nav aria-label="Account">
          <ul className="mobile-menu__list">
            <UserMenu />
          </ul>
        </nav>
      </div>
    </dialog>
  );
}
