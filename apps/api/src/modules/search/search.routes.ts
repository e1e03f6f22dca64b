import type { FastifyInstance } from 'fastify';
import { AutocompleteQuerySchema, SEARCH_GROUPS, searchResultPath } from '@safeshore/domain';
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

  /**
   * The search box without JavaScript (issue 33): its form sends the text here, and the person
   * lands on the best match's page (the first of the groups in the box's order), as picking the
   * first suggestion would; with nothing to match, back to Home.
   */
  app.get('/search', async (request, reply) => {
    const parsed = AutocompleteQuerySchema.safeParse(request.query);
    const answer = parsed.success ? await service.autocomplete(parsed.data.q, null) : null;
    const best =
      answer && SEARCH_GROUPS.map(({ key }) => ({ key, result: answer[key][0] })).find((g) => g.result);
    return reply
      .header('Cache-Control', 'no-store')
      .redirect(best?.result ? searchResultPath(best.key, best.result) : '/', 303);
  });
}
