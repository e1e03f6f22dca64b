import { queryOptions } from '@tanstack/react-query';
import { fetchArticle, fetchAutocomplete, fetchBeach } from './api.ts';

/** Data older than this is refreshed when the page becomes visible again (spec: 600 s). */
export const FRESHNESS_MS = 600_000;

/** Queries of the signed-in user live under ['account', userId] (see account-queries.ts). */
export const ACCOUNT_QUERY_KEY = ['account'] as const;

export const beachQuery = (beachPath: string) =>
  queryOptions({
    queryKey: ['beach', beachPath],
    queryFn: ({ signal }) => fetchBeach(beachPath, signal),
    staleTime: FRESHNESS_MS,
  });

export const autocompleteQuery = (query: string) =>
  queryOptions({
    queryKey: ['autocomplete', query.trim().toLowerCase()],
    queryFn: ({ signal }) => fetchAutocomplete(query.trim(), signal),
    staleTime: 5 * 60_000,
    enabled: query.trim().length >= 2,
  });

export const articleQuery = (slug: string) =>
  queryOptions({
    queryKey: ['article', slug],
    queryFn: ({ signal }) => fetchArticle(slug, signal),
    staleTime: 60 * 60_000,
  });
