import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  id: K;
  label: string;
}

/**
 * The conditions card's tabs, per the WAI-ARIA tabs pattern with automatic activation: one tab in the
 * tab order (the selected one), Left/Right arrows (wrapping), Home and End move focus and select, and
 * the selected panel follows the tab list. The panel is not a tab stop of its own (issue 30): Tab goes from the tab list to the first control in the panel, or on to what follows (a panel of
 * text and a chart needs no stop; screen readers read it from the tab's `aria-controls`).
 *
 * Written by hand rather than with react-aria-components' `TabPanel` because that one decides its
 * `tabIndex` by walking the panel for tabbable children after every commit, and the walk checks each
 * candidate's visibility, which forced a whole-page layout of about 100 ms (4x CPU slowdown) while the
 * beach page hydrated. Only the selected panel is rendered, as before.
 */
export function ConditionsTabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  className,
  children,
}: {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
  className?: string;
  /** The selected tab's panel content. */
  children: ReactNode;
}) {
  const base = useId();
  const tabId = (id: K) => `${base}-tab-${id}`;
  const panelId = (id: K) => `${base}-tabpanel-${id}`;
  const tabRefs = useRef(new Map<K, HTMLDivElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === selected);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const id = tabs[next]!.id;
    onSelect(id);
    tabRefs.current.get(id)?.focus();
  };

  return (
    <div className={className} data-orientation="horizontal">
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className="tabs"
        onKeyDown={onKeyDown}
      >
        {tabs.map((t) => {
          const isSelected = t.id === selected;
          return (
            <div
              key={t.id}
              ref={(el) => {
                if (el) tabRefs.current.set(t.id, el);
                else tabRefs.current.delete(t.id);
              }}
              role="tab"
              id={tabId(t.id)}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId(t.id) : undefined}
              tabIndex={isSelected ? 0 : -1}
              className="tabs__tab"
              onClick={() => onSelect(t.id)}
            >
              {t.label}
            </div>
          );
        })}
      </div>
      <div
        key={selected}
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
        className="tab-panel"
      >
        {children}
      </div>
    </div>
  );
}
