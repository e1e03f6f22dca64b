import { vi } from 'vitest';
import type { User } from '@safeshore/domain';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

type Reply = [status: number, body: unknown];
type Handler = (body: unknown, path: string) => Reply | Promise<Reply>;

/**
 * Stubs fetch with handlers keyed "METHOD /path" (query string excluded) and records every call.
 * Unhandled calls answer 404 like the server.
 */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: `${url.pathname}${url.search}`, body, headers: new Headers(init.headers) });
    const handler = handlers[`${method} ${url.pathname}`];
    const [status, payload] = !handler
      ? [404, { message: 'Not found' }]
      : typeof handler === 'function'
        ? await handler(body, url.pathname)
        : handler;
    return new Response(payload === undefined ? null : JSON.stringify(payload), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    called: (method: string, path: string) => calls.some((c) => c.method === method && c.path === path),
  };
}

export function user(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    first_name: 'Sam',
    last_name: 'Surfer',
    email: 'sam@example.com',
    notification_enabled: true,
    has_algal_role: false,
    ...overrides,
  };
}

export const TOKEN = '42|abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

/** A promise whose resolution the test controls (to look at a screen while a request runs). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
