import { queryOptions } from '@tanstack/react-query';
import { getKnownPosition } from './current-postcode.ts';
import { currentDataMode, dataSource, networkModeFor, type BeachRef, type DataMode } from './source.ts';

/** Data older than this is refreshed when the page becomes visible again (spec: 600 s). */
export const FRESHNESS_MS = 600_000;

/**
 * Every rip outlook query's key starts with this (data/rip.ts); here so that the cache subscriber
 * that keeps online answers for offline use (app/query-client.ts) loads none of that module.
 */
export const RIP_OUTLOOK_QUERY = 'beach-rip-outlook';

/** Queries of the signed-in user live under ['account', userId] (see account-queries.ts). */
export const ACCOUNT_QUERY_KEY = ['account'] as const;

/*
 * Every key carries the data mode (spec section 4): going offline or back online asks the other
 * source instead of showing the first one's answer. The mode defaults to the current one; screens
 * pass useDataMode() so they re-render when it changes.
 */

/** A beach by url path ("nsw/waverley/bondi/bondi-beach") or by id (Offline-Beach). */
export const beachQuery = (ref: string | BeachRef, mode: DataMode = currentDataMode()) => {
  const beach: BeachRef = typeof ref === 'string' ? { path: ref } : ref;
  return queryOptions({
    queryKey: ['beach', mode, beach],
    queryFn: ({ signal }) => dataSource(mode).beach(beach, signal),
    networkMode: networkModeFor(mode),
    staleTime: FRESHNESS_MS,
  });
};

export const autocompleteQuery = (query: string, mode: DataMode = currentDataMode()) => {
  // Online, the position the server ranks distances from is part of the answer.
  const near = mode === 'online' ? getKnownPosition() : null;
  return queryOptions({
    queryKey: ['autocomplete', mode, query.trim().toLowerCase(), ...(near ? [near] : [])],
    queryFn: ({ signal }) => dataSource(mode).autocomplete(query.trim(), signal),
    networkMode: networkModeFor(mode),
    staleTime: 5 * 60_000,
    enabled: query.trim().length >= 2,
  });
};

export const articleQuery = (slug: string, mode: DataMode = currentDataMode()) =>
  queryOptions({
    queryKey: ['article', mode, slug],
    queryFn: ({ signal }) => dataSource(mode).article(slug, signal),
    networkMode: networkModeFor(mode),
    staleTime: 60 * 60_000,
  });
