import { useEffect, useSyncExternalStore } from 'react';
import { pageTitle } from '@safeshore/domain';

/** The current page's title: shown in the mobile header and, as "{title} | SafeShore", in the tab. */
let current = '';
const listeners = new Set<() => void>();

function setTitle(title: string): void {
  current = title;
  document.title = pageTitle(title);
  for (const listener of listeners) listener();
}

export function usePageTitle(title: string): void {
  useEffect(() => setTitle(title), [title]);
}

export function useCurrentPageTitle(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    // Server rendering and hydration: no title until the page's effect sets it.
    () => '',
  );
}
