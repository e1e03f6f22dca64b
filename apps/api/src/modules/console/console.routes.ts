import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALGAL_MESSAGES, CONSOLE_MESSAGES, type AuditEntry } from '@safeshore/domain';
import { notFound } from '../../http/errors.ts';
import { uploadFailure } from '../../http/multipart.ts';
import { csvField } from '../../lib/csv.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { requireUser, sessionOf } from '../accounts/auth.ts';
import {
  parseIdempotencyKey,
  type ConsoleService,
  type WriteContext,
  type WriteResult,
} from './console.service.ts';

function beachIdParam(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(CONSOLE_MESSAGES.beachNotFound);
  return Number(raw);
}

function writeContext(request: FastifyRequest): WriteContext {
  return {
    user: sessionOf(request).user,
    idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
  };
}

function send(reply: FastifyReply, result: WriteResult) {
  return reply.status(result.status).header('Cache-Control', 'no-store').send(result.body);
}

/** A CSV cell that a spreadsheet will not run as a formula (=, +, -, @ at the start). */
function safeCell(value: string | number | null): string {
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(value)) return csvField(`'${value}`);
  return csvField(value);
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'actor_role',
  'beach_id',
  'beach_name',
  'action',
  'from',
  'to',
  'actor_user_id',
  'actor_now',
] as const;

export function auditCsv(entries: AuditEntry[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const entry of entries) {
    lines.push(
      [
        entry.id,
        entry.at,
        entry.actor,
        entry.actor_role,
        entry.beach_id,
        entry.beach_name,
        entry.action,
        entry.from === null ? null : JSON.stringify(entry.from),
        entry.to === null ? null : JSON.stringify(entry.to),
        entry.actor_user_id,
        entry.actor_now,
      ]
        .map(safeCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The lifesaver console's routes (issue 17). Every route needs a signed-in user (401), a console
 * role covering the beach (403), then a valid body (422). Writes take an optional Idempotency-Key.
 */
export async function consoleRoutes(
  app: FastifyInstance,
  options: { accounts: AccountsService; service: ConsoleService; maxPhotoBytes: number },
): Promise<void> {
  const { service, maxPhotoBytes } = options;
  const guard = { preHandler: [requireUser(options.accounts)] };
  type BeachParams = { Params: { id: string } };

  app.put<BeachParams>('/api/v5/beach/:id/status', guard, async (request, reply) =>
    send(
      reply,
      await service.setStatus(writeContext(request), beachIdParam(request.params.id), request.body),
    ),
  );

  app.post<BeachParams>('/api/v5/beach/:id/rip-observations', guard, async (request, reply) =>
    send(
      reply,
      await service.reportRip(writeContext(request), beachIdParam(request.params.id), request.body),
    ),
  );

  app.delete<BeachParams>('/api/v5/beach/:id/status', guard, async (request, reply) =>
    send(reply, await service.clearStatus(writeContext(request), beachIdParam(request.params.id))),
  );

  app.put<BeachParams>('/api/v5/beach/:id/patrol', guard, async (request, reply) =>
    send(
      reply,
      await service.setPatrol(writeContext(request), beachIdParam(request.params.id), request.body),
    ),
  );

  // Multipart only inside this scope, with the photo size limit of the algal uploads.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxPhotoBytes, files: 1, fields: 5, fieldSize: 4096, parts: 10 },
    });
    scope.post<BeachParams>('/api/v5/beach/:id/posts', guard, async (request, reply) => {
      const beachId = beachIdParam(request.params.id);
      const context = writeContext(request);
      // Scope first: an upload from someone who may not post is not read.
      await service.authorize(context.user, beachId);
      let photo: Buffer | null = null;
      let text: string | undefined;
      if (request.isMultipart()) {
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname === 'photo' && photo === null) photo = await part.toBuffer();
              else part.file.resume();
            } else if (part.fieldname === 'text' && typeof part.value === 'string') {
              text = part.value;
            }
          }
        } catch (error) {
          throw uploadFailure(error, ALGAL_MESSAGES.photoTooLarge(maxPhotoBytes));
        }
      }
      return send(reply, await service.createPost(context, beachId, { text, photo }));
    });
  });

  app.get('/api/v5/console/me', guard, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return service.me(sessionOf(request).user);
  });

  app.get('/api/v5/console/rip-skill', guard, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return service.ripSkill(sessionOf(request).user);
  });

  app.get('/api/v5/console/audit', guard, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return service.audit(sessionOf(request).user, request.query);
  });

  app.get('/api/v5/console/audit.csv', guard, async (request, reply) => {
    const entries = await service.auditAll(sessionOf(request).user, request.query);
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="safeshore-audit.csv"')
      .send(auditCsv(entries));
  });

  app.post('/api/v5/console/roles', guard, async (request, reply) =>
    send(reply, await service.grantRole(writeContext(request), request.body)),
  );

  app.delete('/api/v5/console/roles', guard, async (request, reply) =>
    send(reply, await service.revokeRole(writeContext(request), request.body)),
  );
}
