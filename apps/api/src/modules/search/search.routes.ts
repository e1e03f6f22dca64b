import type { FastifyInstance } from 'fastify';
import { AutocompleteQuerySchema } from '@safeshore/domain';
import { parseInput } from '../../http/errors.ts';
import { CACHE_POLICIES, type ReadModel } from '../read-model/index.ts';
import type { SearchService } from './search.service.ts';

export function searchRoutes(app: FastifyInstance, service: SearchService, readModel?: ReadModel): void {
  app.get('/api/v4/autocomplete', async (request, reply) => {
    const query = parseInput(AutocompleteQuerySchema, request.query);
    const origin =
      query.lat !== undefined && query.lng !== undefined
        ? { latitude: query.lat, longitude: query.lng }
        : null;
    if (!readModel) return service.autocomplete(query.q, origin);
    // Finished answers cached per data version (read-model/cache.ts).
    return readModel.cachedPublicResponse(request, reply, { policy: CACHE_POLICIES.autocomplete }, () =>
      service.autocomplete(query.q, origin),
    );
  });
}
