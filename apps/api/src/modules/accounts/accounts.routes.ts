import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsService } from './accounts.service.ts';
import { requireUser, sessionOf } from './auth.ts';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

/** Per-client limits stricter than the global one (security.ts rateLimit hooks). */
export interface AccountsRateLimits {
  login: Hook;
  register: Hook;
  reset: Hook;
  question: Hook;
}

const STATE_COOKIE = 'safeshore_apple_state';

function cookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The accounts API of spec section 7 and the web sign-in flow with Apple. Handlers only parse
 * the request and call the service; the service validates with the contract schemas.
 */
export function accountsRoutes(
  app: FastifyInstance,
  service: AccountsService,
  limits: AccountsRateLimits,
  publicUrl: string,
): void {
  const signedIn = { preHandler: requireUser(service) };
  type Params = { Params: { id: string } };
  type DeviceParams = { Params: { device: string } };

  app.post('/api/v4/login', { onRequest: limits.login }, (request) => service.login(request.body));
  app.get('/api/v4/question', { onRequest: limits.question }, () => service.question());
  app.post('/api/v4/register', { onRequest: limits.register }, (request) => service.register(request.body));
  // Email verification (not in the spec; docs/decisions.md): the link in the mail opens the web
  // app's /verify-email/{token}, which posts here with the password (or signed in, for accounts
  // without one).
  app.post('/api/v5/register/resend', { onRequest: limits.register }, (request) =>
    service.resendRegistration(request.body),
  );
  app.post('/api/v5/email/verify', { onRequest: limits.login }, async (request) =>
    service.verifyEmail(request.body, await service.authenticate(request.headers.authorization)),
  );
  app.post('/api/v5/user/email/verification', { onRequest: limits.reset, ...signedIn }, (request) =>
    service.requestVerification(sessionOf(request)),
  );
  app.post('/api/v4/logout', signedIn, (request) => service.logout(sessionOf(request), request.body));

  app.post('/api/v4/reset', { onRequest: limits.reset }, (request) => service.sendResetLink(request.body));
  app.post<{ Params: { token: string } }>('/api/v4/reset/:token', { onRequest: limits.reset }, (request) =>
    service.resetPassword(request.params.token, request.body),
  );

  // Both can check the password (an email change, a deletion): the login limit applies.
  app.post('/api/v4/user', { onRequest: limits.login, ...signedIn }, (request) =>
    service.updateProfile(sessionOf(request), request.body),
  );
  app.delete('/api/v4/user', { onRequest: limits.login, ...signedIn }, (request) =>
    service.deleteAccount(sessionOf(request), request.body),
  );
  app.post('/api/v4/user/password', signedIn, (request) =>
    service.changePassword(sessionOf(request), request.body),
  );

  app.get('/api/v4/user/devices', signedIn, (request) => service.devices(sessionOf(request)));
  app.post<DeviceParams>('/api/v4/user/device/:device/enable', signedIn, (request) =>
    service.setDeviceEnabled(sessionOf(request), request.params.device, true),
  );
  app.post<DeviceParams>('/api/v4/user/device/:device/disable', signedIn, (request) =>
    service.setDeviceEnabled(sessionOf(request), request.params.device, false),
  );
  app.post<DeviceParams>('/api/v4/user/device/:device/forget', signedIn, (request) =>
    service.forgetDevice(sessionOf(request), request.params.device),
  );
  app.post('/api/v4/user/createDevice', signedIn, (request) =>
    service.createDevice(sessionOf(request), request.body),
  );

  app.post<Params>('/api/v4/beach/:id/follow', signedIn, (request) =>
    service.follow(sessionOf(request), request.params.id),
  );
  app.post<Params>('/api/v4/beach/:id/unfollow', signedIn, (request) =>
    service.unfollow(sessionOf(request), request.params.id),
  );
  app.get('/api/v4/my-beaches', signedIn, (request) => service.myBeaches(sessionOf(request)));

  app.post('/api/v4/appletoken', { onRequest: limits.login }, (request) => service.appleToken(request.body));
  app.post('/api/v4/fbtoken', { onRequest: limits.login }, (request) => service.facebookToken(request.body));
  app.post('/auth/token', { onRequest: limits.login }, (request) => service.exchangeOAuthCode(request.body));

  // The state cookie must survive Apple's cross-site form post: SameSite=None needs HTTPS.
  const secure = publicUrl.startsWith('https://');
  const stateCookie = (value: string, maxAge: number) =>
    `${STATE_COOKIE}=${encodeURIComponent(value)}; Path=/auth/apple; Max-Age=${maxAge}; HttpOnly; ` +
    (secure ? 'SameSite=None; Secure' : 'SameSite=Lax');

  app.get('/auth/apple/redirect', { onRequest: limits.login }, async (_request, reply) => {
    const { location, state } = await service.appleRedirect();
    if (state) reply.header('Set-Cookie', stateCookie(state, 600));
    return reply.header('Cache-Control', 'no-store').redirect(location, 302);
  });

  // Apple posts the callback as a form (response_mode=form_post); only this route parses forms.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const callback = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = { ...(request.query as object), ...(request.body as object | undefined) } as Record<
        string,
        unknown
      >;
      const location = await service.appleCallback(params, cookie(request, STATE_COOKIE));
      reply.header('Set-Cookie', stateCookie('', 0));
      return reply.header('Cache-Control', 'no-store').redirect(location, 303);
    };
    scope.post('/auth/apple/callback', { onRequest: limits.login }, callback);
    scope.get('/auth/apple/callback', { onRequest: limits.login }, callback);
  });
}
