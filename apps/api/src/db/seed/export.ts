import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { csvField } from '../../lib/csv.ts';
import type { Database } from '../schema.ts';
import { BEACH_COLUMNS } from './beach-rows.ts';

export type ExportFormat = 'csv' | 'geojson';

const PAGE = 1000;

type ExportRow = Record<(typeof BEACH_COLUMNS)[number], string | number | null>;

/** Beaches in pages by id, each with its clubs, shaped as import rows (data/beaches/FORMAT.md). */
async function* exportRows(db: Database): AsyncGenerator<ExportRow> {
  let after = 0;
  for (;;) {
    const beaches = await db
      .selectFrom('beaches')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (beaches.length === 0) return;
    const ids = beaches.map((b) => b.id);
    const clubs = await db
      .selectFrom('beach_clubs')
      .innerJoin('clubs', 'clubs.id', 'beach_clubs.club_id')
      .select(['beach_clubs.beach_id', 'clubs.title'])
      .where('beach_clubs.beach_id', 'in', ids)
      .orderBy('beach_clubs.beach_id')
      .orderBy('beach_clubs.sort')
      .execute();
    for (const beach of beaches) {
      const description = (JSON.parse(beach.description) as Record<string, string>).Beach ?? null;
      yield {
        key: beach.key,
        title: beach.title,
        state: beach.state,
        area: beach.area,
        city: beach.city,
        postcode: beach.postcode,
        latitude: beach.latitude,
        longitude: beach.longitude,
        coord_source: beach.coordinate_source,
        coord_precision_m: beach.coordinate_precision_m,
        length_m: beach.length_m,
        patrol: beach.patrol,
        clubs: clubs
          .filter((c) => c.beach_id === beach.id)
          .map((c) => c.title)
          .join('|'),
        description,
        source: beach.data_source,
        hazard: beach.hazard,
        licence: beach.data_licence,
      };
    }
    after = ids.at(-1)!;
  }
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Writes every beach in the import format, streaming page by page so a national data set never
 * sits in memory. Editing the file and importing it back applies the corrections (by key).
 */
export async function exportBeaches(db: Database, format: ExportFormat, out: Writable): Promise<number> {
  let count = 0;
  if (format === 'csv') {
    await write(out, `${BEACH_COLUMNS.join(',')}\n`);
    for await (const row of exportRows(db)) {
      await write(out, `${BEACH_COLUMNS.map((column) => csvField(row[column])).join(',')}\n`);
      count++;
    }
    return count;
  }
  await write(out, '{"type":"FeatureCollection","features":[\n');
  for await (const row of exportRows(db)) {
    const { latitude, longitude, ...rest } = row;
    const properties = Object.fromEntries(
      Object.entries(rest).filter(([, value]) => value !== null && value !== ''),
    );
    const feature = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties,
    };
    await write(out, `${count > 0 ? ',\n' : ''}${JSON.stringify(feature)}`);
    count++;
  }
  await write(out, '\n]}\n');
  return count;
}
