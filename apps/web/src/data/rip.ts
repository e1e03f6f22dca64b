import { queryOptions, useQuery } from '@tanstack/react-query';
import { RipOutlookSchema, type RipOutlook } from '@safeshore/domain';
import { ApiError, request } from './api.ts';
import { FRESHNESS_MS, RIP_OUTLOOK_QUERY } from './queries.ts';
import { useOnline } from '../platform/online.ts';
import { networkModeFor, useDataMode, type DataMode } from './source.ts';

export function fetchRipOutlook(beachId: number, signal?: AbortSignal): Promise<RipOutlook> {
  return request(`/api/v5/beach/${beachId}/rip-outlook`, RipOutlookSchema, { signal });
}

/**
 * A beach's rip-current outlook (issue 29). Online: GET /api/v5/beach/{beachId}/rip-outlook, kept on
 * this device once it arrives (data/recent.ts). Offline: the last one kept for the beach, or null
 * when none was (never a made-up one); the screens show its age. The key carries the beach's key
 * so the kept copy can be filed under it, like the beach itself.
 */
export const ripOutlookQuery = (beach: { id: number; key: string }, mode: DataMode) =>
  queryOptions<RipOutlook | null>({
    queryKey: [RIP_OUTLOOK_QUERY, mode, beach.id, beach.key],
    queryFn: async ({ signal }) =>
      mode === 'online'
        ? fetchRipOutlook(beach.id, signal)
        : (await import('./offline-source.ts')).offlineRipOutlook(beach.key),
    networkMode: networkModeFor(mode),
    staleTime: FRESHNESS_MS,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });

/**
 * The rip outlook of a beach on a screen: asked of the server only while the browser is online,
 * of this device whenever the data mode is offline. `waitsForNetwork`: offline with nothing kept
 * on this device to ask (the screen says to go online).
 */
export function useRipOutlook(beach: { id: number; key: string }) {
  const mode = useDataMode();
  const online = useOnline();
  const asks = online || mode === 'offline';
  const query = useQuery({ ...ripOutlookQuery(beach, mode), enabled: asks });
  return { ...query, mode, waitsForNetwork: !asks || query.fetchStatus === 'paused' };
}
