/**
 * The access matrix: every route of the server, the request that exercises it, and the status each
 * kind of caller must get. One table, checked by route-matrix.test.ts, which also fails when a route
 * exists that is not listed here.
 *
 * Roles: guest (no token), user, another user, and a user with the algal role. Until accounts exist
 * (issue 5) the signed-in roles send a bearer token the server does not know; every route so far is
 * public, so all four must get the same answer.
 */
export const ROLES = ['guest', 'user', 'otherUser', 'algalUser'] as const;
export type Role = (typeof ROLES)[number];

export interface MatrixRow {
  route: string;
  request: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown };
  expect: Record<Role, number>;
}

const everyone = (status: number): Record<Role, number> => ({
  guest: status,
  user: status,
  otherUser: status,
  algalUser: status,
});

export const ROUTE_MATRIX: MatrixRow[] = [
  { route: 'GET /healthz', request: { method: 'GET', url: '/healthz' }, expect: everyone(200) },
  { route: 'GET /api/docs', request: { method: 'GET', url: '/api/docs' }, expect: everyone(200) },
  {
    route: 'GET /api/v4/beach/*',
    request: { method: 'GET', url: '/api/v4/beach/nsw/waverley/bondi-beach/bondi-beach' },
    expect: everyone(200),
  },
  {
    route: 'GET /api/v4/autocomplete',
    request: { method: 'GET', url: '/api/v4/autocomplete?q=bondi' },
    expect: everyone(200),
  },
  {
    route: 'POST /api/v4/notfound',
    request: { method: 'POST', url: '/api/v4/notfound', payload: { url: '/matrix-check' } },
    expect: everyone(200),
  },
  {
    route: 'GET /api/v4/surf-safety/:slug',
    request: { method: 'GET', url: '/api/v4/surf-safety/ripcurrents' },
    expect: everyone(200),
  },
  { route: 'GET /media/*', request: { method: 'GET', url: '/media/rip-current.svg' }, expect: everyone(200) },
  { route: 'GET /', request: { method: 'GET', url: '/' }, expect: everyone(200) },
  { route: 'GET /*', request: { method: 'GET', url: '/favicon.svg' }, expect: everyone(200) },
];
