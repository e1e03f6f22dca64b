import type { FastifyInstance } from 'fastify';
import { LocationBodySchema } from '@safeshore/domain';
import { parseInput } from '../../http/errors.ts';
import type { LocationService } from './location.service.ts';

export async function locationRoutes(app: FastifyInstance, service: LocationService): Promise<void> {
  await app.register(async (scoped) => {
    // "With no body" includes an empty body sent as JSON: treat it as {} rather than a 400.
    const json = scoped.getDefaultJsonParser('error', 'error');
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).trim() === '') return done(null, undefined);
      return json(request, body as string, done);
    });

    const locate = async (request: { body: unknown; headers: Record<string, unknown>; ip: string }) =>
      service.locate({
        body: parseInput(LocationBodySchema, request.body ?? {}),
        xLocation: request.headers['x-location'] as string | string[] | undefined,
        ip: request.ip,
      });
    scoped.post('/api/v4/location/', locate);
    scoped.post('/api/v4/location', locate);

    scoped.get('/api/v4/map/beaches', async (request) => service.mapBeaches(request.query));
  });
}
