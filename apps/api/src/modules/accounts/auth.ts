import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_SERVER_MESSAGES, type User } from '@safeshore/domain';
import type { AccountsService, Session } from './accounts.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (with has_algal_role) on routes that authenticate; null for guests. */
    user: User | null;
    /** The api_tokens id of the bearer token the request came with. */
    tokenId: number | null;
  }
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);
}

/**
 * A preHandler for signed-in routes: resolves the bearer token and answers 401 "Unauthenticated."
 * for a missing, malformed, unknown, revoked or expired token, or one whose user is gone.
 */
export function requireUser(service: AccountsService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const session = await service.authenticate(request.headers.authorization);
    if (!session) {
      reply.header('WWW-Authenticate', 'Bearer');
      return reply.status(401).send({ message: ACCOUNT_SERVER_MESSAGES.unauthenticated });
    }
    request.user = session.user;
    request.tokenId = session.tokenId;
    return undefined;
  };
}

/** The session requireUser established. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.user || request.tokenId === null)
    throw new Error('route is missing the requireUser preHandler');
  return { user: request.user, tokenId: request.tokenId };
}
