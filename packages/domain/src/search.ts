import { haversineMetres, type LatLng } from './geo.ts';
import { normalizeSearchText, searchWords } from './text.ts';

export const AUTOCOMPLETE_MIN_CHARS = 2;
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_BLUR_CLOSE_MS = 200;
export const AUTOCOMPLETE_MAX_QUERY_LENGTH = 100;
/** Online result sizes per group; offline returns up to 100 beaches (spec section 7). */
export const AUTOCOMPLETE_LIMITS = { beaches: 10, locations: 6, clubs: 5, articles: 5 } as const;
export const OFFLINE_AUTOCOMPLETE_BEACH_LIMIT = 100;

/**
 * How well a name matches a query, lower is better; null when it does not match.
 * 0 exact, 1 the name starts with the query, 2 a later word starts with the query,
 * 3 every query word starts some word of the name (in any order).
 */
export function matchRank(name: string, query: string): number | null {
  return matchRankNormalized(normalizeSearchText(name), normalizeSearchText(query));
}

/** matchRank for texts already passed through normalizeSearchText (the stored search_name). */
export function matchRankNormalized(n: string, q: string): number | null {
  return normalizedMatcher(q)(n);
}

/**
 * matchRankNormalized with the query prepared once, for ranking many names against one query
 * (the offline search ranks 12,000 beaches per keystroke). A name that does not contain every
 * query word is dropped before it is split into words.
 */
function normalizedMatcher(q: string): (n: string) => number | null {
  const words = q.split(' ');
  const laterWord = ` ${q}`;
  return (n) => {
    if (q === '' || n === '') return null;
    if (n === q) return 0;
    if (n.startsWith(q)) return 1;
    if (n.includes(laterWord)) return 2;
    for (const word of words) if (!n.includes(word)) return null;
    const nameWords = n.split(' ');
    return words.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word))) ? 3 : null;
  };
}

/**
 * The postcode a query stands for, or the start of one: a query of 2 to 4 digits (Australian
 * postcodes are four). Such a query also matches beaches, places and clubs by their postcode, as
 * the search box promises ("Search for a beach, place, postcode or surf club").
 */
export function postcodePrefix(query: string): string | null {
  const q = normalizeSearchText(query);
  return /^[0-9]{2,4}$/.test(q) ? q : null;
}

/** How well a postcode matches a postcode query (0 the same postcode, 1 it starts with it); null when not. */
export function postcodeRank(postcode: string | null | undefined, prefix: string | null): number | null {
  if (prefix === null || !postcode) return null;
  return postcode === prefix ? 0 : postcode.startsWith(prefix) ? 1 : null;
}

/** The word used to pull candidates from the term index: the longest one, as it is the most selective. */
export function candidateTerm(query: string): string | null {
  const words = searchWords(query);
  if (words.length === 0) return null;
  return words.reduce((longest, word) => (word.length > longest.length ? word : longest));
}

export interface Rankable {
  title: string;
  /** normalizeSearchText(title), when the caller already has it (saves work per candidate). */
  search_name?: string;
  latitude?: number | null;
  longitude?: number | null;
  /** Matched by a postcode query (postcodePrefix), when the item has one. */
  postcode?: string | null;
  /** Higher first among equal matches (e.g. patrolled beaches, populous places). */
  boost?: number;
}

const TITLE_ORDER = new Intl.Collator('en-AU');

export interface Ranked<T> {
  item: T;
  rank: number;
  distance: number | null;
}

/**
 * Orders matches: by match rank (the better of the name's and, for a postcode query, the
 * postcode's), then boost, then distance from the searcher when known,
 * then shorter and alphabetical names (then input order). Items that do not match are dropped.
 * Keeps a sorted window of `limit` entries rather than sorting every match: a query matching all
 * 12,000 offline beaches costs one pass.
 */
export function rankMatches<T extends Rankable>(
  items: readonly T[],
  query: string,
  origin: LatLng | null,
  limit: number,
): Ranked<T>[] {
  const q = normalizeSearchText(query);
  if (q === '' || limit <= 0) return [];
  const match = normalizedMatcher(q);
  const postcode = postcodePrefix(q);
  const kept: Array<Ranked<T> & { order: number }> = [];
  const compare = (a: Ranked<T> & { order: number }, b: Ranked<T> & { order: number }) =>
    a.rank - b.rank ||
    (b.item.boost ?? 0) - (a.item.boost ?? 0) ||
    (a.distance ?? Infinity) - (b.distance ?? Infinity) ||
    a.item.title.length - b.item.title.length ||
    TITLE_ORDER.compare(a.item.title, b.item.title) ||
    a.order - b.order;
  for (let order = 0; order < items.length; order += 1) {
    const item = items[order]!;
    const rank = bestRank(
      match(item.search_name ?? normalizeSearchText(item.title)),
      postcodeRank(item.postcode, postcode),
    );
    if (rank === null) continue;
    const distance =
      origin && item.latitude != null && item.longitude != null
        ? haversineMetres(origin, { latitude: item.latitude, longitude: item.longitude })
        : null;
    const entry = { item, rank, distance, order };
    if (kept.length === limit && compare(entry, kept[limit - 1]!) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(kept[middle]!, entry) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, entry);
    if (kept.length > limit) kept.pop();
  }
  return kept.map(({ item, rank, distance }) => ({ item, rank, distance }));
}

/** The better (lower) of two match ranks, either of which may be no match (null). */
export function bestRank(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}

/** Search index terms for a name: each distinct word of it. */
export function indexTerms(name: string): string[] {
  return [...new Set(searchWords(name))];
}

/** Smallest string greater than every string with this prefix (for index range scans). */
export function prefixUpperBound(prefix: string): string {
  return prefix + '\u007f';
}

export const SEARCH_GROUPS = [
  { key: 'beaches', title: 'Beaches' },
  { key: 'locations', title: 'Locations' },
  { key: 'clubs', title: 'Clubs' },
  { key: 'articles', title: 'Articles' },
] as const;
export type SearchGroupKey = (typeof SEARCH_GROUPS)[number]['key'];

/**
 * Where a search result leads (spec section 2): beaches and clubs to /beach + url, locations to
 * their url, articles to /surf-safety/ + url. Offline, beaches open by id and locations by postcode.
 */
export function searchResultPath(
  group: SearchGroupKey,
  result: { id: number; url: string; postcode: string | null },
  offline = false,
): string {
  switch (group) {
    case 'beaches':
      return offline ? `/beach/${result.id}` : `/beach${result.url}`;
    case 'locations':
      return offline && result.postcode ? `/postcode/${result.postcode}` : result.url;
    case 'clubs':
      return `/beach${result.url}`;
    case 'articles':
      return `/surf-safety/${result.url}`;
  }
}
