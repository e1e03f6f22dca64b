import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImportKind } from '@safeshore/domain';
import type { Database } from '../../../db/schema.ts';
import { ImportFileError } from '../../../db/seed/beach-rows.ts';
import { readCsvText } from '../../../db/seed/import-file.ts';
import type { FileStorage } from '../../algal/storage.ts';
import type { ImportCsv, ImportRunOptions, OperatorImportReport } from './common.ts';
import { importFacilities } from './facilities.ts';
import { importHazardRatings } from './hazard-ratings.ts';
import { PHOTO_COLUMNS, importPhotos, type PhotoUpload } from './photos.ts';
import { importRosters } from './rosters.ts';

export { formatOperatorReport, type OperatorImportReport, type AppliedImport } from './common.ts';

/** The manifest's name inside a photo folder (CLI) and the manifest part's name (upload). */
export const PHOTO_MANIFEST = 'photos.csv';

/** What an import reads: a CSV file, or (photos) a manifest and its image files. */
export type ImportInput =
  { kind: Exclude<ImportKind, 'photos'>; file: ImportCsv } | { kind: 'photos'; upload: PhotoUpload };

export interface ImportServices {
  storage: FileStorage;
  maxPhotoBytes: number;
}

/** The one code path of every operator import (admin CLI and console upload). */
export function runImport(
  db: Database,
  input: ImportInput,
  options: ImportRunOptions,
  services: ImportServices,
): Promise<OperatorImportReport> {
  switch (input.kind) {
    case 'rosters':
      return importRosters(db, input.file, options);
    case 'facilities':
      return importFacilities(db, input.file, options);
    case 'hazard-ratings':
      return importHazardRatings(db, input.file, options);
    case 'photos':
      return importPhotos(db, input.upload, {
        ...options,
        storage: services.storage,
        maxBytes: services.maxPhotoBytes,
      });
  }
}

/** A CSV file for the CLI (a .csv, read as UTF-8). */
export async function readImportCsv(file: string): Promise<ImportCsv> {
  if (path.extname(file).toLowerCase() !== '.csv')
    throw new ImportFileError(`Unsupported file type "${path.extname(file)}": use a .csv file.`);
  return { name: path.basename(file), text: await fs.readFile(file, 'utf8') };
}

/**
 * A photo folder for the CLI: its manifest (photos.csv, or the only .csv in it) and the image
 * files beside it that the manifest names (others are not read).
 */
export async function readPhotoFolder(dir: string): Promise<PhotoUpload> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR')
      throw new ImportFileError(
        `${dir} is not a folder: give the folder holding ${PHOTO_MANIFEST} and the images.`,
      );
    throw error;
  }
  const files = entries.filter((e) => e.isFile());
  const csvs = files.filter((e) => e.name.toLowerCase().endsWith('.csv'));
  const manifest = csvs.find((e) => e.name === PHOTO_MANIFEST) ?? (csvs.length === 1 ? csvs[0] : undefined);
  if (!manifest)
    throw new ImportFileError(
      csvs.length === 0
        ? `${dir} has no manifest: put ${PHOTO_MANIFEST} beside the images.`
        : `${dir} has several .csv files: name the manifest ${PHOTO_MANIFEST}.`,
    );
  const text = await fs.readFile(path.join(dir, manifest.name), 'utf8');
  const named = new Set(
    readCsvText(text, manifest.name, PHOTO_COLUMNS, []).map((row) => row.values.file?.trim() ?? ''),
  );
  const images = new Map<string, string>();
  for (const entry of files)
    if (entry !== manifest && named.has(entry.name)) images.set(entry.name, path.join(dir, entry.name));
  return { manifest: { name: manifest.name, text }, files: images };
}
