import { useSyncExternalStore } from 'react';
import {
  BeachDetailResponseSchema,
  type Article,
  type AutocompleteResponse,
  type BeachDetailResponse,
  type SearchResult,
} from '@safeshore/domain';
import { isAppShell } from '../platform/shell.ts';
import { fetchArticle, fetchAutocomplete, fetchBeach, request } from './api.ts';
import { getKnownPosition } from './current-postcode.ts';
import { fetchLocation, type LocationLookup } from './location.ts';
import type * as OfflineSourceModule from './offline-source.ts';

/**
 * Where the screens' beach data comes from (spec sections 4 and 7): the HTTP API online, the local
 * (Dexie) database offline. Both answer the same reads in the same shapes, so screens never know
 * which one they talk to; query keys carry the mode so a switch refetches.
 */
export type DataMode = 'online' | 'offline';

/** A beach by its url path ("nsw/waverley/bondi-beach/bondi-beach") or by id (Offline-Beach). */
export type BeachRef = { path: string } | { id: number };

/** A location lookup: by coordinates, by a place url ("/postcode/2026"), or none (server's guess). */
export type LocationQuery = { latitude: number; longitude: number } | { url: string } | null;

export interface BeachDataSource {
  readonly mode: DataMode;
  beach(ref: BeachRef, signal?: AbortSignal): Promise<BeachDetailResponse>;
  autocomplete(query: string, signal?: AbortSignal): Promise<AutocompleteResponse>;
  location(query: LocationQuery, signal?: AbortSignal): Promise<LocationLookup>;
  article(slug: string, signal?: AbortSignal): Promise<Article>;
}

function withoutDistances(answer: AutocompleteResponse): AutocompleteResponse {
  const strip = (results: SearchResult[]) => results.map((result) => ({ ...result, distance: null }));
  return {
    beaches: strip(answer.beaches),
    locations: strip(answer.locations),
    clubs: strip(answer.clubs),
    articles: answer.articles,
  };
}

/** The HTTP API. Methods call through (not bound at load) because location.ts imports this module too. */
export const onlineSource: BeachDataSource = {
  mode: 'online',
  beach: (ref, signal) =>
    'id' in ref
      ? request(`/api/v4/beach/${ref.id}`, BeachDetailResponseSchema, { signal })
      : fetchBeach(ref.path, signal),
  autocomplete: async (query, signal) => {
    const near = getKnownPosition();
    const answer = await fetchAutocomplete(query, signal, near);
    // Ranked near the place being looked at, but a distance is shown only from where the person
    // is (issue 30: "Kingscliff · 663 km" from a place they never gave).
    return near?.fromDevice ? answer : withoutDistances(answer);
  },
  location: async (query, signal) => {
    const lookup = await fetchLocation(query, signal);
    return lookup.found ? { found: true, data: { ...lookup.data, dataSourceWasOnline: true } } : lookup;
  },
  article: (slug, signal) => fetchArticle(slug, signal),
};

/** The local database, loaded on first use so the online bundle does not carry Dexie. */
let offlineModule: Promise<typeof OfflineSourceModule> | null = null;
const loadOffline = () => (offlineModule ??= import('./offline-source.ts'));

export const offlineSource: BeachDataSource = {
  mode: 'offline',
  beach: async (ref, signal) => (await loadOffline()).localSource.beach(ref, signal),
  autocomplete: async (query, signal) => (await loadOffline()).localSource.autocomplete(query, signal),
  location: async (query, signal) => (await loadOffline()).localSource.location(query, signal),
  article: async (slug, signal) => (await loadOffline()).localSource.article(slug, signal),
};

/** localStorage flag: the web user chose "save for offline" (the app shell always has it). */
export const WEB_OFFLINE_STORAGE_KEY = 'safeshore.offline-enabled';

const listeners = new Set<() => void>();
function notify(): void {
  for (const listener of listeners) listener();
}

function webOfflineChosen(): boolean {
  try {
    return window.localStorage.getItem(WEB_OFFLINE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Offline data is used in the app shell always, on the web only after "save for offline". */
export function isOfflineEnabled(): boolean {
  return isAppShell() || webOfflineChosen();
}

/**
 * localStorage flag: this browser's database holds what is saved without asking (recently viewed
 * beaches, the core safety articles; see recent.ts), so offline it is read even when the user has
 * not saved every beach.
 */
export const AUTO_SAVED_STORAGE_KEY = 'safeshore.offline-auto-saved';

function autoSaved(): boolean {
  try {
    return window.localStorage.getItem(AUTO_SAVED_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Called once something has been saved automatically (the offline data mode can then use it). */
export function markAutoSaved(): void {
  if (autoSaved()) return;
  try {
    window.localStorage.setItem(AUTO_SAVED_STORAGE_KEY, '1');
  } catch {
    return;
  }
  notify();
}

/** Whether offline reads can use the local database: everything saved, or the automatic subset. */
export function hasLocalData(): boolean {
  return isOfflineEnabled() || autoSaved();
}

/**
 * The web's "save for offline" choice, remembered in localStorage. Turning it off deletes the
 * local database (not in the app shell, which always keeps it). Storage that refuses the write
 * (private mode) throws, so the page can say the choice was not kept.
 */
export async function setWebOfflineEnabled(enabled: boolean): Promise<void> {
  if (enabled) window.localStorage.setItem(WEB_OFFLINE_STORAGE_KEY, '1');
  else {
    window.localStorage.removeItem(WEB_OFFLINE_STORAGE_KEY);
    // The automatic copies go with the database; the next beach viewed starts them again.
    if (!isAppShell()) window.localStorage.removeItem(AUTO_SAVED_STORAGE_KEY);
  }
  notify();
  if (!enabled && !isAppShell()) {
    const { deleteOfflineDatabase } = await import('./offline-db.ts');
    await deleteOfflineDatabase();
  }
}

/**
 * Spec section 4: offline data when the browser is offline and there is local data (every beach
 * saved, or the recently viewed ones and the core articles saved automatically).
 */
export function currentDataMode(): DataMode {
  return typeof navigator !== 'undefined' && !navigator.onLine && hasLocalData() ? 'offline' : 'online';
}

export function dataSource(mode: DataMode = currentDataMode()): BeachDataSource {
  return mode === 'offline' ? offlineSource : onlineSource;
}

/**
 * TanStack Query pauses queries while the browser is offline; the local database needs no
 * network, so offline-mode queries always run.
 */
export function networkModeFor(mode: DataMode): 'always' | 'online' {
  return mode === 'offline' ? 'always' : 'online';
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === WEB_OFFLINE_STORAGE_KEY || event.key === AUTO_SAVED_STORAGE_KEY || event.key === null)
      onChange();
  };
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The data mode, following online/offline events and the save-for-offline choice (any tab). */
export function useDataMode(): DataMode {
  return useSyncExternalStore(subscribe, currentDataMode, () => 'online');
}

/** Whether offline data is enabled (the save-for-offline control's state). */
export function useOfflineEnabled(): boolean {
  return useSyncExternalStore(subscribe, isOfflineEnabled, () => false);
}
