import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALGAL_MESSAGES, MetricBodySchema } from '@safeshore/domain';
import { notFound, parseInput, validationFailed } from '../../http/errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { requireUser, sessionOf } from '../accounts/auth.ts';
import type { AlgalService } from './algal.service.ts';
import { STORAGE_KEY } from './storage.ts';
import { uploadFailure } from '../../http/multipart.ts';

/** A preHandler after requireUser: 403 unless the user has the algal role. */
async function requireAlgalRole(request: FastifyRequest, reply: FastifyReply) {
  if (!request.user?.has_algal_role) return reply.status(403).send({ message: ALGAL_MESSAGES.noPermission });
  return undefined;
}

function idParam(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(ALGAL_MESSAGES.beachNotInProgramme);
  return Number(raw);
}

export async function algalRoutes(
  app: FastifyInstance,
  options: {
    accounts: AccountsService;
    service: AlgalService;
    maxPhotoBytes: number;
    /** Serves stored uploads (local storage); absent when another store serves them. */
    uploadsPathOf?: (key: string) => string | null;
  },
): Promise<void> {
  const { service, maxPhotoBytes } = options;
  const guard = { preHandler: [requireUser(options.accounts), requireAlgalRole] };

  app.get('/api/v5/algal-bloom-metrics', guard, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.list();
  });

  app.post<{ Params: { id: string } }>('/api/v5/beach/:id/algal-bloom-metrics', guard, async (request) => {
    const beachId = idParam(request.params.id);
    const body = parseInput(MetricBodySchema, request.body);
    return service.recordMetric(beachId, sessionOf(request).user.id, body);
  });

  // Multipart only inside this scope, with the photo size limit.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxPhotoBytes, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });
    scope.post<{ Params: { id: string } }>('/api/v5/beach/:id/photo-of-day', guard, async (request) => {
      const beachId = idParam(request.params.id);
      if (!request.isMultipart()) throw validationFailed({ photo: [ALGAL_MESSAGES.photoRequired] });
      let photo: Buffer | null = null;
      let replace: string | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'photo' && photo === null) photo = await part.toBuffer();
            else part.file.resume();
          } else if (part.fieldname === 'replace_existing_photo_id' && typeof part.value === 'string') {
            replace = part.value.trim();
          }
        }
      } catch (error) {
        throw uploadFailure(error, ALGAL_MESSAGES.photoTooLarge(maxPhotoBytes));
      }
      if (!photo || photo.length === 0) throw validationFailed({ photo: [ALGAL_MESSAGES.photoRequired] });
      let replaceId: number | null = null;
      if (replace) {
        if (!/^\d{1,9}$/.test(replace))
          throw validationFailed({ replace_existing_photo_id: [ALGAL_MESSAGES.photoNotFound] });
        replaceId = Number(replace);
      }
      return service.uploadPhoto(beachId, sessionOf(request).user.id, photo, replaceId);
    });
  });

  app.delete<{ Params: { id: string } }>('/api/v5/beach-post/:id/photo-of-day', guard, async (request) => {
    if (!/^\d{1,9}$/.test(request.params.id)) throw notFound(ALGAL_MESSAGES.photoNotFound);
    return service.removePhoto(Number(request.params.id));
  });

  const pathOf = options.uploadsPathOf;
  if (pathOf) {
    // Stored files never change (every upload gets a new random name), so they cache for a year.
    app.get<{ Params: { '*': string } }>('/uploads/*', async (request, reply) => {
      const key = request.params['*'];
      const file = STORAGE_KEY.test(key) ? pathOf(key) : null;
      const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
      if (!file || !stat?.isFile()) throw notFound('File not found.');
      const type = key.endsWith('.webp') ? 'image/webp' : key.endsWith('.png') ? 'image/png' : 'image/jpeg';
      return reply
        .header('Content-Type', type)
        .header('Content-Length', stat.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(fs.createReadStream(file));
    });
  }
}
