import { useSyncExternalStore } from 'react';
import { screenSizeFor, type ScreenSize } from '@safeshore/domain';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The spec's footer screen size for the current window width. */
export function useScreenSize(): ScreenSize {
  return useSyncExternalStore(
    subscribe,
    () => screenSizeFor(window.innerWidth),
    () => 'lg',
  );
}
