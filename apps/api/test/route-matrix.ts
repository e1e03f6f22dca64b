/**
 * The access matrix: every route of the server, the request that exercises it, and the status each
 * kind of caller must get. One table, checked by route-matrix.test.ts, which also fails when a route
 * exists that is not listed here.
 *
 * Roles: guest (no token), user, another user, a user with the algal role, the lifesaver of Bondi
 * and the operator of NSW (issue 17); the signed-in roles are real accounts with real tokens. Requests may name per-role fixtures, filled in by the test:
 * `{email}` (the caller's own address), `{device:ROLE}` (a device owned by ROLE), `{spareToken:ROLE}`
 * (a second token of ROLE), `{beach}` (a beach id), `{bondi}`, `{manly}` and `{stKilda}` (Victoria);
 * `"{#name}"` (quotes included) is the fixture as a JSON number. Rows that change data are written so the
 * change does not affect later rows.
 */
export const ROLES = ['guest', 'user', 'otherUser', 'algalUser', 'lifesaver', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export interface MatrixRow {
  route: string;
  request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS'; url: string; payload?: unknown };
  expect: Record<Role, number>;
}

const everyone = (status: number): Record<Role, number> => ({
  guest: status,
  user: status,
  otherUser: status,
  algalUser: status,
  lifesaver: status,
  operator: status,
});

/** A signed-in route: guests get 401, every account `status`. */
const signedIn = (status: number): Record<Role, number> => ({ ...everyone(status), guest: 401 });

/** A route on something one account owns: 401 for guests, 200 for the owner, 404 for everyone else. */
const ownedBy = (owner: Exclude<Role, 'guest'>): Record<Role, number> => ({
  ...everyone(404),
  guest: 401,
  [owner]: 200,
});

/** An algal bloom route: 401 for guests, 403 without the algal role, `status` with it. */
const algalOnly = (status: number): Record<Role, number> => ({
  ...everyone(403),
  guest: 401,
  algalUser: status,
});

/**
 * A lifesaver console route (issue 17): 401 for guests, 403 without a console role (the algal role
 * is not one), `lifesaver` for the lifesaver of Bondi and `operator` for the operator of NSW.
 */
const consoleRoute = (lifesaver: number, operator: number = lifesaver): Record<Role, number> => ({
  ...everyone(403),
  guest: 401,
  lifesaver,
  operator,
});

export const ROUTE_MATRIX: MatrixRow[] = [
  {
    route: 'GET /api/v5/algal-bloom-metrics',
    request: { method: 'GET', url: '/api/v5/algal-bloom-metrics' },
    expect: algalOnly(200),
  },
  {
    // {beach} is in the algal programme (route-matrix.test.ts adds it).
    route: 'POST /api/v5/beach/:id/algal-bloom-metrics',
    request: {
      method: 'POST',
      url: '/api/v5/beach/{beach}/algal-bloom-metrics',
      payload: { water_discolour: false, beach_foam: false, clean_rating: true },
    },
    expect: algalOnly(200),
  },
  {
    // A JSON body is not a multipart upload: 422 with the role (uploads: algal.test.ts).
    route: 'POST /api/v5/beach/:id/photo-of-day',
    request: { method: 'POST', url: '/api/v5/beach/{beach}/photo-of-day', payload: {} },
    expect: algalOnly(422),
  },
  {
    // No such post: 404 with the role (removal: algal.test.ts).
    route: 'DELETE /api/v5/beach-post/:id/photo-of-day',
    request: { method: 'DELETE', url: '/api/v5/beach-post/999999999/photo-of-day' },
    expect: algalOnly(404),
  },
  {
    route: 'GET /uploads/*',
    request: { method: 'GET', url: '/uploads/algal/1/missing-large.webp' },
    expect: everyone(404),
  },
  { route: 'GET /healthz', request: { method: 'GET', url: '/healthz' }, expect: everyone(200) },
  // The lifesaver console (issue 17; the answers themselves: console*.test.ts).
  {
    route: 'PUT /api/v5/beach/:id/status',
    request: {
      method: 'PUT',
      url: '/api/v5/beach/{bondi}/status',
      payload: { status: 'Closed', reason: 'shark_sighting', message: null, expires_at: null },
    },
    expect: consoleRoute(200),
  },
  {
    // The lifesaver of Bondi closing Manly.
    route: 'PUT /api/v5/beach/:id/status',
    request: {
      method: 'PUT',
      url: '/api/v5/beach/{manly}/status',
      payload: { status: 'Closed', reason: 'other', message: 'Matrix' },
    },
    expect: consoleRoute(403, 200),
  },
  {
    // The operator of NSW editing a Victorian beach.
    route: 'PUT /api/v5/beach/:id/status',
    request: { method: 'PUT', url: '/api/v5/beach/{stKilda}/status', payload: { status: 'Open' } },
    expect: consoleRoute(403, 403),
  },
  {
    route: 'DELETE /api/v5/beach/:id/status',
    request: { method: 'DELETE', url: '/api/v5/beach/{bondi}/status' },
    expect: consoleRoute(200),
  },
  {
    route: 'DELETE /api/v5/beach/:id/status',
    request: { method: 'DELETE', url: '/api/v5/beach/{stKilda}/status' },
    expect: consoleRoute(403, 403),
  },
  {
    route: 'PUT /api/v5/beach/:id/patrol',
    request: { method: 'PUT', url: '/api/v5/beach/{bondi}/patrol', payload: { on_duty: false } },
    expect: consoleRoute(200),
  },
  {
    route: 'PUT /api/v5/beach/:id/patrol',
    request: { method: 'PUT', url: '/api/v5/beach/{manly}/patrol', payload: { on_duty: false } },
    expect: consoleRoute(403, 200),
  },
  {
    route: 'PUT /api/v5/beach/:id/patrol',
    request: { method: 'PUT', url: '/api/v5/beach/{stKilda}/patrol', payload: { on_duty: false } },
    expect: consoleRoute(403, 403),
  },
  {
    // A JSON body is not a photo upload: 422 in scope (uploads: console-public.test.ts).
    route: 'POST /api/v5/beach/:id/posts',
    request: { method: 'POST', url: '/api/v5/beach/{bondi}/posts', payload: { text: 'Matrix' } },
    expect: consoleRoute(422),
  },
  {
    route: 'POST /api/v5/beach/:id/posts',
    request: { method: 'POST', url: '/api/v5/beach/{stKilda}/posts', payload: { text: 'Matrix' } },
    expect: consoleRoute(403, 403),
  },
  {
    route: 'GET /api/v5/console/me',
    request: { method: 'GET', url: '/api/v5/console/me' },
    expect: consoleRoute(200),
  },
  {
    route: 'POST /api/v5/beach/:id/rip-observations',
    request: { method: 'POST', url: '/api/v5/beach/{bondi}/rip-observations', payload: { activity: 'some' } },
    expect: consoleRoute(201),
  },
  {
    route: 'POST /api/v5/beach/:id/rip-observations',
    request: { method: 'POST', url: '/api/v5/beach/{manly}/rip-observations', payload: { activity: 'none' } },
    expect: consoleRoute(403, 201),
  },
  {
    route: 'POST /api/v5/beach/:id/rip-observations',
    request: {
      method: 'POST',
      url: '/api/v5/beach/{stKilda}/rip-observations',
      payload: { activity: 'none' },
    },
    expect: consoleRoute(403, 403),
  },
  {
    route: 'GET /api/v5/console/rip-skill',
    request: { method: 'GET', url: '/api/v5/console/rip-skill' },
    expect: consoleRoute(403, 200),
  },
  {
    route: 'GET /api/v5/console/audit',
    request: { method: 'GET', url: '/api/v5/console/audit' },
    expect: consoleRoute(403, 200),
  },
  {
    route: 'GET /api/v5/console/audit.csv',
    request: { method: 'GET', url: '/api/v5/console/audit.csv' },
    expect: consoleRoute(403, 200),
  },
  {
    route: 'POST /api/v5/console/roles',
    request: {
      method: 'POST',
      url: '/api/v5/console/roles',
      payload: { email: 'matrix.target@example.com', role: 'lifesaver', beach_id: '{#manly}' },
    },
    expect: consoleRoute(403, 201),
  },
  {
    route: 'DELETE /api/v5/console/roles',
    request: {
      method: 'DELETE',
      url: '/api/v5/console/roles',
      payload: { email: 'matrix.target@example.com', role: 'lifesaver', beach_id: '{#manly}' },
    },
    expect: consoleRoute(403, 200),
  },
  {
    route: 'POST /api/v5/console/roles',
    request: {
      method: 'POST',
      url: '/api/v5/console/roles',
      payload: { email: 'matrix.target@example.com', role: 'lifesaver', beach_id: '{#stKilda}' },
    },
    expect: consoleRoute(403, 403),
  },
  {
    // Operators' imports (issue 17): operators only (their answers: console-imports.test.ts).
    route: 'POST /api/v5/console/imports/:kind',
    request: { method: 'POST', url: '/api/v5/console/imports/facilities' },
    // The operator of NSW without a file: 422.
    expect: consoleRoute(403, 422),
  },
  // Discovery for search engines (issue 23): public.
  // The search box's form without JavaScript: the best match's page.
  { route: 'GET /search', request: { method: 'GET', url: '/search?q=bondi' }, expect: everyone(303) },
  { route: 'GET /robots.txt', request: { method: 'GET', url: '/robots.txt' }, expect: everyone(200) },
  { route: 'GET /sitemap.xml', request: { method: 'GET', url: '/sitemap.xml' }, expect: everyone(200) },
  {
    route: 'GET /sitemaps/:file',
    request: { method: 'GET', url: '/sitemaps/1.xml' },
    expect: everyone(200),
  },
  {
    // CORS preflights (@fastify/cors): answered only for an allowed Origin (CORS_ORIGINS, none here).
    route: 'OPTIONS *',
    request: { method: 'OPTIONS', url: '/api/v4/notfound' },
    expect: everyone(404),
  },
  { route: 'GET /api/docs', request: { method: 'GET', url: '/api/docs' }, expect: everyone(200) },
  {
    route: 'GET /api/v4/beach/*',
    request: { method: 'GET', url: '/api/v4/beach/nsw/waverley/bondi-beach/bondi-beach' },
    expect: everyone(200),
  },
  {
    route: 'GET /api/v4/beach/:beachId/patrols',
    request: { method: 'GET', url: '/api/v4/beach/{beach}/patrols' },
    expect: everyone(200),
  },
  {
    // Public; the matrix app makes no outbound calls (tides only).
    route: 'GET /api/v5/beach/:beachId/rip-outlook',
    request: { method: 'GET', url: '/api/v5/beach/{beach}/rip-outlook' },
    expect: everyone(200),
  },
  {
    route: 'GET /api/v4/beach/:beachId/weather',
    request: { method: 'GET', url: '/api/v4/beach/{beach}/weather' },
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
    // The offline database is public beach data: anyone may sync it (web save-for-offline, app).
    route: 'POST /api/v4/sync',
    request: { method: 'POST', url: '/api/v4/sync', payload: { since: null, limit: 5 } },
    expect: everyone(200),
  },
  { route: 'GET /api/v4/app', request: { method: 'GET', url: '/api/v4/app' }, expect: everyone(200) },
  {
    // The whole beach set as one full sync page (issue 20): public, like the sync.
    route: 'GET /api/v4/sync/snapshot',
    request: { method: 'GET', url: '/api/v4/sync/snapshot' },
    expect: everyone(200),
  },
  {
    route: 'POST /api/v4/location/',
    request: { method: 'POST', url: '/api/v4/location/', payload: { url: '/postcode/2026' } },
    expect: everyone(200),
  },
  {
    route: 'POST /api/v4/location',
    request: { method: 'POST', url: '/api/v4/location', payload: { latitude: -33.89, longitude: 151.27 } },
    expect: everyone(200),
  },
  {
    route: 'GET /api/v4/map/beaches',
    request: { method: 'GET', url: '/api/v4/map/beaches?neCoords=-33.85,151.30&swCoords=-33.95,151.20' },
    expect: everyone(200),
  },
  {
    route: 'GET /api/v4/surf-safety/:slug',
    request: { method: 'GET', url: '/api/v4/surf-safety/ripcurrents' },
    expect: everyone(200),
  },
  {
    route: 'POST /api/v4/login',
    request: {
      method: 'POST',
      url: '/api/v4/login',
      payload: { email: 'nobody@example.com', password: 'x' },
    },
    expect: everyone(406),
  },
  {
    route: 'GET /api/v4/question',
    request: { method: 'GET', url: '/api/v4/question' },
    expect: everyone(200),
  },
  {
    route: 'POST /api/v4/register',
    request: { method: 'POST', url: '/api/v4/register', payload: {} },
    expect: everyone(422),
  },
  {
    route: 'POST /api/v5/register/resend',
    request: { method: 'POST', url: '/api/v5/register/resend', payload: { email: 'nobody@example.com' } },
    expect: everyone(200),
  },
  {
    // A link nobody was sent: 422 for everyone, signed in or not.
    route: 'POST /api/v5/email/verify',
    request: { method: 'POST', url: '/api/v5/email/verify', payload: { token: 'not-a-token' } },
    expect: everyone(422),
  },
  {
    route: 'POST /api/v5/user/email/verification',
    request: { method: 'POST', url: '/api/v5/user/email/verification' },
    expect: signedIn(200),
  },
  {
    route: 'POST /api/v4/logout',
    request: { method: 'POST', url: '/api/v4/logout', payload: { token_id: '{spareToken:algalUser}' } },
    expect: ownedBy('algalUser'),
  },
  {
    route: 'POST /api/v4/reset',
    request: { method: 'POST', url: '/api/v4/reset', payload: { email: 'nobody@example.com' } },
    expect: everyone(200),
  },
  {
    route: 'POST /api/v4/reset/:token',
    request: { method: 'POST', url: '/api/v4/reset/not-a-token', payload: {} },
    expect: everyone(422),
  },
  {
    route: 'POST /api/v4/user',
    request: {
      method: 'POST',
      url: '/api/v4/user',
      payload: { first_name: 'Matrix', last_name: 'Check', email: '{email}', notification_enabled: true },
    },
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/v4/user',
    request: {
      method: 'DELETE',
      url: '/api/v4/user',
      payload: { confirm_delete_email: 'not-mine@example.com' },
    },
    expect: signedIn(422),
  },
  {
    route: 'POST /api/v4/user/password',
    request: {
      method: 'POST',
      url: '/api/v4/user/password',
      payload: { current_password: 'wrong', password: 'x', password_confirmation: 'x' },
    },
    expect: signedIn(422),
  },
  {
    route: 'GET /api/v4/user/devices',
    request: { method: 'GET', url: '/api/v4/user/devices' },
    expect: signedIn(200),
  },
  {
    route: 'POST /api/v4/user/device/:device/enable',
    request: { method: 'POST', url: '/api/v4/user/device/{device:user}/enable' },
    expect: ownedBy('user'),
  },
  {
    route: 'POST /api/v4/user/device/:device/disable',
    request: { method: 'POST', url: '/api/v4/user/device/{device:otherUser}/disable' },
    expect: ownedBy('otherUser'),
  },
  {
    route: 'POST /api/v4/user/device/:device/forget',
    request: { method: 'POST', url: '/api/v4/user/device/{device:algalUser}/forget' },
    expect: ownedBy('algalUser'),
  },
  {
    route: 'POST /api/v4/user/createDevice',
    request: {
      method: 'POST',
      url: '/api/v4/user/createDevice',
      payload: { token: 'matrix-push', model: 'Pixel', type: 'Android' },
    },
    expect: signedIn(200),
  },
  {
    route: 'POST /api/v4/beach/:id/follow',
    request: { method: 'POST', url: '/api/v4/beach/{beach}/follow' },
    expect: signedIn(200),
  },
  {
    route: 'POST /api/v4/beach/:id/unfollow',
    request: { method: 'POST', url: '/api/v4/beach/{beach}/unfollow' },
    expect: signedIn(200),
  },
  {
    route: 'GET /api/v4/my-beaches',
    request: { method: 'GET', url: '/api/v4/my-beaches' },
    expect: signedIn(200),
  },
  // Social sign-in is not configured in the matrix app: every caller gets the provider's 406.
  {
    route: 'POST /api/v4/appletoken',
    request: { method: 'POST', url: '/api/v4/appletoken', payload: { apple_token: 'x' } },
    expect: everyone(406),
  },
  {
    route: 'POST /api/v4/fbtoken',
    request: { method: 'POST', url: '/api/v4/fbtoken', payload: { fbUserId: '1', fbToken: 'x' } },
    expect: everyone(406),
  },
  {
    route: 'POST /auth/token',
    request: { method: 'POST', url: '/auth/token', payload: { token: 'not-a-code', provider: 'apple' } },
    expect: everyone(406),
  },
  {
    route: 'GET /auth/apple/redirect',
    request: { method: 'GET', url: '/auth/apple/redirect' },
    expect: everyone(302),
  },
  {
    route: 'POST /auth/apple/callback',
    request: { method: 'POST', url: '/auth/apple/callback', payload: { state: 'x', id_token: 'y' } },
    expect: everyone(303),
  },
  {
    route: 'GET /auth/apple/callback',
    request: { method: 'GET', url: '/auth/apple/callback?state=x&id_token=y' },
    expect: everyone(303),
  },
  // Alerts (issue 18). The matrix app sets no VAPID keys: it serves the pair it made (issue 33).
  {
    route: 'GET /api/v5/push/vapid-public-key',
    request: { method: 'GET', url: '/api/v5/push/vapid-public-key' },
    expect: everyone(200),
  },
  {
    route: 'POST /api/v5/push/subscriptions',
    request: {
      method: 'POST',
      url: '/api/v5/push/subscriptions',
      payload: { endpoint: 'http://169.254.169.254/latest', keys: { p256dh: 'x', auth: 'y' } },
    },
    expect: signedIn(422),
  },
  {
    route: 'DELETE /api/v5/push/subscriptions',
    request: {
      method: 'DELETE',
      url: '/api/v5/push/subscriptions',
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-none' },
    },
    expect: signedIn(404),
  },
  {
    route: 'GET /api/v5/notifications/preferences',
    request: { method: 'GET', url: '/api/v5/notifications/preferences' },
    expect: signedIn(200),
  },
  {
    route: 'PUT /api/v5/notifications/preferences',
    request: { method: 'PUT', url: '/api/v5/notifications/preferences', payload: { defaults: { uv: true } } },
    expect: signedIn(200),
  },
  { route: 'GET /media/*', request: { method: 'GET', url: '/media/rip-current.svg' }, expect: everyone(200) },
  { route: 'GET /', request: { method: 'GET', url: '/' }, expect: everyone(200) },
  { route: 'GET /*', request: { method: 'GET', url: '/favicon.svg' }, expect: everyone(200) },
];
