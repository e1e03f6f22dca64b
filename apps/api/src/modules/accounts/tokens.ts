import crypto from 'node:crypto';

/**
 * Bearer tokens are `id|secret`: the id is the api_tokens row (the spec's token_id, the part before
 * the pipe), the secret 43 random url-safe characters of which only a SHA-256 is stored.
 */
export const TOKEN_TTL_DAYS = 180;
export const TOKEN_TTL_MS = TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;

/** 32 random bytes as base64url: 43 characters, 256 bits. */
export function randomSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && crypto.timingSafeEqual(left, right);
}

export function formatToken(id: number, secret: string): string {
  return `${id}|${secret}`;
}

/** `Authorization: Bearer <id>|<secret>` -> its parts, or null when the header is absent or malformed. */
export function parseBearer(header: string | undefined): { id: number; secret: string } | null {
  const match = /^Bearer[ \t]+(\d{1,12})\|([A-Za-z0-9_-]{40,200})[ \t]*$/i.exec(header ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return isRowId(id) ? { id, secret: match[2]! } : null;
}

/** A positive id that fits the databases' 32-bit integer columns. */
export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
}

/** A path parameter holding a row id, or null. */
export function parseRowId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return isRowId(id) ? id : null;
}
