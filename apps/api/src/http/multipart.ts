import { HttpError } from './errors.ts';

/**
 * What the multipart parser (@fastify/busboy) throws for a body that is not multipart/form-data
 * as the Content-Type says: plain Errors (no code, no status), so without this they answered 500.
 */
const MALFORMED: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Multipart: Boundary not found$|^Boundary required$/, 'the Content-Type header names no boundary'],
  [/needle cannot/, 'the boundary is empty or longer than 256 characters'],
  [/unexpected end of multipart data/i, 'the body ends before its closing boundary'],
  [/^Malformed/, 'a part is malformed'],
];

export const MALFORMED_UPLOAD = 'The upload is not valid multipart/form-data';

/**
 * The error to answer for a failure while reading an upload's parts: too large (413, with the
 * caller's message), a malformed body (400, saying what is wrong), else the error itself.
 */
export function uploadFailure(error: unknown, tooLargeMessage: string): unknown {
  if (error instanceof HttpError) return error;
  if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, tooLargeMessage);
  if (!(error instanceof Error) || (error as { statusCode?: unknown }).statusCode !== undefined) return error;
  const reason = MALFORMED.find(([pattern]) => pattern.test(error.message))?.[1];
  return reason ? new HttpError(400, `${MALFORMED_UPLOAD}: ${reason}.`) : error;
}
