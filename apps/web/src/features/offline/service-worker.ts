import { useSyncExternalStore } from 'react';
import { isAppShell } from '../../platform/shell.ts';

/** A new version's service worker is installed and waiting for the user's go-ahead. */
export interface AppUpdate {
  /** The server's version (GET /api/v4/app), or null when it could not be asked (offline). */
  version: string | null;
  /** Lets the waiting worker take over; the page reloads when it does. */
  apply: () => Promise<void>;
}

let pending: AppUpdate | null = null;
const listeners = new Set<() => void>();

/** Announces a waiting update to the prompt (exported for the registration module and tests). */
export function announceUpdate(update: AppUpdate | null): void {
  pending = update;
  for (const listener of listeners) listener();
}

export function useAppUpdate(): AppUpdate | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
    () => null,
  );
}

/**
 * Registers the service worker on the web, once the page has loaded, from a separate chunk so
 * the first load stays small. Not in development (Vite serves modules, not the build), and not in
 * the app shell, whose files are already on the device.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || isAppShell() || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('./register-service-worker.ts').then((module) =>
      module.registerServiceWorker(announceUpdate),
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
