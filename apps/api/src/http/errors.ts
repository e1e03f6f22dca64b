import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { fieldErrors } from '@safeshore/domain';

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

/**
 * One JSON error shape for every failure: `{ message }`, plus `errors` on 422. Unexpected errors
 * are logged with their stack and answered with a generic 500; stacks never reach the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.status)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ message: (error as Error).message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
}
