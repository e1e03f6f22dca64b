import type { ClosestPostcode, ListBeach, LocationResponse, Place } from '@safeshore/domain';

/** Test data for location answers (component tests only). */
export function listBeach(overrides: Partial<ListBeach> = {}): ListBeach {
  return {
    id: 1,
    key: 'nsw-2026-bondi-beach',
    title: 'Bondi Beach',
    url: '/nsw/waverley/bondi-beach/bondi-beach',
    image: null,
    city: 'Bondi Beach',
    state: 'NSW',
    area: 'Waverley',
    postcode: '2026',
    latitude: -33.8908,
    longitude: 151.2743,
    length: 1000,
    hazard: null,
    patrol: 1,
    distance: 420,
    timezone: 'Australia/Sydney',
    status: null,
    covid_status: null,
    is_patrolled_today: null,
    has_toilet: null,
    has_parking: null,
    has_dogs_allowed: null,
    has_dogs_allowed_on_leash: null,
    is_sample: false,
    ...overrides,
  };
}

export function place(overrides: Partial<Place> = {}): Place {
  return {
    id: 10,
    title: 'Bondi Beach',
    postcode: '2026',
    state: 'NSW',
    region3: 'Waverley',
    latitude: -33.89,
    longitude: 151.27,
    url: '/nsw/waverley/bondi-beach',
    timezone: 'Australia/Sydney',
    beaches_count: 3,
    current_observations: null,
    current_point_place_forecasts: null,
    todays_marine_warnings: [],
    ...overrides,
  };
}

export function postcode(overrides: Partial<ClosestPostcode> = {}): ClosestPostcode {
  return {
    postcode: '2024',
    title: 'Bronte',
    state: 'NSW',
    latitude: -33.9,
    longitude: 151.26,
    beaches_count: 1,
    url: '/nsw/waverley/bronte',
    ...overrides,
  };
}

export function locationResponse(overrides: Partial<LocationResponse> = {}): LocationResponse {
  return {
    place: place(),
    patrolledBeaches: [
      listBeach(),
      listBeach({
        id: 2,
        title: 'Tamarama Beach',
        url: '/nsw/waverley/tamarama/tamarama-beach',
        distance: 1119,
      }),
    ],
    closestBeaches: [
      listBeach({
        id: 3,
        title: 'Mackenzies Bay',
        url: '/nsw/waverley/tamarama/mackenzies-bay',
        patrol: null,
      }),
    ],
    closestPostcodes: [
      postcode(),
      postcode({ postcode: '2031', title: 'Clovelly', url: '/nsw/randwick/clovelly' }),
    ],
    announcements: [],
    show_algal_bloom_warning: false,
    resolved_by: 'coordinates',
    ...overrides,
  };
}
