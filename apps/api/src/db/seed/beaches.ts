import fs from 'node:fs';
import path from 'node:path';
import {
  haversineMetres,
  indexTerms,
  normalizeSearchText,
  slugify,
  timezoneFor,
  MAX_BEACH_LOCALITY_DISTANCE_M,
} from '@safeshore/domain';
import type { Transaction } from 'kysely';
import { markBeachesChanged, markLocalityBeachesChanged } from '../changes.ts';
import { bumpDataVersion } from '../data-version.ts';
import type { DB, Database, LocalityRow, NewBeach } from '../schema.ts';
import { parseBeachFile, type BeachImportRow } from './beach-rows.ts';

export interface BeachImportReport {
  file: string;
  added: number;
  updated: number;
  unchanged: number;
  rejected: Array<{ line: number; title: string | null; reasons: string[] }>;
}

type Trx = Transaction<DB>;

/** Stable key when the file gives none: "{state}-{postcode}-{slug}", e.g. nsw-2026-bondi-beach. */
export function deriveBeachKey(row: Pick<BeachImportRow, 'state' | 'postcode' | 'title'>): string {
  return `${row.state.toLowerCase()}-${row.postcode}-${slugify(row.title)}`;
}

async function findLocality(trx: Trx, row: BeachImportRow): Promise<LocalityRow | undefined> {
  const candidates = await trx
    .selectFrom('localities')
    .selectAll()
    .where('postcode', '=', row.postcode)
    .where('state', '=', row.state)
    .execute();
  const wanted = normalizeSearchText(row.city);
  return candidates.find((place) => place.search_name === wanted);
}

function beachValues(
  row: BeachImportRow,
  locality: LocalityRow,
  key: string,
  source: string,
  now: string,
): NewBeach {
  return {
    key,
    slug: slugify(row.title),
    title: row.title,
    search_name: normalizeSearchText(row.title),
    state: row.state,
    area: row.area,
    area_slug: slugify(row.area),
    city: locality.title,
    city_slug: locality.slug,
    postcode: row.postcode,
    locality_id: locality.id,
    latitude: row.latitude,
    longitude: row.longitude,
    timezone: timezoneFor(row.state, row),
    length_m: row.length_m ?? null,
    hazard: row.hazard ?? null,
    patrol: row.patrol ?? null,
    description: JSON.stringify(row.description ? { Beach: row.description } : {}),
    coordinate_source: row.coord_source ?? null,
    coordinate_precision_m: row.coord_precision_m ?? null,
    data_source: row.source ?? source,
    data_licence: row.licence ?? null,
    created_at: now,
    updated_at: now,
  };
}

const COMPARED_FIELDS = [
  'slug',
  'title',
  'state',
  'area',
  'area_slug',
  'city',
  'city_slug',
  'postcode',
  'locality_id',
  'latitude',
  'longitude',
  'timezone',
  'length_m',
  'hazard',
  'patrol',
  'description',
  'coordinate_source',
  'coordinate_precision_m',
  'data_source',
  'data_licence',
] as const;

async function linkClubs(trx: Trx, beachId: number, state: string, clubNames: string[]): Promise<boolean> {
  const current = await trx
    .selectFrom('beach_clubs')
    .innerJoin('clubs', 'clubs.id', 'beach_clubs.club_id')
    .select(['clubs.title'])
    .where('beach_clubs.beach_id', '=', beachId)
    .orderBy('beach_clubs.sort')
    .execute();
  if (current.map((c) => c.title).join('|') === clubNames.join('|')) return false;
  await trx.deleteFrom('beach_clubs').where('beach_id', '=', beachId).execute();
  for (const [sort, title] of clubNames.entries()) {
    const slug = slugify(title);
    let club = await trx
      .selectFrom('clubs')
      .select('id')
      .where('state', '=', state)
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!club) {
      club = await trx
        .insertInto('clubs')
        .values({ title, slug, state, search_name: normalizeSearchText(title) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const terms = indexTerms(title).map((term) => ({ term, kind: 'club' as const, ref_id: club!.id }));
      if (terms.length > 0) await trx.insertInto('search_terms').values(terms).execute();
    }
    await trx.insertInto('beach_clubs').values({ beach_id: beachId, club_id: club.id, sort }).execute();
  }
  return true;
}

async function refreshLocalityCounts(trx: Trx, localityIds: Array<number | null>): Promise<void> {
  for (const id of new Set(localityIds)) {
    if (id === null) continue;
    const { count } = await trx
      .selectFrom('beaches')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('locality_id', '=', id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('localities')
      .set({ beaches_count: Number(count) })
      .where('id', '=', id)
      .execute();
  }
}

type RowOutcome = 'added' | 'updated' | 'unchanged';

class RowRejected extends Error {}

async function upsertBeach(trx: Trx, row: BeachImportRow, defaultSource: string): Promise<RowOutcome> {
  const locality = await findLocality(trx, row);
  if (!locality) {
    throw new RowRejected(`locality "${row.city}" ${row.postcode} ${row.state} is not in the places data`);
  }
  const distance = haversineMetres(row, locality);
  if (distance > MAX_BEACH_LOCALITY_DISTANCE_M) {
    throw new RowRejected(
      `coordinate is ${(distance / 1000).toFixed(1)} km from ${locality.title} ${locality.postcode}; ` +
        `the limit is ${MAX_BEACH_LOCALITY_DISTANCE_M / 1000} km: check the coordinate or the locality`,
    );
  }
  const key = row.key ?? deriveBeachKey(row);
  const now = new Date().toISOString();
  const values = beachValues(row, locality, key, defaultSource, now);

  const clash = await trx
    .selectFrom('beaches')
    .select('key')
    .where('state', '=', values.state)
    .where('area_slug', '=', values.area_slug)
    .where('city_slug', '=', values.city_slug)
    .where('slug', '=', values.slug)
    .where('key', '!=', key)
    .executeTakeFirst();
  if (clash) throw new RowRejected(`its page address is already used by beach ${clash.key}`);

  const existing = await trx.selectFrom('beaches').selectAll().where('key', '=', key).executeTakeFirst();
  const clubNames = (row.clubs ?? '')
    .split('|')
    .map((c) => c.trim())
    .filter(Boolean);

  let beachId: number;
  let outcome: RowOutcome;
  if (!existing) {
    const inserted = await trx.insertInto('beaches').values(values).returning('id').executeTakeFirstOrThrow();
    beachId = inserted.id;
    outcome = 'added';
  } else {
    beachId = existing.id;
    const changed = COMPARED_FIELDS.some((field) => existing[field] !== values[field]);
    if (changed) {
      const { created_at: _created, ...update } = values;
      await trx.updateTable('beaches').set(update).where('id', '=', beachId).execute();
    }
    outcome = changed ? 'updated' : 'unchanged';
  }
  const clubsChanged = await linkClubs(trx, beachId, row.state, clubNames);
  if (outcome === 'unchanged' && clubsChanged) {
    outcome = 'updated';
    await trx.updateTable('beaches').set({ updated_at: now }).where('id', '=', beachId).execute();
  }
  if (outcome !== 'unchanged') {
    await trx.deleteFrom('search_terms').where('kind', '=', 'beach').where('ref_id', '=', beachId).execute();
    const terms = indexTerms(row.title).map((term) => ({ term, kind: 'beach' as const, ref_id: beachId }));
    if (terms.length > 0) await trx.insertInto('search_terms').values(terms).execute();
    const council = await trx
      .updateTable('localities')
      .set({ area_slug: values.area_slug })
      .where('id', '=', locality.id)
      .where('area_slug', 'is', null)
      .executeTakeFirst();
    await refreshLocalityCounts(trx, [locality.id, existing?.locality_id ?? null]);
    // A place that learns its council moves its page, so its beaches' postcode_url changes too.
    if (Number(council.numUpdatedRows) > 0) await markLocalityBeachesChanged(trx, [locality.id]);
    else await markBeachesChanged(trx, [beachId]);
  }
  return outcome;
}

/**
 * Imports beaches from a CSV or GeoJSON file, idempotent by beach key. Each row is written in its
 * own transaction: a bad row is rejected with its reasons and never half-written, and the rows
 * around it still load.
 */
export async function importBeaches(db: Database, file: string): Promise<BeachImportReport> {
  const text = fs.readFileSync(file, 'utf8');
  const rows = parseBeachFile(file, text);
  const defaultSource = `import of ${path.basename(file)}`;
  const report: BeachImportReport = { file, added: 0, updated: 0, unchanged: 0, rejected: [] };
  const seenKeys = new Map<string, number>();
  for (const parsed of rows) {
    if (!parsed.ok) {
      report.rejected.push({ line: parsed.line, title: null, reasons: parsed.reasons });
      continue;
    }
    const key = parsed.row.key ?? deriveBeachKey(parsed.row);
    const firstLine = seenKeys.get(key);
    if (firstLine !== undefined) {
      report.rejected.push({
        line: parsed.line,
        title: parsed.row.title,
        reasons: [`duplicate of line ${firstLine} (key ${key})`],
      });
      continue;
    }
    seenKeys.set(key, parsed.line);
    try {
      const outcome = await db.transaction().execute(async (trx) => {
        const result = await upsertBeach(trx, parsed.row, defaultSource);
        if (result !== 'unchanged') await bumpDataVersion(trx, new Date());
        return result;
      });
      report[outcome]++;
    } catch (error) {
      if (!(error instanceof RowRejected)) throw error;
      report.rejected.push({ line: parsed.line, title: parsed.row.title, reasons: [error.message] });
    }
  }
  return report;
}
