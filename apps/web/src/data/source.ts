import type { Article, AutocompleteResponse, BeachDetailResponse } from '@safeshore/domain';
import type { LocationLookup } from './location.ts';

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
