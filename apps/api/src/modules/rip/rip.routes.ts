import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../../http/errors.ts';
import { CACHE_POLICIES, type ReadModel } from '../read-model/index.ts';
import type { RipService } from './rip.service.ts';

function beachIdParam(raw: string): number {
  if (/^\d{1,9}$/.test(raw) && Number(raw) > 0) return Number(raw);
  throw validationFailed({ beachId: ['The beach id must be a positive whole number.'] });
}

export function ripRoutes(app: FastifyInstance, service: RipService, readModel: ReadModel): void {
  app.get<{ Params: { beachId: string } }>('/api/v5/beach/:beachId/rip-outlook', async (request, reply) => {
    const beachId = beachIdParam(request.params.beachId);
    return readModel.cachedPublicResponse(request, reply, { policy: CACHE_POLICIES.ripOutlook }, () =>
      service.outlookFor(beachId),
    );
  });
}
