import type { Beach, BeachDetailResponse, BeachSummary, PatrolsResponse } from '@safeshore/domain';

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

const FIXTURE_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const FIXTURE_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A patrols answer for `days` days from `from`: one club ("North Bondi SLSC", id 5) patrolling
 * weekends 09:00-17:00, with a public holiday on the first day when `holiday` is given.
 */
export function patrolsResponse(
  from = '2026-11-21',
  overrides: Partial<PatrolsResponse> & { holiday?: string; days?: number } = {},
): PatrolsResponse {
  const { holiday, days = 7, ...rest } = overrides;
  const dates = Array.from({ length: days }, (_, i) => {
    const stamp = new Date(`${from}T00:00:00Z`);
    stamp.setUTCDate(stamp.getUTCDate() + i);
    return stamp;
  });
  return {
    patrols: {
      '5': {
        name: 'North Bondi SLSC',
        days: dates.map((d, i) => {
          const weekend = d.getUTCDay() === 0 || d.getUTCDay() === 6;
          return {
            date: d.toISOString().slice(0, 10),
            is_patrol: weekend ? 1 : 0,
            start_time: weekend ? '09:00' : null,
            end_time: weekend ? '17:00' : null,
            public_holiday: i === 0 && holiday ? holiday : null,
          };
        }),
      },
    },
    schedule_dates: dates.map((d) => ({
      day: FIXTURE_WEEKDAYS[d.getUTCDay()]!,
      date: d.toISOString().slice(0, 10),
      simple: `${String(d.getUTCDate()).padStart(2, '0')} ${FIXTURE_MONTHS[d.getUTCMonth()]!}`,
    })),
    date: from,
    timezone: 'Australia/Sydney',
    is_sample: false,
    source: 'Test roster',
    ...rest,
  };
}
