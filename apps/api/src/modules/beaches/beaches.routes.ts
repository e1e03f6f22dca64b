import type { FastifyInstance } from 'fastify';
import { CACHE_POLICIES, type ReadModel } from '../read-model/index.ts';
import type { BeachesService } from './beaches.service.ts';
import { parseBeachIdentifier } from './beaches.service.ts';

export function beachesRoutes(app: FastifyInstance, service: BeachesService, readModel?: ReadModel): void {
  // `{beach}` is an id ("1380") or a url path ("nsw/waverley/bondi-beach/bondi-beach").
  app.get<{ Params: { '*': string } }>('/api/v4/beach/*', async (request, reply) => {
    const identifier = parseBeachIdentifier(request.params['*']);
    if (!readModel) return service.detail(identifier);
    // Finished answers cached per data version (read-model/cache.ts).
    return readModel.cachedPublicResponse(request, reply, { policy: CACHE_POLICIES.beach }, () =>
      service.detail(identifier),
    );
  });
}
