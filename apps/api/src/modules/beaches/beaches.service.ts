import { haversineMetres, type BeachDetailResponse, type WaterQuality } from '@safeshore/domain';
import type { BeachRow } from '../../db/schema.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import {
  mergeTodayPosts,
  placeUrl,
  presentBeach,
  presentImage,
  presentSummary,
} from './beaches.presenter.ts';
import type { BeachPosition, BeachesRepository, UrlParts } from './beaches.repository.ts';

/** How many related and nearby beaches the detail response carries (the page shows 3 of each). */
export const NEARBY_LIMIT = 6;
const NEARBY_RADII_M = [30_000, 150_000, 600_000];

export type BeachIdentifier = { id: number } | UrlParts;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `{beach}` (already URL-decoded by the router) is a numeric id or the beach url "state/area/location/slug". */
export function parseBeachIdentifier(raw: string): BeachIdentifier {
  const value = raw.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (/^\d{1,9}$/.test(value)) return { id: Number(value) };
  const parts = value.split('/');
  if (parts.length === 4 && parts.every((part) => SLUG.test(part))) {
    const [state, areaSlug, citySlug, slug] = parts as [string, string, string, string];
    return { state: state.toUpperCase(), areaSlug, citySlug, slug };
  }
  throw validationFailed({
    beach: ['The beach must be a numeric id or a path of the form state/area/location/beach.'],
  });
}

interface Measured<T> {
  row: T;
  distance: number;
}

function measure<T extends BeachPosition>(origin: BeachRow, rows: T[]): Array<Measured<T>> {
  return rows.map((row) => ({ row, distance: haversineMetres(origin, row) }));
}

/**
 * The entries that can be among the first `limit` by (distance, title) without knowing titles:
 * the `limit` nearest and any tied with the last of them.
 */
function nearestWithTies<T>(entries: Array<Measured<T>>, limit: number): Array<Measured<T>> {
  const sorted = [...entries].sort((a, b) => a.distance - b.distance);
  if (sorted.length <= limit) return sorted;
  const cutoff = sorted[limit - 1]!.distance;
  return sorted.filter((entry) => entry.distance <= cutoff);
}

/** The algal bloom facts of a beach (the algal module provides them). */
export interface BeachAlgalFacts {
  forBeach(beach: BeachRow): Promise<
    Pick<BeachDetailResponse['beach'], 'show_algal_bloom_widget' | 'algal_bloom'> & {
      todayPosts: BeachDetailResponse['todayPosts'];
    }
  >;
}

/** Patrolled today, public attendance and posted updates of a beach (the patrols module provides them). */
export interface BeachPatrolFacts {
  forBeach(beach: BeachRow): Promise<
    Pick<
      BeachDetailResponse['beach'],
      'is_patrolled_today' | 'patrol_set_at' | 'patrol_set_by' | 'attendances' | 'attendance_is_sample'
    > & {
      todayPosts: BeachDetailResponse['todayPosts'];
    }
  >;
}

/** NSW Beachwatch water quality of a beach (the water-quality module provides it); null: no site. */
export interface BeachWaterQualityFacts {
  forBeach(beach: BeachRow): Promise<WaterQuality | null>;
}

export function createBeachesService(
  repo: BeachesRepository,
  clock: () => Date = () => new Date(),
  algal?: BeachAlgalFacts,
  patrols?: BeachPatrolFacts,
  waterQuality?: BeachWaterQualityFacts,
) {
  /** Candidates for the nearest other beaches (positions only; see nearestWithTies). */
  async function nearest(beach: BeachRow) {
    for (const radius of NEARBY_RADII_M) {
      const rows = await repo.positionsWithinBox(beach, radius, beach.id);
      if (rows.length >= NEARBY_LIMIT || radius === NEARBY_RADII_M.at(-1)) {
        return nearestWithTies(
          measure(beach, rows).filter((entry) => entry.distance <= radius),
          NEARBY_LIMIT,
        );
      }
    }
    return [];
  }

  /**
   * The nearby and same-area summaries, each nearest first (ties by title), at most NEARBY_LIMIT:
   * positions first (from the indexes, no table rows), then one query for the summary columns of
   * the few beaches kept.
   */
  async function related(beach: BeachRow) {
    const [near, sameArea] = await Promise.all([
      nearest(beach),
      repo
        .positionsInArea(beach.state, beach.area_slug, beach.id)
        .then((rows) => nearestWithTies(measure(beach, rows), NEARBY_LIMIT)),
    ]);
    const summaries = new Map(
      (await repo.summariesByIds([...new Set([...near, ...sameArea].map(({ row }) => row.id))])).map(
        (row) => [row.id, row],
      ),
    );
    const present = (list: Array<Measured<BeachPosition>>) =>
      list
        .flatMap(({ row, distance }) => {
          const summary = summaries.get(row.id);
          return summary ? [{ summary, distance }] : [];
        })
        .sort((a, b) => a.distance - b.distance || a.summary.title.localeCompare(b.summary.title))
        .slice(0, NEARBY_LIMIT)
        .map(({ summary, distance }) => presentSummary(summary, distance));
    return { nearBy: present(near), relatedBeaches: present(sameArea) };
  }

  return {
    async detail(identifier: BeachIdentifier): Promise<BeachDetailResponse> {
      const beach =
        'id' in identifier ? await repo.findById(identifier.id) : await repo.findByUrl(identifier);
      if (!beach) throw notFound('Beach not found.');

      const [
        clubs,
        contributors,
        images,
        { nearBy, relatedBeaches },
        locality,
        algalFacts,
        patrolFacts,
        waterQualityFacts,
      ] = await Promise.all([
        repo.clubsOf(beach.id),
        repo.sourcesOf(beach.id),
        repo.imagesOf(beach.id),
        related(beach),
        beach.locality_id === null ? undefined : repo.localityUrlParts(beach.locality_id),
        algal?.forBeach(beach),
        patrols?.forBeach(beach),
        // Never fails the detail: no answer is no information.
        waterQuality?.forBeach(beach).catch(() => null),
      ]);
      const postcodeUrl = locality
        ? placeUrl(locality)
        : placeUrl({ state: beach.state, area_slug: beach.area_slug, slug: beach.city_slug });

      return {
        beach: {
          ...presentBeach(beach, {
            clubs,
            contributors,
            image: images[0]?.url ?? null,
            postcodeUrl,
            renderedAt: clock(),
          }),
          ...(algalFacts
            ? {
                show_algal_bloom_widget: algalFacts.show_algal_bloom_widget,
                algal_bloom: algalFacts.algal_bloom,
              }
            : {}),
          ...(patrolFacts
            ? {
                is_patrolled_today: patrolFacts.is_patrolled_today,
                patrol_set_at: patrolFacts.patrol_set_at ?? null,
                patrol_set_by: patrolFacts.patrol_set_by ?? null,
                attendances: patrolFacts.attendances,
                attendance_is_sample: patrolFacts.attendance_is_sample,
              }
            : {}),
          ...(waterQuality ? { water_quality: waterQualityFacts ?? null } : {}),
        },
        nearBy,
        relatedBeaches,
        images: images.map(presentImage),
        todayPosts: mergeTodayPosts(algalFacts?.todayPosts ?? [], patrolFacts?.todayPosts ?? []),
      };
    },
  };
}

export type BeachesService = ReturnType<typeof createBeachesService>;
