import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSOLE_MESSAGES, IMPORT_KINDS, type ImportKind } from '@safeshore/domain';
import type { Database } from '../../../db/schema.ts';
import { ImportFileError } from '../../../db/seed/beach-rows.ts';
import { HttpError, notFound, validationFailed } from '../../../http/errors.ts';
import { uploadFailure } from '../../../http/multipart.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import { requireUser, sessionOf } from '../../accounts/auth.ts';
import type { FileStorage } from '../../algal/storage.ts';
import { createConsoleRepository } from '../console.repository.ts';
import { areaKey, roleOnBeach, type ConsoleScope } from '../scope.ts';
import type { AppliedImport, Trx } from './common.ts';
import { PHOTO_MANIFEST, runImport, type ImportInput } from './index.ts';

/** The largest CSV file (rosters, facilities, ratings, a photo manifest) an upload may carry. */
export const IMPORT_CSV_MAX_BYTES = 5 * 1024 * 1024;
/** The most image files one photo upload may carry. */
export const IMPORT_PHOTOS_MAX_FILES = 200;
/**
 * The most one import request may carry in all (manifest and images): 100 MB. Ten full-size
 * photos or a few hundred web-sized ones; a larger set goes in several uploads (a manifest's rows
 * only replace the photos of the beaches it names).
 */
export const IMPORT_REQUEST_MAX_BYTES = 100 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  unknownKind: `Unknown import kind: use one of ${IMPORT_KINDS.join(', ')}.`,
  fileRequired: 'The file field is required: a CSV file.',
  manifestRequired: `The manifest field is required: the photos' CSV manifest (${PHOTO_MANIFEST}).`,
  notCsv: 'The file must be a CSV file (.csv).',
  csvTooLarge: `The CSV file is too large: at most ${IMPORT_CSV_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyFiles: `At most ${IMPORT_PHOTOS_MAX_FILES} photos per upload.`,
  requestTooLarge: `The upload is too large: at most ${IMPORT_REQUEST_MAX_BYTES / 1024 / 1024} MB in all; split the photos over several uploads.`,
  outOfScope: 'outside your operator scope',
} as const;

export interface ImportAudit {
  /** Writes the `import.<kind>` audit entries inside the import's transaction. */
  (trx: Trx, entry: { user: ImportActor; applied: AppliedImport; at: Date }): Promise<void>;
}

export interface ImportActor {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The console's audit log: one `import.<kind>` entry per beach the import changed (so each
 * operator reads the entries of the beaches in scope), with the file and the counts as `to`.
 */
export const auditImport: ImportAudit = async (trx, { user, applied, at }) => {
  if (applied.beachIds.length === 0) return;
  const repo = createConsoleRepository(trx);
  const beaches = await trx
    .selectFrom('beaches')
    .select(['id', 'title', 'state', 'area_slug'])
    .where('id', 'in', applied.beachIds)
    .orderBy('id')
    .execute();
  const { report } = applied;
  for (const beach of beaches)
    await repo.audit({
      at: at.toISOString(),
      actor_user_id: user.id,
      actor: `${user.first_name} ${user.last_name} <${user.email}>`.trim(),
      actor_role: 'operator',
      beach_id: beach.id,
      beach_name: beach.title,
      state: beach.state,
      area_key: areaKey(beach.state, beach.area_slug),
      club_id: null,
      action: `import.${applied.kind}`,
      from: null,
      to: {
        file: applied.file,
        added: report.added,
        updated: report.updated,
        unchanged: report.unchanged,
        ...(report.removed !== undefined ? { removed: report.removed } : {}),
      },
    });
};

interface Upload {
  csv: { name: string; data: Buffer } | null;
  /** Image files by the name the client gave, at their temporary path. */
  images: Map<string, string>;
  /** The temporary folder of the images (removed when the request is done), once one arrived. */
  dir: string | null;
}

/**
 * Reads an import's parts into `upload`: the CSV in memory (at most IMPORT_CSV_MAX_BYTES), each
 * image streamed to a temporary file as it arrives (never whole in memory), everything counted
 * against IMPORT_REQUEST_MAX_BYTES. Malformed bodies are 400s, files or requests too large 413s.
 */
async function readUpload(
  request: FastifyRequest,
  kind: ImportKind,
  upload: Upload,
  maxPhotoBytes: number,
): Promise<void> {
  const fileTooLarge = `A file is too large: at most ${Math.floor(maxPhotoBytes / 1024 / 1024)} MB.`;
  let received = 0;
  const count = (bytes: number) => {
    received += bytes;
    if (received > IMPORT_REQUEST_MAX_BYTES) throw new HttpError(413, IMPORT_MESSAGES.requestTooLarge);
  };
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const isCsvPart = part.fieldname === 'file' || (kind === 'photos' && part.fieldname === 'manifest');
      if (isCsvPart && upload.csv === null) {
        const data = await part.toBuffer();
        count(data.length);
        if (data.length > IMPORT_CSV_MAX_BYTES)
          throw validationFailed({ file: [IMPORT_MESSAGES.csvTooLarge] });
        upload.csv = { name: part.filename || `${kind}.csv`, data };
      } else if (kind === 'photos' && part.fieldname === 'photos') {
        if (upload.images.size >= IMPORT_PHOTOS_MAX_FILES)
          throw validationFailed({ photos: [IMPORT_MESSAGES.tooManyFiles] });
        upload.dir ??= await fs.promises.mkdtemp(path.join(os.tmpdir(), 'safeshore-photos-'));
        // Stored under a number, never under the name the client gave.
        const file = path.join(upload.dir, String(upload.images.size));
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            try {
              count(chunk.length);
              done(null, chunk);
            } catch (error) {
              done(error as Error);
            }
          },
        });
        await pipeline(part.file, counter, fs.createWriteStream(file));
        if (part.file.truncated) throw new HttpError(413, fileTooLarge);
        upload.images.set(part.filename, file);
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    throw uploadFailure(error, fileTooLarge);
  }
}

/**
 * POST /api/v5/console/imports/{kind} (operator): the same importers as the admin CLI. Multipart:
 * `file` (CSV) for rosters, facilities and hazard-ratings; for photos the manifest as `manifest`
 * (or `file`) and one `photos` part per image, its filename as the manifest names it. `?dry_run=true` checks and counts only.
 * Rows for beaches outside the operator's scope are rejected, so nothing is written.
 */
export async function consoleImportRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    accounts: AccountsService;
    scope: ConsoleScope;
    storage: FileStorage;
    maxPhotoBytes: number;
    clock: () => Date;
    audit?: ImportAudit;
  },
): Promise<void> {
  const { db, scope, storage, maxPhotoBytes, clock } = options;
  await app.register(async (routes) => {
    await routes.register(multipart, {
      limits: {
        fileSize: Math.max(maxPhotoBytes, IMPORT_CSV_MAX_BYTES),
        files: IMPORT_PHOTOS_MAX_FILES + 1,
        fields: 5,
        fieldSize: 1024,
        parts: IMPORT_PHOTOS_MAX_FILES + 10,
      },
    });
    routes.post<{ Params: { kind: string }; Querystring: { dry_run?: string } }>(
      '/api/v5/console/imports/:kind',
      { preHandler: [requireUser(options.accounts)] },
      async (request, reply) => {
        const user = sessionOf(request).user;
        const grants = await scope.grantsOf(user.id);
        if (!grants.some((grant) => grant.role === 'operator'))
          return reply.status(403).send({ message: CONSOLE_MESSAGES.operatorOnly });
        const kind = request.params.kind as ImportKind;
        if (!(IMPORT_KINDS as readonly string[]).includes(kind)) throw notFound(IMPORT_MESSAGES.unknownKind);
        const dryRunText = request.query.dry_run;
        if (dryRunText !== undefined && !['true', 'false', '1', '0'].includes(dryRunText))
          throw validationFailed({ dry_run: ['The dry run field must be true or false.'] });
        const dryRun = dryRunText === 'true' || dryRunText === '1';
        if (!request.isMultipart()) throw validationFailed({ file: [IMPORT_MESSAGES.fileRequired] });

        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > IMPORT_REQUEST_MAX_BYTES) throw new HttpError(413, IMPORT_MESSAGES.requestTooLarge);
        const upload: Upload = { csv: null, images: new Map(), dir: null };
        try {
          await readUpload(request, kind, upload, maxPhotoBytes);
          const field = kind === 'photos' ? 'manifest' : 'file';
          const csv = upload.csv;
          if (!csv || csv.data.length === 0)
            throw validationFailed({
              [field]: [kind === 'photos' ? IMPORT_MESSAGES.manifestRequired : IMPORT_MESSAGES.fileRequired],
            });
          if (!csv.name.toLowerCase().endsWith('.csv'))
            throw validationFailed({ [field]: [IMPORT_MESSAGES.notCsv] });
          const file = { name: csv.name, text: csv.data.toString('utf8') };
          const input: ImportInput =
            kind === 'photos' ? { kind, upload: { manifest: file, files: upload.images } } : { kind, file };
          const now = clock();
          const report = await runImport(
            db,
            input,
            {
              now,
              dryRun,
              checkBeach: async (beach) => {
                const target = await scope.scopeBeach(beach.id);
                return target && roleOnBeach(grants, target, 'operator') === 'operator'
                  ? null
                  : IMPORT_MESSAGES.outOfScope;
              },
              afterWrite: (trx, applied) => (options.audit ?? auditImport)(trx, { user, applied, at: now }),
            },
            { storage, maxPhotoBytes },
          ).catch((error: unknown) => {
            if (error instanceof ImportFileError) throw validationFailed({ [field]: [error.message] });
            throw error;
          });
          reply.header('Cache-Control', 'no-store');
          return report;
        } finally {
          if (upload.dir) await fs.promises.rm(upload.dir, { recursive: true, force: true });
        }
      },
    );
  });
}
