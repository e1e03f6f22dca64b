import { queryOptions } from '@tanstack/react-query';
import { WeatherResponseSchema, type WeatherResponse } from '@safeshore/domain';
import { ApiError, request } from './api.ts';
import { FRESHNESS_MS } from './queries.ts';

export function fetchBeachWeather(beachId: number, signal?: AbortSignal): Promise<WeatherResponse> {
  return request(`/api/v4/beach/${beachId}/weather`, WeatherResponseSchema, { signal });
}

/**
 * GET /api/v4/beach/{beachId}/weather, parsed with the contract schema. The beach page shares it
 * between the header summary and the conditions tabs (one request). A failure is shown quietly with
 * a retry; it never affects the rest of the page (spec section 4). One quick retry for network or
 * server errors, none for client errors.
 */
export const beachWeatherQuery = (beachId: number) =>
  queryOptions({
    queryKey: ['beach-weather', beachId],
    queryFn: ({ signal }) => fetchBeachWeather(beachId, signal),
    staleTime: FRESHNESS_MS,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });
