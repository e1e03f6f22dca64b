import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { beachesByKey, readCsvText } from '../../../db/seed/import-file.ts';
import { MAX_INPUT_PIXELS, PHOTO_TOO_LARGE, sniffImageFormat } from '../../algal/images.ts';
import type { FileStorage } from '../../algal/storage.ts';
import {
  announceChanges,
  emptyOperatorReport,
  inTransaction,
  refusalsOf,
  sortRejections,
  type ImportCsv,
  type ImportRunOptions,
  type OperatorImportReport,
  parseRows,
} from './common.ts';

/**
 * Beach photos with their licence and credit: a CSV manifest (one row per photo) and the image
 * files it names. Each image is checked by its content (JPEG, PNG or WebP, at most 40 megapixels:
 * the algal photo pipeline's rules), re-encoded as WebP without metadata at the responsive widths
 * below and stored. For each beach the manifest names, its rows are the beach's imported photos in
 * carousel order: photos imported earlier and no longer listed are removed. A photo is identified
 * by (beach, file name) and its content hash, so a re-run stores nothing and changes nothing.
 */

export const PHOTO_COLUMNS = [
  'beach',
  'file',
  'caption',
  'credit',
  'licence',
  'licence_url',
  'source',
] as const;
const REQUIRED = ['beach', 'file', 'credit', 'licence'] as const;

/** The widths each photo is stored at (fit inside a square of that side, never enlarged). */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;

/** File names in a manifest: a plain name in the folder or upload, no path. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,199}$/;

const https = (v: string) => v === '' || /^https:\/\/[^\s]+$/.test(v);

const RowSchema = z.object({
  beach: z.string().regex(/^[a-z0-9][a-z0-9-]{2,99}$/, 'must be a beach key'),
  file: z
    .string()
    .regex(FILE_NAME, 'must be a file name (letters, digits, dots, dashes, spaces; no folders)'),
  caption: z.string().max(200, 'must be at most 200 characters').default(''),
  credit: z.string().min(1, 'is required: who took the photo or holds its rights').max(200),
  licence: z.string().min(1, 'is required (e.g. CC BY 4.0, or "used with permission")').max(100),
  licence_url: z.string().max(500).refine(https, 'must be an https:// address').default(''),
  source: z.string().max(500).refine(https, 'must be an https:// address').default(''),
});

export interface PhotoUpload {
  manifest: ImportCsv;
  /**
   * The image files by the name the manifest uses: where each is on disk (the CLI's folder, an
   * upload's temporary files). Images are read from disk by sharp, never held whole in memory.
   */
  files: Map<string, string>;
}

export interface PhotoImportOptions extends ImportRunOptions {
  storage: FileStorage;
  /** The largest image file accepted, in bytes (ALGAL_PHOTO_MAX_BYTES). */
  maxBytes: number;
}

export interface PhotoVariant {
  width: number;
  key: string;
  url: string;
}

interface Processed {
  hash: string;
  variants: Array<{ width: number; data: Buffer }>;
}

async function headOf(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file);
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function hashOf(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * The image file at PHOTO_WIDTHS as WebP (orientation applied, metadata dropped); a width that
 * would enlarge the image is left out, so a small photo has fewer sizes. A reason string when the
 * content is not an acceptable image. sharp reads the file and decodes on libuv's threads.
 */
export async function processBeachPhoto(file: string): Promise<Processed | string> {
  const sniffed = sniffImageFormat(await headOf(file));
  if (!sniffed) return 'is not a JPEG, PNG or WebP image (checked by its content)';
  let meta;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    return 'is not a readable image';
  }
  if (meta.format !== sniffed) return 'is not a readable image';
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) return PHOTO_TOO_LARGE;
  try {
    const variants: Processed['variants'] = [];
    for (const width of PHOTO_WIDTHS) {
      const { data: out, info } = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const longSide = Math.max(info.width, info.height);
      if (variants.some((v) => v.width === info.width)) break;
      variants.push({ width: info.width, data: out });
      if (longSide < width) break;
    }
    return { hash: await hashOf(file), variants };
  } catch {
    return 'is not a readable image';
  }
}

interface PhotoPlan {
  line: number;
  beachId: number;
  file: string;
  caption: string | null;
  credit: string;
  licence: string;
  licenceUrl: string | null;
  source: string | null;
  sort: number;
  processed: Processed;
}

export async function importPhotos(
  db: Database,
  upload: PhotoUpload,
  options: PhotoImportOptions,
): Promise<OperatorImportReport> {
  const report = emptyOperatorReport('photos');
  report.removed = 0;
  const rows = readCsvText(upload.manifest.text, upload.manifest.name, PHOTO_COLUMNS, REQUIRED);
  const parsed = parseRows(rows, RowSchema, report);
  const beaches = await beachesByKey(
    db,
    parsed.map((p) => p.row.beach),
  );
  const refusals = await refusalsOf(beaches.values(), options.checkBeach);

  const processed = new Map<string, Processed | string>();
  const plans: PhotoPlan[] = [];
  const seen = new Map<string, number>();
  const sorts = new Map<number, number>();
  for (const { line, row } of parsed) {
    const beach = beaches.get(row.beach);
    const reasons: string[] = [];
    if (!beach) reasons.push(`beach: no beach with key ${row.beach}`);
    else if (refusals.has(beach.id)) reasons.push(`beach: ${refusals.get(beach.id)!}`);
    const data = upload.files.get(row.file);
    const size = data === undefined ? 0 : (await fs.promises.stat(data)).size;
    if (!data) reasons.push(`file: ${row.file} is not among the files given`);
    else if (size > options.maxBytes)
      reasons.push(`file: ${row.file} is larger than ${Math.floor(options.maxBytes / 1024 / 1024)} MB`);
    const earlier = seen.get(`${row.beach}\n${row.file}`);
    if (earlier) reasons.push(`file: ${row.file} is already listed for this beach on line ${earlier}`);
    seen.set(`${row.beach}\n${row.file}`, line);
    if (reasons.length === 0 && data) {
      let result = processed.get(data);
      if (!result) {
        result = await processBeachPhoto(data);
        processed.set(data, result);
      }
      if (typeof result === 'string') reasons.push(`file: ${row.file} ${result}`);
      else {
        const twin = plans.find((p) => p.beachId === beach!.id && p.processed.hash === result.hash);
        if (twin) reasons.push(`file: ${row.file} is the same image as line ${twin.line}`);
        else {
          const sort = sorts.get(beach!.id) ?? 0;
          sorts.set(beach!.id, sort + 1);
          plans.push({
            line,
            beachId: beach!.id,
            file: row.file,
            caption: row.caption === '' ? null : row.caption,
            credit: row.credit,
            licence: row.licence,
            licenceUrl: row.licence_url === '' ? null : row.licence_url,
            source: row.source === '' ? null : row.source,
            sort,
            processed: result,
          });
        }
      }
    }
    if (reasons.length > 0) report.rejected.push({ row: line, reason: reasons.join('; ') });
  }
  if (report.rejected.length > 0) {
    sortRejections(report.rejected);
    return report;
  }

  const dryRun = options.dryRun ?? false;
  const stored: string[] = [];
  const dropped: string[] = [];
  /** Keys the stored photos used before this import (never deleted when it fails). */
  const before = new Set<string>();
  const changed = new Set<number>();
  try {
    await inTransaction(db, dryRun, async (trx) => {
      const beachIds = [...new Set(plans.map((p) => p.beachId))];
      const existing = beachIds.length
        ? await trx
            .selectFrom('beach_images')
            .selectAll()
            .where('beach_id', 'in', beachIds)
            .where('file_name', 'is not', null)
            .execute()
        : [];
      const byFile = new Map(existing.map((row) => [`${row.beach_id}\n${row.file_name}`, row]));
      const keysOf = (variantsJson: string) => (JSON.parse(variantsJson) as PhotoVariant[]).map((v) => v.key);
      const kept = new Set<string>();
      for (const row of existing) for (const key of keysOf(row.variants)) before.add(key);
      for (const plan of plans) {
        const variants: PhotoVariant[] = plan.processed.variants.map((v) => {
          const key = `beach-photos/${plan.beachId}/${plan.processed.hash.slice(0, 24)}-${v.width}.webp`;
          return { width: v.width, key, url: options.storage.url(key) };
        });
        for (const v of variants) kept.add(v.key);
        const values = {
          url: variants.at(-1)!.url,
          caption: plan.caption,
          credit: plan.credit,
          licence: plan.licence,
          licence_url: plan.licenceUrl,
          source: plan.source,
          sort: plan.sort,
          content_hash: plan.processed.hash,
          variants: JSON.stringify(variants),
        };
        const row = byFile.get(`${plan.beachId}\n${plan.file}`);
        byFile.delete(`${plan.beachId}\n${plan.file}`);
        const same =
          row &&
          row.url === values.url &&
          row.caption === values.caption &&
          row.credit === values.credit &&
          row.licence === values.licence &&
          row.licence_url === values.licence_url &&
          row.source === values.source &&
          Number(row.sort) === values.sort &&
          row.content_hash === values.content_hash &&
          row.variants === values.variants;
        if (same) {
          report.unchanged++;
          continue;
        }
        if (!dryRun && row?.content_hash !== plan.processed.hash) {
          for (const [i, v] of plan.processed.variants.entries()) {
            await options.storage.put(variants[i]!.key, v.data, 'image/webp');
            stored.push(variants[i]!.key);
          }
        }
        if (row) {
          await trx.updateTable('beach_images').set(values).where('id', '=', row.id).execute();
          report.updated++;
        } else {
          await trx
            .insertInto('beach_images')
            .values({ ...values, beach_id: plan.beachId, file_name: plan.file })
            .execute();
          report.added++;
        }
        changed.add(plan.beachId);
      }
      // Imported photos of these beaches that the manifest no longer lists.
      for (const row of byFile.values()) {
        await trx.deleteFrom('beach_images').where('id', '=', row.id).execute();
        report.removed = (report.removed ?? 0) + 1;
        changed.add(row.beach_id);
      }
      for (const row of existing)
        for (const key of keysOf(row.variants)) if (!kept.has(key)) dropped.push(key);
      await announceChanges(trx, [...changed], options.now);
      if (!dryRun) {
        report.applied = true;
        await options.afterWrite?.(trx, {
          kind: 'photos',
          file: upload.manifest.name,
          beachIds: [...changed],
          report,
        });
      }
    });
  } catch (error) {
    // Files stored for a write that did not commit are not kept.
    for (const key of stored) if (!before.has(key)) await options.storage.delete(key);
    throw error;
  }
  if (!dryRun) for (const key of new Set(dropped)) await options.storage.delete(key);
  return report;
}
