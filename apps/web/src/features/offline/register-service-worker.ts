/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { fetchAppVersion } from '../../data/app-version.ts';
import { startAutoSync, startCoreArticleSave } from '../../data/auto-sync.ts';
import { ASSET_NAMES, setAsset } from '../../data/offline-db.ts';
import { applyUpdate, oncePerWaitingWorker } from './apply-update.ts';
import type { AppUpdate } from './service-worker.ts';

/** A long-lived tab asks for a new service worker this often (navigations inside the app do not). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** The background beach sync waits this long after the page has loaded. */
const AUTO_SYNC_DELAY_MS = 5_000;

/**
 * Registers the generated service worker (registerType 'prompt'). When a new one is waiting, asks
 * the server which version it is (spec section 7: GET /api/v4/app), keeps it in the offline
 * store's assets as app_version, and hands the prompt its version and the function that applies it.
 */
export function registerServiceWorker(onUpdate: (update: AppUpdate) => void): void {
  // A browser whose user saved the beaches for offline use keeps them current in the background.
  startAutoSync(AUTO_SYNC_DELAY_MS);
  // Every browser keeps the core safety articles for offline reading, starting now (the page is idle).
  startCoreArticleSave();
  registerSW({
    immediate: true,
    onNeedRefresh() {
      void announceOnce();
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });

  const announceOnce = oncePerWaitingWorker(
    async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
    announce,
  );

  async function announce(): Promise<void> {
    let version: string | null = null;
    try {
      version = (await fetchAppVersion()).version;
      await setAsset(ASSET_NAMES.appVersion, version);
    } catch {
      // Offline or an older server: the prompt still offers the update, without its number.
    }
    onUpdate({
      version,
      // Reload once the new worker is in charge (apply-update.ts). registerSW only does so when
      // this page was already controlled at registration; a tab open since its first visit must
      // reload too, or it would keep running old code whose files the new worker no longer has.
      apply: () => applyUpdate(),
    });
  }
}
