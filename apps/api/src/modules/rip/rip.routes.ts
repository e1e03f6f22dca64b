import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../../http/errors.ts';
import type { RipService } from './rip.service.ts';

function beachIdParam(raw: string): number {
  if (/^\d{1,9}$/.test(raw) && Number(raw) > 0) return Number(raw);
  throw validationFailed({ beachId: ['The beach id must be a positive whole number.'] });
}

export function ripRoutes(app: FastifyInstance, service: RipService): void {
  app.get<{ Params: { beachId: string } }>('/api/v5/beach/:beachId/rip-outlook', async (request, reply) => {
    const body = await service.outlookFor(beachIdParam(request.params.beachId));
    // The outlook changes when it is refreshed (hours apart) or a lifesaver reports: a short
    // shared-cache life is plenty, and the answer carries its own age.
    reply.header('cache-control', 'public, max-age=60');
    return body;
  });
}
