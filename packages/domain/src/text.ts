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
