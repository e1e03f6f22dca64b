import * as z from 'zod/mini';
import {
  ArticleResponseSchema,
  AutocompleteResponseSchema,
  BeachDetailResponseSchema,
  type Article,
  type AutocompleteResponse,
  type BeachDetailResponse,
} from '@safeshore/domain';
import { apiBase } from '../platform/environment.ts';
import { getCurrentPostcode } from './current-postcode.ts';
import { clearSession, getSession } from './session.ts';

/**
 * Where API calls go: same origin by default (the web app and API are served together); in the app
 * shell, the environment chosen in the hidden switcher (platform/environment.ts).
 */
const API_BASE = apiBase();
const TIMEOUT_MS = 15_000;

/** An address on the API host, for full-page navigations (Sign in with Apple). */
export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}

export class ApiError extends Error {
  readonly status: number;
  /** The 422 `errors` object (field -> messages), when the server sent one. */
  readonly errors: Record<string, string[]> | null;
  /** The response body as sent (some error answers carry data, e.g. the location lookup's `state`). */
  readonly body: unknown;
  constructor(
    status: number,
    message: string,
    errors: Record<string, string[]> | null = null,
    body: unknown = null,
  ) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

const ErrorBodySchema = z.object({
  message: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});

/**
 * Spec section 8: a 401 or 419 on any call removes the token and sends the user to Login. The app
 * registers the navigation (router.tsx); tests register their own.
 */
let onUnauthorized: () => void = () => undefined;
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as a multipart body (the browser sets the boundary). */
  form?: FormData;
  /** Logout: a 401 means the token is already gone, so it must not send the user to Login. */
  redirectOnUnauthorized?: boolean;
}

/** Calls the API with the bearer token when signed in and parses the answer with a contract schema. */
export async function request<T extends z.core.$ZodType>(
  path: string,
  schema: T,
  options: RequestOptions = {},
): Promise<z.output<T>> {
  const { json, form, redirectOnUnauthorized = true, ...init } = options;
  const signal = init.signal
    ? AbortSignal.any([init.signal, AbortSignal.timeout(TIMEOUT_MS)])
    : AbortSignal.timeout(TIMEOUT_MS);
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  const token = getSession()?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // Spec section 7: every call says which place the user is looking at.
  const postcode = getCurrentPostcode();
  if (postcode) headers.set('X-location', postcode);
  if (json !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      // Always ask the server (a 304 when nothing changed): public reads carry a short max-age for
      // CDNs, and a closure must not hide behind this browser's HTTP cache (issues 17 and 20).
      cache: 'no-cache',
      ...init,
      signal,
      headers,
      body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError' && init.signal?.aborted) throw error;
    throw new ApiError(0, 'Could not reach SafeShore. Check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 || response.status === 419) {
      clearSession();
      if (redirectOnUnauthorized) onUnauthorized();
    }
    const parsed = z.safeParse(ErrorBodySchema, body);
    const error = parsed.success ? parsed.data : {};
    throw new ApiError(
      response.status,
      error.message ?? `Request failed (${response.status})`,
      error.errors && Object.keys(error.errors).length > 0 ? error.errors : null,
      body,
    );
  }
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) {
    throw new ApiError(response.status, 'SafeShore sent data this version of the app does not understand.');
  }
  return parsed.data;
}

export function fetchBeach(beachPath: string, signal?: AbortSignal): Promise<BeachDetailResponse> {
  const encoded = beachPath.split('/').filter(Boolean).map(encodeURIComponent).join('/');
  return request(`/api/v4/beach/${encoded}`, BeachDetailResponseSchema, { signal });
}

export function fetchAutocomplete(
  query: string,
  signal?: AbortSignal,
  near: { latitude: number; longitude: number } | null = null,
): Promise<AutocompleteResponse> {
  const params = new URLSearchParams({ q: query });
  // Spec section 7: the client sends lat and lng (when it knows where the user is).
  if (near) {
    params.set('lat', String(near.latitude));
    params.set('lng', String(near.longitude));
  }
  return request(`/api/v4/autocomplete?${params.toString()}`, AutocompleteResponseSchema, { signal });
}

export async function fetchArticle(slug: string, signal?: AbortSignal): Promise<Article> {
  return (await request(`/api/v4/surf-safety/${encodeURIComponent(slug)}`, ArticleResponseSchema, { signal }))
    .article;
}

/** Tells the server about a missing page; failures are ignored (the 404 page must still show). */
export function reportNotFound(url: string): void {
  void fetch(apiUrl('/api/v4/notfound'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url }),
    keepalive: true,
  }).catch(() => undefined);
}
