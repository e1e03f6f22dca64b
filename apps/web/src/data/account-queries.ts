import { queryOptions } from '@tanstack/react-query';
import { fetchDevices, fetchMyBeaches, fetchQuestion } from './accounts.ts';
import { ACCOUNT_QUERY_KEY } from './queries.ts';

/*
 * Keyed by user id under ACCOUNT_QUERY_KEY, so one user's data never shows for another and signing
 * out removes them all at once.
 */

export const myBeachesQuery = (userId: number) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, userId, 'my-beaches'],
    queryFn: ({ signal }) => fetchMyBeaches(signal),
  });

export const devicesQuery = (userId: number) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, userId, 'devices'],
    queryFn: ({ signal }) => fetchDevices(signal),
  });

/**
 * The anti-spam question is single-use: it is never refreshed behind the user's back (they may switch
 * tabs to work out the answer), a failed registration fetches a new one, and it is not kept once the
 * screen is left.
 */
export const questionQuery = () =>
  queryOptions({
    queryKey: ['register-question'],
    queryFn: ({ signal }) => fetchQuestion(signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
