import type { FastifyInstance } from 'fastify';
import { AutocompleteQuerySchema } from '@safeshore/domain';
import { parseInput } from '../../http/errors.ts';
import type { SearchService } from './search.service.ts';

export function searchRoutes(app: FastifyInstance, service: SearchService): void {
  app.get('/api/v4/autocomplete', async (request) => {
    const query = parseInput(AutocompleteQuerySchema, request.query);
    const origin =
      query.lat !== undefined && query.lng !== undefined
        ? { latitude: query.lat, longitude: query.lng }
        : null;
    return service.autocomplete(query.q, origin);
  });
}
