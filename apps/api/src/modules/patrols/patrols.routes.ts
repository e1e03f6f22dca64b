import type { FastifyInstance } from 'fastify';
import type { PatrolsService } from './patrols.service.ts';

/**
 * GET /api/v4/beach/{beachId}/patrols?date=YYYY-MM-DD. A numeric segment followed by /patrols is
 * matched here before the beach detail's wildcard route (/api/v4/beach/*) is tried.
 */
export function patrolsRoutes(app: FastifyInstance, service: PatrolsService): void {
  app.get<{ Params: { beachId: string } }>('/api/v4/beach/:beachId/patrols', async (request) =>
    service.patrols(request.params.beachId, request.query),
  );
}
