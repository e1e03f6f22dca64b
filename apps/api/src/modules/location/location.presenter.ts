import {
  liveStatusAt,
  timezoneFor,
  type ClosestPostcode,
  type ListBeach,
  type Place,
} from '@safeshore/domain';
import { beachRowUrl, placeUrl } from '../beaches/beaches.presenter.ts';
import type { ListBeachRow, LocalityPlaceRow } from './location.repository.ts';

const flag = (value: number | null): 0 | 1 | null => (value === null ? null : value > 0 ? 1 : 0);

const COVID_STATUSES = new Set<ListBeach['covid_status']>(['red', 'amber', 'green']);

/**
 * A beach in a Home list or on the map. Whether it is patrolled today comes from patrol schedules,
 * which this module does not read: it stays null (unknown), never a guess.
 */
export function presentListBeach(row: ListBeachRow, distance: number, now: Date): ListBeach {
  const live = liveStatusAt(row, now);
  const covid = row.covid_status as ListBeach['covid_status'];
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    url: beachRowUrl(row),
    image: row.image,
    city: row.city,
    state: row.state,
    area: row.area,
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
    length: row.length_m,
    hazard: row.hazard,
    patrol: row.patrol,
    distance: Math.round(distance),
    timezone: row.timezone,
    // The live status in force now (issue 17); an expired one is no status.
    status: live.status,
    status_reason: live.status_reason,
    status_set_at: live.status_set_at,
    status_expires_at: live.status_expires_at,
    covid_status: COVID_STATUSES.has(covid) ? covid : null,
    is_patrolled_today: null,
    has_toilet: flag(row.has_toilet),
    has_parking: flag(row.has_parking),
    has_dogs_allowed: flag(row.has_dogs_allowed),
    has_dogs_allowed_on_leash: flag(row.has_dogs_allowed_on_leash),
    is_sample: row.is_sample === 1,
  };
}

/**
 * The place of spec section 3. Observations and marine warnings come from the conditions module
 * (the location service adds them); forecasts are not connected: null, [] with a null
 * marine_warnings_source mean "not known", not "none".
 */
export function presentPlace(locality: LocalityPlaceRow, region3: string | null): Place {
  return {
    id: locality.id,
    title: locality.title,
    postcode: locality.postcode,
    state: locality.state,
    region3,
    latitude: locality.latitude,
    longitude: locality.longitude,
    url: placeUrl(locality),
    // From the rule rather than the stored column, so a corrected rule applies to existing places.
    timezone: timezoneFor(locality.state, locality),
    beaches_count: locality.beaches_count,
    current_observations: null,
    current_point_place_forecasts: null,
    todays_marine_warnings: [],
    marine_warnings_source: null,
  };
}

export function presentClosestPostcode(locality: LocalityPlaceRow, beachesCount: number): ClosestPostcode {
  return {
    postcode: locality.postcode,
    title: locality.title,
    state: locality.state,
    longitude: locality.longitude,
    latitude: locality.latitude,
    beaches_count: beachesCount,
    url: placeUrl(locality),
  };
}
