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
import type { SearchRepository } from './search.repository.ts';

function uniqueById<T extends { id: number }>(rows: T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true)));
}

const metres = (distance: number | null) => (distance === null ? null : Math.round(distance));

export function createSearchService(repo: SearchRepository) {
  return {
    /** Autocomplete groups in the spec's order: Beaches, Locations, Clubs, Articles. */
    async autocomplete(query: string, origin: LatLng | null): Promise<AutocompleteResponse> {
      const normalized = normalizeSearchText(query);
      const term = candidateTerm(query);
      if (!term) return { beaches: [], locations: [], clubs: [], articles: [] };

      const [beachRows, placeRows, clubRows, articleRows] = await Promise.all([
        repo.beaches(normalized, term),
        repo.places(normalized, term),
        repo.clubs(term),
        repo.articles(term),
      ]);

      const beaches: SearchResult[] = rankMatches(
        uniqueById(beachRows).map((row) => ({ ...row, boost: row.patrol && row.patrol > 0 ? 1 : 0 })),
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
        uniqueById(placeRows).map((row) => ({ ...row, boost: row.beaches_count })),
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

      const clubs: SearchResult[] = rankMatches(
        uniqueById(clubRows),
        query,
        origin,
        AUTOCOMPLETE_LIMITS.clubs,
      ).map(({ item, distance }) => ({
        id: item.id,
        title: item.title,
        city: item.city,
        state: item.state,
        distance: metres(distance),
        url: beachRowUrl({ ...item, state: item.beach_state }),
        postcode: item.postcode,
      }));

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
