import path from 'node:path';
import { z } from 'zod';
import { STATE_CODES, fieldErrors, isInAustralia } from '@safeshore/domain';
import { parseCsv } from '../../lib/csv.ts';

/**
 * The beach import format (data/beaches/FORMAT.md): CSV with a header row, or a GeoJSON
 * FeatureCollection of Points whose properties use the same names.
 */
export const BEACH_COLUMNS = [
  'key',
  'title',
  'state',
  'area',
  'city',
  'postcode',
  'latitude',
  'longitude',
  'coord_source',
  'coord_precision_m',
  'length_m',
  'patrol',
  'clubs',
  'description',
  'source',
  'hazard',
  'licence',
] as const;

const REQUIRED_COLUMNS = ['title', 'state', 'area', 'city', 'postcode', 'latitude', 'longitude'] as const;

const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : Number(v)), schema.optional());
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max).optional(),
  );
const requiredText = (max: number) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max);

export const BeachImportRowSchema = z
  .object({
    key: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{2,99}$/, 'must be 3-100 lower-case letters, digits or dashes')
        .optional(),
    ),
    title: requiredText(120),
    state: z.enum(STATE_CODES, { error: `must be one of ${STATE_CODES.join(', ')}` }),
    area: requiredText(80),
    city: requiredText(80),
    postcode: z.string({ error: 'is required' }).regex(/^\d{4}$/, 'must be 4 digits'),
    latitude: z.coerce.number({ error: 'must be a number' }).min(-90).max(90),
    longitude: z.coerce.number({ error: 'must be a number' }).min(-180).max(180),
    coord_source: optionalText(500),
    coord_precision_m: optionalNumber(z.number().int('must be a whole number').min(0).max(100_000)),
    length_m: optionalNumber(z.number().int('must be a whole number').min(1).max(300_000)),
    patrol: optionalNumber(z.number().int('must be a whole number').min(0).max(99)),
    clubs: optionalText(1000),
    description: optionalText(5000),
    source: optionalText(300),
    hazard: optionalNumber(z.number().min(0, 'must be between 0 and 10').max(10, 'must be between 0 and 10')),
    licence: optionalText(100),
  })
  .refine((row) => isInAustralia(row), { message: 'coordinate is outside Australia', path: ['latitude'] });

export type BeachImportRow = z.infer<typeof BeachImportRowSchema>;

export interface RawRow {
  line: number;
  values: Record<string, unknown>;
}

export type ParsedRow =
  { line: number; ok: true; row: BeachImportRow } | { line: number; ok: false; reasons: string[] };

export class ImportFileError extends Error {}

function fromCsv(text: string): RawRow[] {
  const records = parseCsv(text);
  const header = records[0]?.fields.map((h) => h.trim());
  if (!header) throw new ImportFileError('The file is empty.');
  const unknown = header.filter((h) => !(BEACH_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0) throw new ImportFileError(`Unknown column(s): ${unknown.join(', ')}.`);
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) throw new ImportFileError(`Missing column(s): ${missing.join(', ')}.`);
  return records.slice(1).map((record) => {
    const values: Record<string, unknown> = {};
    header.forEach((name, i) => (values[name] = record.fields[i] ?? ''));
    if (record.fields.length !== header.length) values.__width = record.fields.length;
    return { line: record.line, values };
  });
}

function fromGeoJson(text: string): RawRow[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(`Not valid JSON: ${(error as Error).message}`);
  }
  const collection = z
    .object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })
    .safeParse(doc);
  if (!collection.success) throw new ImportFileError('Expected a GeoJSON FeatureCollection.');
  return collection.data.features.map((feature, index) => {
    const f = feature as {
      geometry?: { type?: string; coordinates?: unknown };
      properties?: Record<string, unknown>;
    };
    const values: Record<string, unknown> = { ...(f.properties ?? {}) };
    const coords = f.geometry?.coordinates;
    if (f.geometry?.type === 'Point' && Array.isArray(coords)) {
      values.longitude = coords[0];
      values.latitude = coords[1];
    } else {
      values.__geometry = f.geometry?.type ?? 'missing';
    }
    return { line: index + 1, values };
  });
}

/** Reads a CSV or GeoJSON file's text into validated rows; each bad row carries its reasons. */
export function parseBeachFile(fileName: string, text: string): ParsedRow[] {
  const ext = path.extname(fileName).toLowerCase();
  const raw =
    ext === '.csv' ? fromCsv(text) : ext === '.geojson' || ext === '.json' ? fromGeoJson(text) : null;
  if (!raw) throw new ImportFileError(`Unsupported file type "${ext}": use .csv or .geojson.`);
  return raw.map(({ line, values }) => {
    if (values.__width !== undefined) {
      return {
        line,
        ok: false,
        reasons: [`has ${String(values.__width)} fields; the header has a different number`],
      };
    }
    if (values.__geometry !== undefined) {
      return { line, ok: false, reasons: [`geometry must be a Point, got ${String(values.__geometry)}`] };
    }
    const unknown = Object.keys(values).filter((k) => !(BEACH_COLUMNS as readonly string[]).includes(k));
    if (unknown.length > 0)
      return { line, ok: false, reasons: [`unknown propert(ies): ${unknown.join(', ')}`] };
    const normalized = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        typeof v === 'number' && k !== 'latitude' && k !== 'longitude' ? String(v) : v,
      ]),
    );
    const parsed = BeachImportRowSchema.safeParse(normalized);
    if (parsed.success) return { line, ok: true, row: parsed.data };
    const reasons = Object.entries(fieldErrors(parsed.error)).map(
      ([field, messages]) => `${field} ${messages.join('; ')}`,
    );
    return { line, ok: false, reasons };
  });
}
