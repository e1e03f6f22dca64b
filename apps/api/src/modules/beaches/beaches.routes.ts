import type { FastifyInstance } from 'fastify';
import type { BeachesService } from './beaches.service.ts';
import { parseBeachIdentifier } from './beaches.service.ts';

export function beachesRoutes(app: FastifyInstance, service: BeachesService): void {
  // `{beach}` is an id ("1380") or a url path ("nsw/waverley/bondi-beach/bondi-beach").
  app.get<{ Params: { '*': string } }>('/api/v4/beach/*', async (request) => {
    return service.detail(parseBeachIdentifier(request.params['*']));
  });
}
