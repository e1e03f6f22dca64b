import { haversineMetres, indexTerms, normalizeSearchText, slugify, timezoneFor } from '@safeshore/domain';
import { sql } from 'kysely';
import { markBeachesChanged } from '../apps/api/src/db/changes.ts';
import { SYNTHETIC_MARK } from '../apps/api/src/db/migrate.ts';
import type { Database, NewBeach } from '../apps/api/src/db/schema.ts';
import { MAINLAND, TASMANIA, pointAlong, seededRandom } from './coastline.ts';

const WORDS = (
  'sand dune headland reef lagoon estuary creek point rock platform pool surf break bar channel gully ' +
  'track car park kiosk grass reserve picnic shelter ramp boardwalk lookout cliff bay inlet shore swell ' +
  'tide current gutter bank wave calm sheltered exposed north south east west end corner stretch walk'
).split(' ');
const PREFIXES = [
  '',
  '',
  '',
  'North ',
  'South ',
  'Little ',
  'Main ',
  'Back ',
  'Shelly ',
  'Long ',
  'Surfers ',
  'Town ',
];
const FACILITIES = [
  { type: 'Facility', name: 'Toilets' },
  { type: 'Facility', name: 'Showers' },
  { type: 'Carpark', name: 'Car park' },
  { type: 'PublicTransport', name: 'Bus stop' },
  { type: 'Structure', name: 'Jetty' },
  { type: 'Facility', name: 'BBQ and picnic area' },
  { type: 'Regulation', name: 'No dogs' },
  { type: 'Regulation', name: 'No glass' },
  { type: 'Hazard', name: 'Rocks' },
  { type: 'Rip', name: 'Permanent rip' },
  { type: 'BioHazard', name: 'Bluebottles' },
  { type: 'Hazard', name: 'Strong currents' },
];

/**
 * Each locality's beaches_count, as the real imports keep it (db/seed/beaches.ts): a location answer
 * prefers a place with beaches and lists the closest postcodes with beaches, so without the counts
 * the benchmarks and the memory-vs-SQL comparison would skip that work.
 */
export async function countLocalityBeaches(db: Database): Promise<void> {
  await sql`update localities set beaches_count = (select count(*) from beaches where beaches.locality_id = localities.id)`.execute(
    db,
  );
}

export interface GenerateOptions {
  count: number;
  seed?: number;
  onProgress?: (done: number) => void;
}

/**
 * Adds `count` synthetic beaches spread along the coast's general shape, with realistic field
 * sizes (descriptions of 100-300 words, facility lists, clubs), each labelled as sample data.
 * The database must already hold the GeoNames places. For benchmarks only.
 */
export async function generateSyntheticBeaches(db: Database, options: GenerateOptions): Promise<number> {
  const random = seededRandom(options.seed ?? 12_000);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const words = (min: number, max: number) =>
    Array.from({ length: min + Math.floor(random() * (max - min)) }, () => pick(WORDS)).join(' ');

  const places = await db
    .selectFrom('localities')
    .select(['id', 'title', 'slug', 'state', 'postcode', 'latitude', 'longitude', 'area_slug'])
    .execute();
  // A 0.5 degree grid for nearest-locality lookups.
  const grid = new Map<string, typeof places>();
  const cell = (lat: number, lng: number) => `${Math.floor(lat * 2)}:${Math.floor(lng * 2)}`;
  for (const place of places) {
    const key = cell(place.latitude, place.longitude);
    grid.set(key, [...(grid.get(key) ?? []), place]);
  }
  const nearest = (lat: number, lng: number) => {
    for (let r = 0; r < 12; r++) {
      const found: typeof places = [];
      for (let i = -r; i <= r; i++)
        for (let j = -r; j <= r; j++)
          found.push(...(grid.get(`${Math.floor(lat * 2) + i}:${Math.floor(lng * 2) + j}`) ?? []));
      if (found.length > 0) {
        return found.reduce((best, p) =>
          haversineMetres({ latitude: lat, longitude: lng }, p) <
          haversineMetres({ latitude: lat, longitude: lng }, best)
            ? p
            : best,
        );
      }
    }
    return places[0]!;
  };

  const usedUrls = new Set<string>();
  const now = new Date().toISOString();
  const BATCH = 500;
  let done = 0;
  await db.transaction().execute(async (trx) => {
    const clubIds: number[] = [];
    for (let c = 0; c < Math.ceil(options.count / 40); c++) {
      const title = `Synthetic Surf Life Saving Club ${c + 1}`;
      const club = await trx
        .insertInto('clubs')
        .values({ title, slug: slugify(title), state: 'NSW', search_name: normalizeSearchText(title) })
        .returning('id')
        .executeTakeFirstOrThrow();
      clubIds.push(club.id);
    }
    while (done < options.count) {
      const rows: NewBeach[] = [];
      for (let i = 0; i < BATCH && done + i < options.count; i++) {
        const n = done + i;
        const onTasmania = random() < 0.06;
        const [lat0, lng0] = pointAlong(onTasmania ? TASMANIA : MAINLAND, random());
        const latitude = Number((lat0 + (random() - 0.5) * 0.04).toFixed(5));
        const longitude = Number((lng0 + (random() - 0.5) * 0.04).toFixed(5));
        const place = nearest(latitude, longitude);
        const title = `${pick(PREFIXES)}${place.title} ${random() < 0.8 ? 'Beach' : pick(['Bay', 'Cove', 'Point', 'Shore'])}`;
        const areaSlug = place.area_slug ?? place.slug;
        let slug = slugify(title);
        for (let k = 2; usedUrls.has(`${place.state}/${areaSlug}/${place.slug}/${slug}`); k++)
          slug = `${slugify(title)}-${k}`;
        usedUrls.add(`${place.state}/${areaSlug}/${place.slug}/${slug}`);
        const facilities = Array.from({ length: 2 + Math.floor(random() * 8) }, () => pick(FACILITIES));
        rows.push({
          key: `synthetic-${n + 1}`,
          slug,
          title,
          search_name: normalizeSearchText(title),
          state: place.state,
          area: `${place.title} (synthetic area)`,
          area_slug: areaSlug,
          city: place.title,
          city_slug: place.slug,
          postcode: place.postcode,
          locality_id: place.id,
          latitude,
          longitude,
          timezone: timezoneFor(place.state, { latitude, longitude }),
          length_m: 200 + Math.floor(random() * 7800),
          hazard: Math.round(random() * 100) / 10,
          patrol: random() < 0.3 ? 1 : null,
          description: JSON.stringify({ Beach: words(100, 300), Access: words(30, 80) }),
          facilities: JSON.stringify([
            ...new Map(facilities.map((f) => [f.name, { ...f, url: null }])).values(),
          ]),
          has_toilet: random() < 0.5 ? 1 : null,
          has_parking: random() < 0.6 ? 1 : null,
          has_dogs_allowed: random() < 0.2 ? 1 : null,
          has_dogs_allowed_on_leash: random() < 0.2 ? 1 : null,
          coordinate_source: 'synthetic',
          coordinate_precision_m: 1000,
          data_source: 'Synthetic benchmark data (not a real beach)',
          data_licence: null,
          is_sample: 1,
          created_at: now,
          updated_at: now,
        });
      }
      const inserted = await trx
        .insertInto('beaches')
        .values(rows)
        .returning(['id', 'title', 'patrol'])
        .execute();
      await markBeachesChanged(
        trx,
        inserted.map((b) => b.id),
      );
      const terms = inserted.flatMap((b) =>
        indexTerms(b.title).map((term) => ({ term, kind: 'beach' as const, ref_id: b.id })),
      );
      for (let t = 0; t < terms.length; t += 1000)
        await trx
          .insertInto('search_terms')
          .values(terms.slice(t, t + 1000))
          .execute();
      const links = inserted
        .filter((b) => b.patrol === 1)
        .map((b) => ({ beach_id: b.id, club_id: pick(clubIds), sort: 0 }));
      if (links.length > 0) await trx.insertInto('beach_clubs').values(links).execute();
      done += rows.length;
      options.onProgress?.(done);
    }
    await countLocalityBeaches(trx);
    await trx
      .insertInto('app_meta')
      .values({ key: SYNTHETIC_MARK, value: String(options.count) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(options.count) }))
      .execute();
  });
  await sql`analyze`.execute(db);
  return done;
}
