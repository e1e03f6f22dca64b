import { vi } from 'vitest';
import type { Article, SyncBeach, SyncResponse } from '@safeshore/domain';

/** A beach as POST /api/v4/sync sends it (description and facilities as JSON text). */
export function syncBeach(overrides: Partial<SyncBeach> = {}): SyncBeach {
  const id = overrides.id ?? 1;
  const slug = overrides.title ? overrides.title.toLowerCase().replace(/[^a-z0-9]+/g, '-') : `beach-${id}`;
  return {
    id,
    key: `nsw-2026-${slug}-${id}`,
    title: `Beach ${id}`,
    url: `/nsw/waverley/bondi-beach/${slug}`,
    image: null,
    city: 'Bondi Beach',
    state: 'NSW',
    area: 'Waverley',
    postcode: '2026',
    postcode_url: '/nsw/waverley/bondi-beach',
    area_url: '/nsw/waverley',
    state_url: '/nsw',
    latitude: -33.89,
    longitude: 151.27,
    timezone: 'Australia/Sydney',
    length: 1000,
    hazard: 4,
    patrol: 0,
    covid_status: null,
    status: null,
    description: JSON.stringify({ Beach: 'A sandy beach.' }),
    facilities: JSON.stringify([{ type: 'Facility', name: 'Toilets', url: null }]),
    clubs: [],
    has_bbq_picnic: null,
    has_parking: 1,
    has_public_transport: null,
    has_toilet: 1,
    has_dogs_allowed: 0,
    has_dogs_allowed_on_leash: null,
    is_sample: false,
    data_source: 'Test data',
    data_licence: 'CC BY 4.0',
    updated_at: '2026-01-10T00:00:00Z',
    ...overrides,
  };
}

export function syncPage(overrides: Partial<SyncResponse> = {}): SyncResponse {
  return {
    beaches_upsert: [],
    beaches_delete: [],
    beaches_synced_at: '2026-01-10T01:00:00Z',
    cursor: 'c1',
    has_more: false,
    full: false,
    total: 0,
    ...overrides,
  };
}

export function article(overrides: Partial<Article> = {}): Article {
  return {
    slug: 'ripcurrents',
    title: 'Rip currents',
    summary: 'How to spot a rip.',
    body: '<p>Rips.</p><img src="/media/rip.svg" alt="A rip"><a href="/media/rip.pdf?download=1" download="rip.pdf">Rip guide</a>',
    media: [
      {
        id: 'rip-diagram',
        mime: 'image/svg+xml',
        title: 'A rip',
        url: '/media/rip.svg',
        download: '/media/rip.svg?download=1',
      },
    ],
    sources: [],
    first_aid: [],
    reviewed_at: '2026-01-01',
    ...overrides,
  };
}

export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
}

type Route = (body: unknown, path: string) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Stubs fetch with routes keyed "METHOD /path" (query excluded); unknown paths answer 404 like the
 * server. Routes return real Responses, so media can come back as bytes.
 */
export function stubFetch(routes: Record<string, Route>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    init.signal?.throwIfAborted();
    const route = routes[`${method} ${url.pathname}`];
    return route ? route(body, url.pathname) : json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
