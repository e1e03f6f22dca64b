import { queryOptions } from '@tanstack/react-query';
import { PatrolsResponseSchema, type PatrolsResponse } from '@safeshore/domain';
import { request } from './api.ts';
import { FRESHNESS_MS } from './queries.ts';

/** GET /api/v4/beach/{beachId}/patrols: today at the beach without `date`, else from that YYYY-MM-DD day. */
export function fetchPatrols(
  beachId: number,
  date: string | null,
  signal?: AbortSignal,
): Promise<PatrolsResponse> {
  const query = date ? `?date=${encodeURIComponent(date)}` : '';
  return request(`/api/v4/beach/${beachId}/patrols${query}`, PatrolsResponseSchema, { signal });
}

/** Every patrol query of one beach starts with this key (a beach reload refreshes them all). */
export const beachPatrolsKey = (beachId: number) => ['beach-patrols', beachId] as const;

export const patrolsQuery = (beachId: number, date: string | null) =>
  queryOptions({
    queryKey: [...beachPatrolsKey(beachId), date ?? 'today'],
    queryFn: ({ signal }) => fetchPatrols(beachId, date, signal),
    staleTime: FRESHNESS_MS,
    // Spec section 8: a patrol failure is only logged, so do not keep the user waiting on retries.
    retry: false,
  });
