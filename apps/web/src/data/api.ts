import * as z from 'zod/mini';
import {
  ArticleResponseSchema,
  AutocompleteResponseSchema,
  BeachDetailResponseSchema,
  type Article,
  type AutocompleteResponse,
  type BeachDetailResponse,
} from '@safeshore/domain';

/** Where API calls go: same origin by default (the web app and API are served together). */
const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';
const TIMEOUT_MS = 15_000;

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function request<T extends z.core.$ZodType>(path: string, schema: T, init: RequestInit = {}): Promise<z.output<T>> {
  const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { ...init, signal, headers: { Accept: 'application/json', ...init.headers } });
  } catch (error) {
    if ((error as Error).name === 'AbortError' && init.signal?.aborted) throw error;
    throw new ApiError(0, 'Could not reach SafeShore. Check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new ApiError(response.status, typeof message === 'string' ? message : `Request failed (${response.status})`);
  }
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) throw new ApiError(response.status, 'SafeShore sent data this version of the app does not understand.');
  return parsed.data;
}

export function fetchBeach(beachPath: string, signal?: AbortSignal): Promise<BeachDetailResponse> {
  const encoded = beachPath
    .split('/')
    .filter(Boolean)
    .map(encodeURIComponent)
    .join('/');
  return request(`/api/v4/beach/${encoded}`, BeachDetailResponseSchema, { signal });
}

export function fetchAutocomplete(query: string, signal?: AbortSignal): Promise<AutocompleteResponse> {
  return request(`/api/v4/autocomplete?q=${encodeURIComponent(query)}`, AutocompleteResponseSchema, { signal });
}

export async function fetchArticle(slug: string, signal?: AbortSignal): Promise<Article> {
  return (await request(`/api/v4/surf-safety/${encodeURIComponent(slug)}`, ArticleResponseSchema, { signal })).article;
}

/** Tells the server about a missing page; failures are ignored (the 404 page must still show). */
export function reportNotFound(url: string): void {
  void fetch(`${API_BASE}/api/v4/notfound`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url }),
    keepalive: true,
  }).catch(() => undefined);
}
