import type { FastifyInstance } from 'fastify';
import { databaseHealth } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

/**
 * GET /healthz: 200 when the database answers and takes writes (a write lock held by an import
 * elsewhere still counts: writes wait, then succeed); 503 when it is down or refuses writes
 * (a read-only file or server, a full disk), so a monitor sees what users would. A load balancer
 * may use it to take a process out of rotation, but with one database every process answers
 * the same: while the database is away, cached public reads still answer (see README, Deployment).
 */
export function healthRoutes(app: FastifyInstance, db: Database): void {
  app.get('/healthz', async (_request, reply) => {
    const health = await databaseHealth(db);
    if (!health.up)
      return reply.status(503).header('Retry-After', '5').send({
        status: 'unavailable',
        database: 'down',
        reason: 'the database does not answer: writes fail, cached public reads still answer',
      });
    if (health.writes === 'failing')
      return reply.status(503).send({ status: 'unavailable', database: 'up', writes: 'failing' });
    if (health.writes === 'busy') return { status: 'ok', database: 'up', writes: 'busy' };
    return { status: 'ok', database: 'up' };
  });
}
