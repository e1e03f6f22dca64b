import path from 'node:path';
import { ImportFileError } from '../beach-rows.ts';
import { OverpassJsonSource } from './overpass-json.ts';
import { PbfSource } from './pbf-reader.ts';
import type { OsmSource } from './types.ts';

/** Picks the reader by file name: `.osm.pbf` / `.pbf`, or Overpass `.json`. */
export function openOsmSource(file: string): OsmSource {
  const name = path.basename(file).toLowerCase();
  if (name.endsWith('.pbf')) return new PbfSource(file);
  if (name.endsWith('.json')) return new OverpassJsonSource(file);
  throw new ImportFileError(
    `Unsupported file type "${path.extname(name)}": use an OpenStreetMap .osm.pbf extract or Overpass JSON (.json).`,
  );
}
