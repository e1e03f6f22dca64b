import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SURF_SAFETY_MENU } from '@safeshore/domain';
import { ChevronDownIcon } from '../ui/icons/ui-icons.tsx';

/** The Surf Safety dropdown: a disclosure button with the four groups of article links. */
export function SurfSafetyMenu() {
  const [openAt, setOpenAt] = useState<string | null>(null);
  const location = useLocation();
  const open = openAt === location.key;
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenAt(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      className="dropdown"
      ref={rootRef}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpenAt(null);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="dropdown__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAt(open ? null : location.key)}
      >
        Surf Safety <ChevronDownIcon size={16} />
      </button>
      <div id={panelId} className="dropdown__panel" hidden={!open}>
        {SURF_SAFETY_MENU.map((group) => (
          <SurfSafetyGroup key={group.title} title={group.title} links={group.links} />
        ))}
      </div>
    </div>
  );
}

export function SurfSafetyGroup({ title, links }: (typeof SURF_SAFETY_MENU)[number]) {
  const headingId = useId();
  return (
    <section className="menu-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="menu-group__title">
        {title}
      </h2>
      <ul>
        {links.map((link) => (
          <li key={link.slug}>
            <Link to={`/surf-safety/${link.slug}`}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
