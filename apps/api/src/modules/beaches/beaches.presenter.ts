import type { Beach, BeachDetailResponse, BeachSummary, TodayPost } from '@safeshore/domain';
import { beachUrl, liveStatusAt, presentShoreNormal } from '@safeshore/domain';
import type { BeachRow } from '../../db/schema.ts';

/** A 0/1 fact, null when unknown (the detail and the offline record show flags alike). */
export const flag = (value: number | null): 0 | 1 | null => (value === null ? null : value > 0 ? 1 : 0);

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function placeUrl(place: { state: string; area_slug: string | null; slug: string }): string {
  return `/${place.state.toLowerCase()}/${place.area_slug ?? place.slug}/${place.slug}`;
}

export function beachRowUrl(row: Pick<BeachRow, 'state' | 'area_slug' | 'city_slug' | 'slug'>): string {
  return beachUrl({ state: row.state, areaSlug: row.area_slug, locationSlug: row.city_slug, slug: row.slug });
}

/** The beach columns a summary reads (list queries select only these). */
export type BeachSummaryRow = Pick<
  BeachRow,
  | 'id'
  | 'key'
  | 'title'
  | 'state'
  | 'area'
  | 'area_slug'
  | 'city'
  | 'city_slug'
  | 'slug'
  | 'postcode'
  | 'latitude'
  | 'longitude'
  | 'length_m'
  | 'hazard'
  | 'patrol'
>;

export function presentSummary(row: BeachSummaryRow, distance: number | null): BeachSummary {
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    url: beachRowUrl(row),
    image: null,
    city: row.city,
    state: row.state,
    area: row.area,
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
    length: row.length_m,
    hazard: row.hazard,
    patrol: row.patrol,
    distance: distance === null ? null : Math.round(distance),
  };
}

export interface BeachExtras {
  clubs: Array<{ id: number; title: string }>;
  contributors: Beach['source']['contributors'];
  image: string | null;
  postcodeUrl: string;
  renderedAt: Date;
}

/**
 * The beach detail object of spec section 3. Facts we do not hold yet (patrol today, weather,
 * tide, UV, warnings, algal reports) are null or empty, never guessed.
 */
export function presentBeach(row: BeachRow, extras: BeachExtras): Beach {
  const state = row.state.toLowerCase();
  return {
    ...presentSummary(row, null),
    image: extras.image,
    postcode_url: extras.postcodeUrl,
    area_url: `/${state}/${row.area_slug}`,
    state_url: `/${state}`,
    timezone: row.timezone,
    description: parseJson<Record<string, string>>(row.description, {}),
    covid_status: (row.covid_status as Beach['covid_status']) ?? null,
    // The live status in force when the answer is made (an expired one is no status).
    ...liveStatusAt(row, extras.renderedAt),
    is_patrolled_today: null,
    patrol_set_at: null,
    patrol_set_by: null,
    clubs: extras.clubs,
    facilities: parseJson<Beach['facilities']>(row.facilities, []),
    beach_type: row.beach_type ?? null,
    shore_normal: presentShoreNormal(row),
    attendances: {},
    attendance_is_sample: false,
    has_bbq_picnic: flag(row.has_bbq_picnic),
    has_parking: flag(row.has_parking),
    has_public_transport: flag(row.has_public_transport),
    has_toilet: flag(row.has_toilet),
    has_dogs_allowed: flag(row.has_dogs_allowed),
    has_dogs_allowed_on_leash: flag(row.has_dogs_allowed_on_leash),
    weather: null,
    currentTide: null,
    currentUV: null,
    todays_marine_warnings: [],
    show_algal_bloom_widget: false,
    algal_bloom: null,
    is_sample: row.is_sample === 1,
    source: {
      name: row.data_source,
      licence: row.data_licence,
      coordinate_source: row.coordinate_source,
      coordinate_precision_m: row.coordinate_precision_m,
      contributors: extras.contributors,
    },
    rendered_at: extras.renderedAt.toISOString(),
  };
}

/** A carousel photo: its stored sizes (operators' photo import) become the `srcset`. */
export function presentImage(row: {
  id: number;
  url: string;
  caption: string | null;
  credit: string | null;
  licence: string | null;
  licence_url: string | null;
  variants: string;
}): BeachDetailResponse['images'][number] {
  const variants = parseJson<Array<{ width: number; url: string }>>(row.variants, []);
  return {
    id: row.id,
    url: row.url,
    caption: row.caption,
    credit: row.credit,
    licence: row.licence,
    licence_url: row.licence_url,
    srcset: variants.length > 1 ? variants.map((v) => `${v.url} ${v.width}w`).join(', ') : null,
  };
}

/**
 * Today's posts from the algal module (uploaded photos of the day) and from imported or sample
 * posts, photo card first. An uploaded photo of the day replaces any other point-1 post.
 */
export function mergeTodayPosts(uploaded: TodayPost[], posted: TodayPost[]): TodayPost[] {
  const hasPhoto = uploaded.some((post) => post.point_id === 1);
  return [...uploaded, ...posted.filter((post) => !(hasPhoto && post.point_id === 1))].sort(
    (a, b) => a.point_id - b.point_id || a.local_timestamp.localeCompare(b.local_timestamp),
  );
}
