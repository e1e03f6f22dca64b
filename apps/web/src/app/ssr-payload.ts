import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type HydrationState } from 'react-router';

/** The id of the `<script type="application/json">` that carries a rendered page's data. */
export const SERVER_PAYLOAD_ID = 'ssr-data';

/** A route error as JSON (only route error responses, such as a 404, are sent). */
export interface SerializedRouteError {
  status: number;
  statusText: string;
  data: unknown;
}

/**
 * What the server sends beside its HTML (issue 23): the router's hydration data, the query cache's
 * dehydrated state, the time the page was rendered at and whether it guessed a phone.
 */
export interface ServerPayload {
  router: {
    loaderData: Record<string, unknown>;
    actionData: Record<string, unknown> | null;
    errors: Record<string, SerializedRouteError> | null;
  };
  queries: DehydratedState;
  now: string;
  mobile: boolean;
}

/**
 * The payload as the text of a non-executable script element. `<` is escaped so no value can close
 * the element (or open a comment) early; JSON.parse reads the escapes back.
 */
export function serializePayload(payload: ServerPayload): string {
  return JSON.stringify(payload)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readServerPayload(doc: Document): ServerPayload | null {
  const element = doc.getElementById(SERVER_PAYLOAD_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerPayload;
  } catch {
    return null;
  }
}

export function reviveHydrationState(state: ServerPayload['router']): HydrationState {
  const errors = state.errors
    ? Object.fromEntries(
        Object.entries(state.errors).map(([id, error]) => [
          id,
          new ErrorResponseImpl(error.status, error.statusText, error.data),
        ]),
      )
    : null;
  return { loaderData: state.loaderData, actionData: state.actionData, errors };
}

/**
 * Puts the server's answers into the browser's query cache (TanStack's dehydrated format, made by
 * `dehydrate` on the server). Only successful answers are sent, so this is all `hydrate` would do
 * here; doing it with setQueryData keeps TanStack's hydration module out of Home's first load.
 */
export function applyServerQueries(client: QueryClient, state: DehydratedState): void {
  for (const query of state.queries) {
    if (query.state.status !== 'success') continue;
    client.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
  }
}
