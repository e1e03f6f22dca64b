import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { fieldErrors } from '@safeshore/domain';
import { isDatabaseUnavailable } from '../db/connection.ts';
import { DatabaseBusyError } from '../db/sqlite-adapter.ts';

/** An error whose status and message are safe to show to the caller. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  constructor(status: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

export const notFound = (message: string) => new HttpError(404, message);

export function validationFailed(errors: Record<string, string[]>): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  const more = Object.values(errors).flat().length - 1;
  return new HttpError(
    422,
    more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first,
    errors,
  );
}

/** Parses input with a schema or throws a 422 with field errors. */
export function parseInput<T extends z.core.$ZodType>(schema: T, input: unknown): z.output<T> {
  const result = z.safeParse(schema, input ?? {});
  if (!result.success) throw validationFailed(fieldErrors(result.error));
  return result.data;
}

const BUSY_MESSAGE = 'The service is busy. Please try again in a moment.';
const UNREACHABLE_MESSAGE = 'The service cannot reach its database right now. Please try again in a moment.';
/** Seconds a client is asked to wait while PostgreSQL is away (a restart takes a few). */
const UNREACHABLE_RETRY_AFTER_S = 5;
const CANNOT_WRITE_MESSAGE = 'The service cannot save changes right now. Please try again later.';
/** SQLite: read-only file (8), disk full (13). */
const CANNOT_WRITE = new Set([8, 13]);

/**
 * One JSON error shape for every failure: `{ message }`, plus `errors` on 422. Unexpected errors
 * are logged with their stack and answered with a generic 500; stacks never reach the client. A
 * database that is busy (SQLite's write lock held elsewhere past the wait) or cannot take writes
 * (read-only, disk full) answers 503 with Retry-After instead, as does a PostgreSQL server that is
 * away (restarting, unreachable): the pool reconnects by itself when it is back.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.status)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (error instanceof DatabaseBusyError) {
      request.log.warn({ err: error }, 'database busy');
      return reply
        .status(503)
        .header('Retry-After', String(error.retryAfterSeconds))
        .send({ message: BUSY_MESSAGE });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return reply
        .status(503)
        .header('Retry-After', String(UNREACHABLE_RETRY_AFTER_S))
        .send({ message: UNREACHABLE_MESSAGE });
    }
    const sqliteCode = (error as { errcode?: unknown }).errcode;
    if (typeof sqliteCode === 'number' && CANNOT_WRITE.has(sqliteCode & 0xff)) {
      request.log.error({ err: error }, 'database refuses writes');
      return reply.status(503).header('Retry-After', '60').send({ message: CANNOT_WRITE_MESSAGE });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ message: (error as Error).message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
}
