import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../../http/errors.ts';
import type { WeatherService } from './weather.service.ts';

/** `{beachId}` is a positive whole number (the beach's id); anything else is a 422. */
export function parseBeachId(raw: string): number {
  if (/^\d{1,9}$/.test(raw) && Number(raw) > 0) return Number(raw);
  throw validationFailed({ beachId: ['The beach id must be a positive whole number.'] });
}

export function weatherRoutes(app: FastifyInstance, service: WeatherService): void {
  app.get<{ Params: { beachId: string } }>('/api/v4/beach/:beachId/weather', async (request, reply) => {
    const body = await service.forBeach(parseBeachId(request.params.beachId));
    // Shared caches may keep it briefly; the figures inside carry their own age.
    reply.header('cache-control', 'public, max-age=60');
    return body;
  });
}
