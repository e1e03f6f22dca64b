import {
  AUTOCOMPLETE_LIMITS,
  candidateTerm,
  normalizeSearchText,
  rankMatches,
  type AutocompleteResponse,
  type LatLng,
  type SearchResult,
} from '@safeshore/domain';
import { beachRowUrl, placeUrl } from '../beaches/beaches.presenter.ts';
import type { SearchRepository, SearchRequest } from './search.repository.ts';

const metres = (distance: number | null) => (distance === null ? null : Math.round(distance));

/** The database pre-ranks roughly; this many rows per group are re-ranked exactly by the domain rule. */
const RERANK_FACTOR = 3;

export function createSearchService(repo: SearchRepository) {
  return {
    /** Autocomplete groups in the spec's order: Beaches, Locations, Clubs, Articles. */
    async autocomplete(query: string, origin: LatLng | null): Promise<AutocompleteResponse> {
      const term = candidateTerm(query);
      if (!term) return { beaches: [], locations: [], clubs: [], articles: [] };
      const request = (limit: number): SearchRequest => ({
        normalized: normalizeSearchText(query),
        term,
        origin,
        limit: limit * RERANK_FACTOR,
      });

      const [beachRows, placeRows, clubRows, articleRows] = await Promise.all([
        repo.beaches(request(AUTOCOMPLETE_LIMITS.beaches)),
        repo.places(request(AUTOCOMPLETE_LIMITS.locations)),
        repo.clubs(request(AUTOCOMPLETE_LIMITS.clubs)),
        repo.articles(request(AUTOCOMPLETE_LIMITS.articles)),
      ]);

      const beaches: SearchResult[] = rankMatches(
        beachRows.map((row) => Object.assign(row, { boost: row.patrol !== null && row.patrol > 0 ? 1 : 0 })),
        query,
        origin,
        AUTOCOMPLETE_LIMITS.beaches,
      ).map(({ item, distance }) => ({
        id: item.id,
        title: item.title,
        city: item.city,
        state: item.state,
        distance: metres(distance),
        url: beachRowUrl(item),
        postcode: item.postcode,
      }));

      const locations: SearchResult[] = rankMatches(
        placeRows.map((row) => Object.assign(row, { boost: row.beaches_count })),
        query,
        origin,
        AUTOCOMPLETE_LIMITS.locations,
      ).map(({ item, distance }) => ({
        id: item.id,
        title: item.title,
        city: item.title,
        state: item.state,
        distance: metres(distance),
        url: placeUrl(item),
        postcode: item.postcode,
      }));

      const clubs: SearchResult[] = rankMatches(clubRows, query, origin, AUTOCOMPLETE_LIMITS.clubs).map(
        ({ item, distance }) => ({
          id: item.id,
          title: item.title,
          city: item.city,
          state: item.state,
          distance: metres(distance),
          url: beachRowUrl({ ...item, state: item.beach_state }),
          postcode: item.postcode,
        }),
      );

      const articles: SearchResult[] = rankMatches(
        articleRows,
        query,
        null,
        AUTOCOMPLETE_LIMITS.articles,
      ).map(({ item }) => ({
        id: item.id,
        title: item.title,
        city: null,
        state: '',
        distance: null,
        url: item.slug,
        postcode: null,
      }));

      return { beaches, locations, clubs, articles };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
