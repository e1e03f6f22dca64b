import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { SyncRequestSchema } from '@safeshore/domain';
import { parseInput } from '../../http/errors.ts';
import { createAppVersionReader } from './app-version.ts';
import type { SyncService } from './sync.service.ts';

/**
 * Brotli quality of sync pages: 4 compresses a 1,000-beach page (about 1.5 MB of JSON) in a few
 * milliseconds to within ~10% of what quality 11 reaches in hundreds.
 */
export const SYNC_BROTLI_QUALITY = 4;

export function syncRoutes(app: FastifyInstance, service: SyncService, webDistDir: string): void {
  app.post(
    '/api/v4/sync',
    {
      compress: {
        encodings: ['br', 'gzip'],
        threshold: 1024,
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: SYNC_BROTLI_QUALITY } },
      },
    },
    async (request, reply) => {
      const body = parseInput(SyncRequestSchema, request.body ?? {});
      reply.header('Cache-Control', 'no-store');
      return service.page(body);
    },
  );

  const appVersion = createAppVersionReader(webDistDir, (reason) => app.log.warn(reason));
  app.get('/api/v4/app', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return appVersion();
  });
}
