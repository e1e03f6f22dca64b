/**
 * Secrets and e-mail addresses never reach the logs. URLs carry them: reset links
 * (`/api/v4/reset/{token}`, `/reset/{token}?email=…`), the one-time sign-in code
 * (`/login/oauth?token=…`), verification and confirmation links, OAuth callbacks (`?code=…&state=…`).
 * Rather than list every route, general rules apply to every logged URL, so new routes are covered:
 *
 * - the path segment after a segment that introduces a secret (reset, verify…, confirm…, token…)
 * - the values of query parameters named like secrets (token, code, key, state, password, …) or
 *   e-mail (email, …)
 * - any path segment or query value that looks like an e-mail address or a random token
 *   (20+ characters of letters and digits mixed, as base64url or hex secrets are)
 */

export const REDACTED = '[redacted]';
export const REDACTED_EMAIL = '[email]';

/** Path segments after which the next segment is a secret. */
const SECRET_BEFORE =
  /^(reset|reset-password|password-reset|verify|verify-email|verification|confirm|confirm-email|email-change|change-email|activate|invite|token|tokens|magic|unsubscribe)$/i;
/** Query parameters whose values are secrets or addresses. */
const SECRET_PARAM =
  /^(token|code|key|api_?key|secret|password|pass|state|nonce|id_token|access_token|refresh_token|fbtoken|apple_token|signature|sig|otp|email|e-mail|mail|new_email|old_email|confirm_delete_email)$/i;
const EMAIL = /[^\s/?#&=@]+@[^\s/?#&=@]+/;
const EMAILS = /[^\s/?#&="'<>,;:()[\]@]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** A value that looks machine-made and secret: long, letters mixed with digits or mixed case. */
function looksLikeSecret(value: string): boolean {
  if (value.length < 20 || !/^[A-Za-z0-9_\-.~+/=%|]+$/.test(value)) return false;
  const digits = /\d/.test(value);
  const lower = /[a-z]/.test(value);
  const upper = /[A-Z]/.test(value);
  return (digits && (lower || upper)) || (lower && upper);
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function redactValue(value: string): string {
  const plain = decoded(value);
  if (EMAIL.test(plain)) return REDACTED_EMAIL;
  if (looksLikeSecret(plain)) return REDACTED;
  return value;
}

function redactPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      if (segment === '') return segment;
      if (i > 0 && SECRET_BEFORE.test(decoded(segments[i - 1] ?? ''))) return REDACTED;
      return redactValue(segment);
    })
    .join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      if (pair === '') return pair;
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      if (at < 0) return redactValue(pair);
      if (SECRET_PARAM.test(decoded(name)))
        return `${name}=${EMAIL.test(decoded(pair.slice(at + 1))) ? REDACTED_EMAIL : REDACTED}`;
      return `${name}=${redactValue(pair.slice(at + 1))}`;
    })
    .join('&');
}

/** A URL (path with query, or absolute) with its secrets and e-mail addresses replaced. */
export function redactUrl(url: string): string {
  let origin = '';
  let rest = url;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  if (absolute) {
    // user:password@host in an absolute-form target
    origin = absolute[0].replace(/\/\/[^/@]*@/, `//${REDACTED}@`);
    rest = url.slice(absolute[0].length);
  }
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  const path = q < 0 ? rest : rest.slice(0, q);
  const query = q < 0 ? undefined : rest.slice(q + 1);
  return origin + redactPath(path) + (query === undefined ? '' : `?${redactQuery(query)}`);
}

/** Free text (an error message) with e-mail addresses and secret-bearing URLs replaced. */
export function redactText(text: string): string {
  return text
    .replace(/(?:https?:\/\/|\/)[^\s"'<>]+/g, (url) => redactUrl(url))
    .replace(EMAILS, REDACTED_EMAIL);
}

interface SerializedRequest {
  method?: string;
  url?: string;
  [key: string]: unknown;
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * Logger serializers: `url` anywhere a log line has one, the request (`req`) and errors (`err`,
 * whose messages can quote addresses or links).
 */
export const logSerializers = {
  url: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
  req: (request: { method?: string; url?: string; routeOptions?: { url?: string } }): SerializedRequest => ({
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    route: request.routeOptions?.url,
  }),
  err: (error: unknown): SerializedError => {
    if (!(error instanceof Error))
      return { type: typeof error, message: redactText(String(error)), stack: '' };
    const cause = (error as { cause?: unknown }).cause;
    return {
      type: error.name,
      message: redactText(error.message),
      stack: redactText(error.stack ?? ''),
      ...((error as { code?: unknown }).code !== undefined
        ? { code: (error as { code?: unknown }).code }
        : {}),
      ...((error as { statusCode?: unknown }).statusCode !== undefined
        ? { statusCode: (error as { statusCode?: unknown }).statusCode }
        : {}),
      ...(cause !== undefined ? { cause: logSerializers.err(cause) } : {}),
    };
  },
};
