import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { postcodePrefix, prefixUpperBound, searchWords, type LatLng } from '@safeshore/domain';
import type { Database, SearchKind } from '../../db/schema.ts';

/** Caps the rows a word-prefix lookup can pull from the term index for very short terms. */
export const TERM_CANDIDATE_CAP = 2000;

export interface SearchRequest {
  /** normalizeSearchText(query) */
  normalized: string;
  /** the longest query word: looked up in the term index */
  term: string;
  origin: LatLng | null;
  limit: number;
}

/**
 * Clubs, each with the first beach it patrols (a club's search result links to that beach): the
 * columns both the SQL search and the in-memory index (search.memory.ts) read.
 */
export function clubsWithFirstBeach(db: Database) {
  return db
    .selectFrom('clubs')
    .innerJoin('beaches', (join) =>
      join.on(
        'beaches.id',
        '=',
        sql<number>`(select min(beach_clubs.beach_id) from beach_clubs where beach_clubs.club_id = clubs.id)`,
      ),
    )
    .select([
      'clubs.id',
      'clubs.title',
      'clubs.search_name',
      'clubs.state',
      'beaches.city',
      'beaches.postcode',
      'beaches.latitude',
      'beaches.longitude',
      'beaches.state as beach_state',
      'beaches.area_slug',
      'beaches.city_slug',
      'beaches.slug',
    ]);
}

/**
 * The SQL half of autocomplete: rows that match every query word (whole-name prefix from the name
 * index, or any word prefix from the term index), or whose postcode starts with a postcode query
 * (`postcodeColumn`, for the kinds that have one), pre-ranked in SQL the way the domain's
 * rankMatches ranks them (exact, prefix, word prefix, all words; boost; rough distance; length),
 * so only a few rows per group leave the database. The service re-ranks those exactly.
 */
function matching(
  table: string,
  kind: SearchKind,
  request: SearchRequest,
  boost: RawBuilder<number> | null,
  coordinatesTable = table,
  postcodeColumn: string | null = null,
) {
  const name = sql.ref(`${table}.search_name`);
  const id = sql.ref(`${table}.id`);
  const q = request.normalized;
  const words = searchWords(q).filter((word) => word !== request.term);

  const prefix = sql`(${name} >= ${q} and ${name} < ${prefixUpperBound(q)})`;
  const termIds = sql`(select ref_id from search_terms where kind = ${kind} and term >= ${request.term} and term < ${prefixUpperBound(request.term)} limit ${TERM_CANDIDATE_CAP})`;
  // Query words are [a-z0-9] only (normalised), so they are safe inside LIKE patterns.
  const allWords = words.map((word) => sql`(' ' || ${name}) like ${`% ${word}%`}`);
  const postcode = postcodeColumn === null ? null : postcodePrefix(q);
  // A postcode query is one word (digits only): there are no other words to require.
  const postcodeMatch = postcode === null ? null : { column: sql.ref(postcodeColumn!), prefix: postcode };
  const byPostcode = postcodeMatch
    ? sql` or (${postcodeMatch.column} >= ${postcodeMatch.prefix} and ${postcodeMatch.column} < ${prefixUpperBound(postcodeMatch.prefix)})`
    : sql``;
  const where = sql<SqlBool>`${sql.join([sql`(${prefix} or ${id} in ${termIds}${byPostcode})`, ...allWords], sql` and `)}`;

  // The better of the name's and the postcode's rank (domain's bestRank): 0 exact, 1 prefix.
  const samePostcode = postcodeMatch ? sql` or ${postcodeMatch.column} = ${postcodeMatch.prefix}` : sql``;
  const rank = sql<number>`case when ${name} = ${q}${samePostcode} then 0 when ${prefix}${byPostcode} then 1 when (' ' || ${name}) like ${`% ${q}%`} then 2 else 3 end`;
  const title = sql.ref(`${table}.title`);
  const order: RawBuilder<unknown>[] = [rank];
  if (boost) order.push(sql`${boost} desc`);
  if (request.origin) {
    const { latitude, longitude } = request.origin;
    const k = Math.cos((latitude * Math.PI) / 180) ** 2;
    const lat = sql.ref(`${coordinatesTable}.latitude`);
    const lng = sql.ref(`${coordinatesTable}.longitude`);
    order.push(
      sql`((${lat} - ${latitude}) * (${lat} - ${latitude}) + (${lng} - ${longitude}) * (${lng} - ${longitude}) * ${k})`,
    );
  }
  // Then the id: rows equal on everything else (places of one name at one spot) come in one order
  // on every database (PostgreSQL gives ties in any order), the order the in-memory index uses.
  order.push(sql`length(${title})`, title, id);
  return { where, order: sql.join(order), limit: request.limit };
}

export function createSearchRepository(db: Database) {
  return {
    beaches(request: SearchRequest) {
      const m = matching(
        'beaches',
        'beach',
        request,
        sql<number>`case when beaches.patrol > 0 then 1 else 0 end`,
        'beaches',
        'beaches.postcode',
      );
      return db
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
        .where(m.where)
        .orderBy(m.order)
        .limit(m.limit)
        .execute();
    },

    places(request: SearchRequest) {
      const m = matching(
        'localities',
        'place',
        request,
        sql<number>`localities.beaches_count`,
        'localities',
        'localities.postcode',
      );
      return db
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
        .where(m.where)
        .orderBy(m.order)
        .limit(m.limit)
        .execute();
    },

    /** Clubs, each with the first beach it patrols (the club result links to that beach). */
    clubs(request: SearchRequest) {
      const m = matching('clubs', 'club', request, null, 'beaches', 'beaches.postcode');
      return clubsWithFirstBeach(db).where(m.where).orderBy(m.order).limit(m.limit).execute();
    },

    articles(request: SearchRequest) {
      const m = matching('articles', 'article', { ...request, origin: null }, null);
      return db
        .selectFrom('articles')
        .select(['id', 'slug', 'title', 'search_name'])
        .where('published', '=', 1)
        .where(m.where)
        .orderBy(m.order)
        .limit(m.limit)
        .execute();
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
