import type { FastifyInstance } from 'fastify';
import { isDatabaseUp } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

export function healthRoutes(app: FastifyInstance, db: Database): void {
  app.get('/healthz', async (_request, reply) => {
    if (await isDatabaseUp(db)) return { status: 'ok', database: 'up' };
    return reply.status(503).send({ status: 'unavailable', database: 'down' });
  });
}
