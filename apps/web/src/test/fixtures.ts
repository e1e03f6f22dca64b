import type { Beach, BeachDetailResponse, BeachSummary } from '@safeshore/domain';

export function summary(overrides: Partial<BeachSummary> = {}): BeachSummary {
  return {
    id: 2,
    key: 'nsw-2026-tamarama-beach',
    title: 'Tamarama Beach',
    url: '/nsw/waverley/tamarama/tamarama-beach',
    image: null,
    city: 'Tamarama',
    state: 'NSW',
    area: 'Waverley',
    postcode: '2026',
    latitude: -33.9,
    longitude: 151.27,
    length: 100,
    hazard: null,
    patrol: 1,
    distance: 1119,
    ...overrides,
  };
}

export function beach(overrides: Partial<Beach> = {}): Beach {
  return {
    ...summary({
      id: 1,
      key: 'nsw-2026-bondi-beach',
      title: 'Bondi Beach',
      url: '/nsw/waverley/bondi-beach/bondi-beach',
      city: 'Bondi Beach',
      distance: null,
      length: 1000,
    }),
    postcode_url: '/nsw/waverley/bondi-beach',
    area_url: '/nsw/waverley',
    state_url: '/nsw',
    timezone: 'Australia/Sydney',
    description: {},
    covid_status: null,
    status: null,
    is_patrolled_today: null,
    clubs: [],
    facilities: [],
    attendances: {},
    attendance_is_sample: false,
    has_bbq_picnic: null,
    has_parking: null,
    has_public_transport: null,
    has_toilet: null,
    has_dogs_allowed: null,
    has_dogs_allowed_on_leash: null,
    weather: null,
    currentTide: null,
    currentUV: null,
    todays_marine_warnings: [],
    show_algal_bloom_widget: false,
    algal_bloom: null,
    is_sample: false,
    source: {
      name: 'Test source',
      licence: null,
      coordinate_source: 'test',
      coordinate_precision_m: 300,
      contributors: [],
    },
    rendered_at: '2026-11-21T02:05:00.000Z',
    ...overrides,
  };
}

export function detail(overrides: Partial<BeachDetailResponse> = {}): BeachDetailResponse {
  return { beach: beach(), nearBy: [], relatedBeaches: [], images: [], todayPosts: [], ...overrides };
}
