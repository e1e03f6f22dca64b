/**
 * Text normalisation shared by search (server and offline) and slugs.
 * Diacritics are removed (é -> e), case is folded and anything that is not a letter or digit
 * becomes a single space, so "Mãnly  Beach!" and "manly beach" compare equal.
 */
export function normalizeSearchText(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Words of a normalised text, in order. */
export function searchWords(input: string): string[] {
  const normalized = normalizeSearchText(input);
  return normalized === '' ? [] : normalized.split(' ');
}

/** URL slug: "St Kilda (West)" -> "st-kilda-west". */
export function slugify(input: string): string {
  return normalizeSearchText(input).replace(/ /g, '-');
}

/** The first `limit` words of a text, with an ellipsis when it was cut. */
export function teaser(text: string, limit = 50): { text: string; truncated: boolean } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= limit) return { text: words.join(' '), truncated: false };
  return { text: `${words.slice(0, limit).join(' ')}…`, truncated: true };
}

/**
 * Characters a name or a message shown to others must not hold, because they change how the text
 * around them reads: C0 and C1 controls (NUL, ESC, CR/LF, tab), DEL, the line and paragraph
 * separators, the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069,
 * which can make "Sam <sam@x>" display as someone else), and lone UTF-16 surrogates (not text).
 */
const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * A link address safe to put in an href: an https:// URL (no user name or password), or a path on
 * this site ("/…"). Refused: anything a browser would read as another host — "//host", "/\host",
 * "\\host" (browsers treat "\" as "/"), tabs and newlines (browsers drop them, so "/\t/host" is
 * "//host") — and any other whitespace or control character.
 */
export function isSafeLinkUrl(value: string): boolean {
  if (value.length === 0 || value.length > 2000) return false;
  if (/[\s\\]/.test(value) || hasControlCharacters(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  // https, a host (no user name or password: no "@" before the path), then anything.
  return /^https:\/\/[^/?#@:]+(:\d{1,5})?([/?#].*)?$/.test(value);
}
