import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LocationBodySchema } from '@safeshore/domain';
import { parseInput } from '../../http/errors.ts';
import { CACHE_POLICIES, type ReadModel } from '../read-model/index.ts';
import { ipKey } from './ip.ts';
import { headerPostcode } from './location.input.ts';
import type { LocationService } from './location.service.ts';

export async function locationRoutes(
  app: FastifyInstance,
  service: LocationService,
  readModel?: ReadModel,
): Promise<void> {
  await app.register(async (scoped) => {
    // "With no body" includes an empty body sent as JSON: treat it as {} rather than a 400.
    const json = scoped.getDefaultJsonParser('error', 'error');
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).trim() === '') return done(null, undefined);
      return json(request, body as string, done);
    });

    const locate = async (request: FastifyRequest, reply: FastifyReply) => {
      const input = {
        body: parseInput(LocationBodySchema, request.body ?? {}),
        xLocation: request.headers['x-location'],
        ip: request.ip,
      };
      if (!readModel) return service.locate(input);
      // Cached per data version (read-model/cache.ts), keyed by everything the answer can depend
      // on: the body, and the X-location postcode and caller's address when the body names no place.
      const { latitude, longitude, url } = input.body;
      const named = latitude !== undefined || longitude !== undefined || (url !== undefined && url !== '');
      const postcode = headerPostcode(input.xLocation);
      const key = JSON.stringify([
        latitude ?? null,
        longitude ?? null,
        url ?? null,
        named ? null : postcode,
        // A header postcode with no place falls back to the address, so the address counts then too.
        named ? null : (ipKey(input.ip)?.hex ?? input.ip),
      ]);
      return readModel.cachedPublicResponse(
        request,
        reply,
        {
          // A coordinate is rarely asked twice (policy oneOff); places and postcodes are.
          policy:
            latitude !== undefined || longitude !== undefined
              ? CACHE_POLICIES.locationPoint
              : CACHE_POLICIES.location,
          key: `${request.routeOptions.url}\n${key}`,
        },
        () => service.locate(input),
      );
    };
    scoped.post('/api/v4/location/', locate);
    scoped.post('/api/v4/location', locate);

    scoped.get('/api/v4/map/beaches', async (request, reply) => {
      if (!readModel) return service.mapBeaches(request.query);
      // Invalid bounds throw before anything is cached.
      return readModel.cachedPublicResponse(request, reply, { policy: CACHE_POLICIES.map }, () =>
        service.mapBeaches(request.query),
      );
    });
  });
}
