import { prefixUpperBound } from '@safeshore/domain';
import type { Database, SearchKind } from '../../db/schema.ts';

/** Upper bound on candidates pulled per kind before ranking; keeps short queries ("be") cheap. */
export const CANDIDATE_LIMIT = 400;

/**
 * Candidate ids for a query: names starting with the whole normalised query (best matches, from
 * the name index) and names with any word starting with the candidate term (from the term index).
 */
export function createSearchRepository(db: Database) {
  const termIds = (kind: SearchKind, term: string) =>
    db
      .selectFrom('search_terms')
      .select('ref_id')
      .where('kind', '=', kind)
      .where('term', '>=', term)
      .where('term', '<', prefixUpperBound(term))
      .limit(CANDIDATE_LIMIT);

  return {
    beaches(normalizedQuery: string, term: string) {
      const columns = [
        'id',
        'title',
        'city',
        'state',
        'postcode',
        'latitude',
        'longitude',
        'patrol',
        'area_slug',
        'city_slug',
        'slug',
      ] as const;
      return Promise.all([
        db
          .selectFrom('beaches')
          .select(columns)
          .where('search_name', '>=', normalizedQuery)
          .where('search_name', '<', prefixUpperBound(normalizedQuery))
          .limit(CANDIDATE_LIMIT)
          .execute(),
        db.selectFrom('beaches').select(columns).where('id', 'in', termIds('beach', term)).execute(),
      ]).then(([a, b]) => [...a, ...b]);
    },

    places(normalizedQuery: string, term: string) {
      const columns = [
        'id',
        'title',
        'state',
        'postcode',
        'latitude',
        'longitude',
        'slug',
        'area_slug',
        'beaches_count',
      ] as const;
      return Promise.all([
        db
          .selectFrom('localities')
          .select(columns)
          .where('search_name', '>=', normalizedQuery)
          .where('search_name', '<', prefixUpperBound(normalizedQuery))
          .limit(CANDIDATE_LIMIT)
          .execute(),
        db.selectFrom('localities').select(columns).where('id', 'in', termIds('place', term)).execute(),
      ]).then(([a, b]) => [...a, ...b]);
    },

    /** Clubs with the beach they patrol first (the club result links to that beach). */
    clubs(term: string) {
      return db
        .selectFrom('clubs')
        .innerJoin('beach_clubs', 'beach_clubs.club_id', 'clubs.id')
        .innerJoin('beaches', 'beaches.id', 'beach_clubs.beach_id')
        .select([
          'clubs.id',
          'clubs.title',
          'clubs.state',
          'beaches.city',
          'beaches.postcode',
          'beaches.latitude',
          'beaches.longitude',
          'beaches.state as beach_state',
          'beaches.area_slug',
          'beaches.city_slug',
          'beaches.slug',
          'beach_clubs.sort',
        ])
        .where('clubs.id', 'in', termIds('club', term))
        .orderBy('beach_clubs.sort')
        .execute();
    },

    articles(term: string) {
      return db
        .selectFrom('articles')
        .select(['id', 'slug', 'title'])
        .where('published', '=', 1)
        .where('id', 'in', termIds('article', term))
        .execute();
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
