import { bestRank, postcodePrefix, postcodeRank, searchWords } from '@safeshore/domain';
import type { Database, SearchKind } from '../../db/schema.ts';
import { BEFORE_ANY_ID, compactRows, readInChunks, StringPool } from '../read-model/compact.ts';
import type { VersionedBuild } from '../read-model/versioned.ts';
import {
  TERM_CANDIDATE_CAP,
  clubsWithFirstBeach,
  type SearchRepository,
  type SearchRequest,
} from './search.repository.ts';

/**
 * Autocomplete from memory (issue 20): the same candidates, in the same pre-ranked order, as the
 * SQL of search.repository.ts, from arrays built once per data version. Names sorted by
 * search_name stand for the name index (a prefix is a binary-searched range); (term, ref_id)
 * pairs sorted like the search_terms primary key stand for the term index, with the same cap of
 * TERM_CANDIDATE_CAP pairs per lookup. So the service's exact re-ranking sees the same rows and
 * answers byte for byte as before (read-model.test.ts compares them on random queries).
 *
 * Sized for 50,000 beaches and 17,000 places: about 70,000 rows and 200,000 terms, a few tens of
 * MB; a lookup is two binary searches and a pass over the candidates.
 */

type BeachRow = Awaited<ReturnType<SearchRepository['beaches']>>[number];
type PlaceRow = Awaited<ReturnType<SearchRepository['places']>>[number];
type ClubRow = Awaited<ReturnType<SearchRepository['clubs']>>[number];
type ArticleRow = Awaited<ReturnType<SearchRepository['articles']>>[number] & { published: number };

interface Indexed {
  id: number;
  search_name: string;
  title: string;
}

interface GroupOptions<T> {
  boost: ((row: T) => number) | null;
  coordinates: ((row: T) => { latitude: number | null; longitude: number | null }) | null;
  /** The postcode a postcode query matches (the SQL's postcode column), for the kinds that have one. */
  postcode?: (row: T) => string | null;
  visible?: (row: T) => boolean;
}

/** Lets waiting requests run between steps of an index build (which runs in the server's own thread). */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Binary search: the first index whose key is >= `value`. */
function lowerBound<T>(items: readonly T[], key: (item: T) => string, value: string): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (key(items[middle]!) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Item<T> {
  row: T;
  name: string;
  /** " " + name: word-prefix tests are `includes(" " + word)`, as the SQL's LIKE '% word%'. */
  spaced: string;
  boost: number;
  latitude: number | null;
  longitude: number | null;
  postcode: string | null;
}

interface Keyed<T> {
  item: Item<T>;
  rank: number;
  distance: number;
}

/**
 * A query's candidates as the memo keeps them: two parallel arrays (a pointer and a small integer
 * each) rather than a Keyed object per candidate, which held about 10 MB of the 50,000-beach
 * process's heap for MEMO_CANDIDATES candidates (48 bytes each) against under 2 MB.
 */
interface Candidates<T> {
  items: Array<Item<T>>;
  /** Each item's rank of match (0-3), ascending: the list is in the SQL's order. */
  ranks: number[];
}

class Group<T extends Indexed> {
  readonly #byName: Array<Item<T>>;
  readonly #byId: Map<number, Item<T>>;
  /** Items with a postcode, sorted by it (then id): the range a postcode query reads. */
  readonly #byPostcode: Array<Item<T>>;
  /** Parallel arrays sorted by (term, ref_id), as the search_terms primary key orders them. */
  readonly #terms: string[];
  readonly #termIds: number[];
  readonly #options: GroupOptions<T>;
  readonly #memo = new Map<string, Candidates<T>>();
  #memoCandidates = 0;

  constructor(rows: T[], { terms, ids }: Terms, options: GroupOptions<T>) {
    const items = rows.map((row): Item<T> => {
      const position = options.coordinates?.(row);
      return {
        row,
        name: row.search_name,
        spaced: ` ${row.search_name}`,
        boost: options.boost ? options.boost(row) : 0,
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        postcode: options.postcode?.(row) ?? null,
      };
    });
    this.#byName = items.sort((a, b) => byString(a.name, b.name) || a.row.id - b.row.id);
    this.#byId = new Map(items.map((item) => [item.row.id, item]));
    this.#byPostcode = items
      .filter((item) => item.postcode !== null)
      .sort((a, b) => byString(a.postcode!, b.postcode!) || a.row.id - b.row.id);
    // The database gives them in (term, ref_id) order; sorted here only if its collation differs.
    const compare = (a: number, b: number) => byString(terms[a]!, terms[b]!) || ids[a]! - ids[b]!;
    let sortedTerms = terms;
    let sortedIds = ids;
    for (let i = 1; i < terms.length; i++) {
      if (compare(i - 1, i) > 0) {
        const order = Array.from({ length: terms.length }, (_, j) => j).sort(compare);
        sortedTerms = order.map((j) => terms[j]!);
        sortedIds = order.map((j) => ids[j]!);
        break;
      }
    }
    // Equal terms (next to each other) share one string: "beach" is a term of most beaches.
    for (let i = 1; i < sortedTerms.length; i++)
      if (sortedTerms[i] === sortedTerms[i - 1]) sortedTerms[i] = sortedTerms[i - 1]!;
    this.#terms = sortedTerms;
    this.#termIds = sortedIds;
    this.#options = options;
  }

  get size(): number {
    return this.#byId.size;
  }

  /**
   * The candidates of a query (its words and term), filtered and ranked by match, in the order the
   * SQL gives them without a searcher position. Kept for the most recent queries (this index lives
   * for one data version): typing a name asks the same short prefixes again and again.
   */
  #candidates(q: string, term: string): Candidates<T> {
    const memoKey = `${q}\n${term}`;
    const known = this.#memo.get(memoKey);
    if (known) {
      this.#memo.delete(memoKey);
      this.#memo.set(memoKey, known);
      return known;
    }
    const spacedWords = searchWords(q)
      .filter((word) => word !== term)
      .map((word) => ` ${word}`);
    const laterQ = ` ${q}`;
    const postcode = this.#options.postcode ? postcodePrefix(q) : null;
    const visible = this.#options.visible;
    const found: Array<Keyed<T>> = [];
    const seen = new Set<number>();
    const consider = (item: Item<T>) => {
      if (seen.has(item.row.id)) return;
      seen.add(item.row.id);
      if (visible && !visible(item.row)) return;
      const { name, spaced } = item;
      for (const word of spacedWords) if (!spaced.includes(word)) return;
      const byName = name === q ? 0 : name.startsWith(q) ? 1 : spaced.includes(laterQ) ? 2 : 3;
      found.push({ item, rank: bestRank(byName, postcodeRank(item.postcode, postcode))!, distance: 0 });
    };
    // The name index: names starting with the query.
    for (let i = lowerBound(this.#byName, (item) => item.name, q); i < this.#byName.length; i++) {
      const item = this.#byName[i]!;
      if (!item.name.startsWith(q)) break;
      consider(item);
    }
    // Postcodes starting with a postcode query.
    if (postcode !== null) {
      const byPostcode = this.#byPostcode;
      for (let i = lowerBound(byPostcode, (item) => item.postcode!, postcode); i < byPostcode.length; i++) {
        const item = byPostcode[i]!;
        if (!item.postcode!.startsWith(postcode)) break;
        consider(item);
      }
    }
    // The term index: the first TERM_CANDIDATE_CAP pairs whose term starts with the query's term.
    const first = lowerBound(this.#terms, (t) => t, term);
    for (let i = first; i < this.#terms.length && i < first + TERM_CANDIDATE_CAP; i++) {
      if (!this.#terms[i]!.startsWith(term)) break;
      const item = this.#byId.get(this.#termIds[i]!);
      if (item) consider(item);
    }
    found.sort(compareKeyed);
    const candidates: Candidates<T> = {
      items: found.map(({ item }) => item),
      ranks: found.map(({ rank }) => rank),
    };
    this.#memo.set(memoKey, candidates);
    this.#memoCandidates += found.length;
    while (this.#memoCandidates > MEMO_CANDIDATES && this.#memo.size > 1) {
      const oldest = this.#memo.keys().next().value!;
      this.#memoCandidates -= this.#memo.get(oldest)!.items.length;
      this.#memo.delete(oldest);
    }
    return candidates;
  }

  /**
   * Prepares the candidate lists of every two-character query (the shortest autocomplete takes, and
   * the longest lists: 2-4 ms each when first asked), so the first person to type one does not wait.
   * A few MB: each row is in about three lists.
   */
  async warmTwoCharacterQueries(): Promise<void> {
    const prefixes = new Set<string>();
    for (const item of this.#byName) if (/^[a-z0-9]{2}/.test(item.name)) prefixes.add(item.name.slice(0, 2));
    for (const term of this.#terms) if (/^[a-z0-9]{2}/.test(term)) prefixes.add(term.slice(0, 2));
    let done = 0;
    for (const prefix of prefixes) {
      this.#candidates(prefix, prefix);
      // Requests go on while the index is built: a few milliseconds of work at a time.
      if (++done % 20 === 0) await yieldToRequests();
    }
  }

  query(request: SearchRequest): T[] {
    const limit = request.limit;
    if (limit <= 0) return [];
    const { items, ranks } = this.#candidates(request.normalized, request.term);
    const origin = request.origin;
    // Without a position the order is already the SQL's.
    if (origin === null || this.#options.coordinates === null) {
      return items.slice(0, limit).map((item) => ({ ...item.row }));
    }
    const k = Math.cos((origin.latitude * Math.PI) / 180) ** 2;
    // The best `limit` by the SQL's order with its rough squared-degree distance, computed in the
    // same order; kept sorted (no sort of every candidate: "be" has thousands).
    const kept: Array<Keyed<T>> = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      const rank = ranks[i]!;
      if (kept.length === limit) {
        // Candidates come by rank, then boost: once one is below the last kept on those, so are the rest.
        const last = kept[limit - 1]!;
        if (rank > last.rank || (rank === last.rank && item.boost < last.item.boost)) break;
      }
      const { latitude: lat, longitude: lng } = item;
      const distance =
        lat === null || lng === null
          ? Number.NEGATIVE_INFINITY
          : (lat - origin.latitude) * (lat - origin.latitude) +
            (lng - origin.longitude) * (lng - origin.longitude) * k;
      const entry = { item, rank, distance };
      if (kept.length === limit && compareKeyed(entry, kept[limit - 1]!) >= 0) continue;
      let low = 0;
      let high = kept.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compareKeyed(kept[middle]!, entry) <= 0) low = middle + 1;
        else high = middle;
      }
      kept.splice(low, 0, entry);
      if (kept.length > limit) kept.pop();
    }
    // Copies: the service adds fields to the rows it ranks.
    return kept.map(({ item }) => ({ ...item.row }));
  }
}

/**
 * How many candidates (over all kept queries) a group keeps in its recent-query lists: under 2 MB
 * (two array slots each), whatever prefixes are asked (a two-letter one can have thousands).
 */
const MEMO_CANDIDATES = 200_000;

/** The SQL's order: rank, boost (desc), rough squared-degree distance, title length, title, id. */
function compareKeyed<T extends Indexed>(a: Keyed<T>, b: Keyed<T>): number {
  return (
    a.rank - b.rank ||
    b.item.boost - a.item.boost ||
    a.distance - b.distance ||
    a.item.row.title.length - b.item.row.title.length ||
    byString(a.item.row.title, b.item.row.title) ||
    a.item.row.id - b.item.row.id
  );
}

export interface SearchIndex {
  repository: SearchRepository;
  counts: { beaches: number; places: number; clubs: number; articles: number };
}

const strip = <T extends object>(row: T & { published?: number }) => {
  const { published: _published, ...rest } = row;
  return rest;
};

/** Search terms of one kind as parallel arrays, in (term, ref_id) order. */
interface Terms {
  terms: string[];
  ids: number[];
}

/**
 * Reads everything autocomplete searches and builds the index (once per data version). Large
 * tables are read in chunks and kept as compact rows (read-model/compact.ts): the build's peak
 * memory stays near what the index keeps.
 */
export async function buildSearchIndex(db: Database): Promise<SearchIndex> {
  const pool = new StringPool();
  const termsOf = async (kind: SearchKind): Promise<Terms> => {
    const terms: string[] = [];
    const ids: number[] = [];
    await readInChunks<{ term: string; ref_id: number }>(
      (after, limit) => {
        let query = db.selectFrom('search_terms').select(['term', 'ref_id']).where('kind', '=', kind);
        if (after)
          query = query.where((eb) =>
            eb(eb.refTuple('term', 'ref_id'), '>', eb.tuple(after.term, after.ref_id)),
          );
        return query.orderBy('term').orderBy('ref_id').limit(limit).execute();
      },
      (rows) => {
        for (const row of rows) {
          terms.push(row.term);
          ids.push(row.ref_id);
        }
      },
    );
    return { terms, ids };
  };
  const beaches: BeachRow[] = [];
  await readInChunks<BeachRow>(
    (after, limit) =>
      db
        .selectFrom('beaches')
        .select([
          'id',
          'title',
          'search_name',
          'city',
          'state',
          'postcode',
          'latitude',
          'longitude',
          'patrol',
          'area_slug',
          'city_slug',
          'slug',
        ])
        .where('id', '>', after?.id ?? BEFORE_ANY_ID)
        .orderBy('id')
        .limit(limit)
        .execute(),
    (rows) => {
      // Literal copies (every field in the object itself), in the SQL's key order.
      for (const r of rows)
        beaches.push({
          id: r.id,
          title: r.title,
          search_name: r.search_name,
          city: pool.intern(r.city),
          state: pool.intern(r.state),
          postcode: pool.intern(r.postcode),
          latitude: r.latitude,
          longitude: r.longitude,
          patrol: r.patrol,
          area_slug: pool.intern(r.area_slug),
          city_slug: pool.intern(r.city_slug),
          slug: r.slug,
        });
    },
  );
  const places: PlaceRow[] = [];
  await readInChunks<PlaceRow>(
    (after, limit) =>
      db
        .selectFrom('localities')
        .select([
          'id',
          'title',
          'search_name',
          'state',
          'postcode',
          'latitude',
          'longitude',
          'slug',
          'area_slug',
          'beaches_count',
        ])
        .where('id', '>', after?.id ?? BEFORE_ANY_ID)
        .orderBy('id')
        .limit(limit)
        .execute(),
    (rows) => {
      for (const r of rows)
        places.push({
          id: r.id,
          title: r.title,
          search_name: r.search_name,
          state: pool.intern(r.state),
          postcode: pool.intern(r.postcode),
          latitude: r.latitude,
          longitude: r.longitude,
          slug: r.slug,
          area_slug: pool.intern(r.area_slug),
          beaches_count: r.beaches_count,
        });
    },
  );
  const clubs = compactRows(await clubsWithFirstBeach(db).execute(), ['state', 'postcode'], pool);
  const articles = await db
    .selectFrom('articles')
    .select(['id', 'slug', 'title', 'search_name', 'published'])
    .execute();
  const beachTerms = await termsOf('beach');
  const placeTerms = await termsOf('place');
  const clubTerms = await termsOf('club');
  const articleTerms = await termsOf('article');

  await yieldToRequests();
  const beachIndex = new Group<BeachRow>(beaches, beachTerms, {
    boost: (row) => ((row.patrol ?? 0) > 0 ? 1 : 0),
    coordinates: (row) => row,
    postcode: (row) => row.postcode,
  });
  await yieldToRequests();
  const placeIndex = new Group<PlaceRow>(places, placeTerms, {
    boost: (row) => row.beaches_count,
    coordinates: (row) => row,
    postcode: (row) => row.postcode,
  });
  await yieldToRequests();
  const clubIndex = new Group<ClubRow>(clubs, clubTerms, {
    boost: null,
    coordinates: (row) => row,
    postcode: (row) => row.postcode,
  });
  await yieldToRequests();
  const articleIndex = new Group<ArticleRow>(articles as ArticleRow[], articleTerms, {
    boost: null,
    coordinates: null,
    visible: (row) => row.published === 1,
  });

  for (const group of [beachIndex, placeIndex, clubIndex, articleIndex]) {
    await group.warmTwoCharacterQueries();
  }
  return {
    repository: {
      beaches: async (request) => beachIndex.query(request),
      places: async (request) => placeIndex.query(request),
      clubs: async (request) => clubIndex.query(request),
      articles: async (request) => articleIndex.query({ ...request, origin: null }).map(strip),
    },
    counts: {
      beaches: beachIndex.size,
      places: placeIndex.size,
      clubs: clubIndex.size,
      articles: articleIndex.size,
    },
  };
}

/**
 * The repository autocomplete uses: the in-memory index of the current data version, or the SQL
 * repository while that index is being built (so an answer is never older than the last write).
 */
export function indexedSearchRepository(
  sqlRepository: SearchRepository,
  index: VersionedBuild<SearchIndex>,
): SearchRepository & { index: VersionedBuild<SearchIndex> } {
  const pick = async () => (await index.current())?.repository ?? sqlRepository;
  return {
    index,
    beaches: async (request) => (await pick()).beaches(request),
    places: async (request) => (await pick()).places(request),
    clubs: async (request) => (await pick()).clubs(request),
    articles: async (request) => (await pick()).articles(request),
  };
}
