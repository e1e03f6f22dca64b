import { z } from 'zod';
import type { Database } from '../schema.ts';
import {
  DAY_MESSAGE,
  DAY_PATTERN,
  TIME_PATTERN,
  beachNow,
  beachesByKey,
  emptyReport,
  readCsvFile,
  parseCsvRows,
  resolveDay,
  sortReport,
  type ImportOptions,
  type ImportReport,
} from './import-file.ts';
import { bumpDataVersion } from '../data-version.ts';

/**
 * Today's posts of a beach (the Today's Conditions tiles; format in data/sample/FORMAT.md).
 * point_id 1 is the photo of the day; other points are small tiles. A post is identified by
 * (beach, point_id, local time), so importing a file again changes nothing.
 */
export const POST_COLUMNS = [
  'beach',
  'date',
  'time',
  'point_id',
  'label',
  'image_url',
  'link',
  'first_name',
] as const;
const REQUIRED = ['beach', 'date', 'time', 'point_id'] as const;

/** A path inside this app ("/surf-safety/ripcurrents"), never another site. */
const APP_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/?=&%#]*$/;
/** An image: a path served by this app, an https address, or (sample files) `media:NAME` from data/sample/media. */
const IMAGE_URL = /^(?:\/(?!\/)[A-Za-z0-9\-._~/%]+|https:\/\/[^\s"'<>]+|media:[a-z0-9-]+\.(?:webp|jpg|png))$/;

const optional = (max: number, pattern?: RegExp, message?: string) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => v === '' || !pattern || pattern.test(v), message ?? 'is not valid')
    .default('');

const PostRowSchema = z
  .object({
    beach: z.string().regex(/^[a-z0-9][a-z0-9-]{2,99}$/, 'must be a beach key'),
    date: z.string().regex(DAY_PATTERN, DAY_MESSAGE),
    time: z.string().regex(TIME_PATTERN, 'must be a time HH:MM (24-hour)'),
    point_id: z
      .string()
      .regex(/^\d{1,2}$/, 'must be a whole number 1-99')
      .transform(Number)
      .pipe(z.number().min(1, 'must be a whole number 1-99')),
    label: optional(100),
    image_url: optional(500, IMAGE_URL, 'must be a path of this app (/…), an https:// address or media:NAME'),
    link: optional(300, APP_PATH, 'must be a path inside the app, starting with one /'),
    first_name: optional(50),
  })
  .refine((row) => row.point_id !== 1 || row.image_url !== '', {
    path: ['image_url'],
    message: 'is required for point 1 (the photo of the day)',
  });

export interface PostImportOptions extends ImportOptions {
  /** The public URL of a `media:NAME` image (the sample loader stores the file and answers its URL). */
  mediaUrl?: (name: string) => string;
}

/**
 * Imports posts. Every row is checked first (a bad row rejects the file, nothing is written),
 * then all are written in one transaction; real posts for a beach replace its sample posts. A post
 * timed later today than the current time at the beach is rejected; a sample one is given the
 * current time (the demo shows it as "added" when loaded).
 */
export async function importPosts(
  db: Database,
  file: string,
  options: PostImportOptions = {},
): Promise<ImportReport> {
  const sample = options.sample ?? false;
  const now = options.now ?? new Date();
  const report = emptyReport(file);
  const rows = readCsvFile(file, POST_COLUMNS, REQUIRED);
  const parsed = parseCsvRows(rows, PostRowSchema, report, (row) =>
    row.image_url.startsWith('media:') && !options.mediaUrl
      ? 'image_url media:NAME is only for the shipped sample files'
      : null,
  );

  const beaches = await beachesByKey(
    db,
    parsed.map((p) => p.row.beach),
  );
  const posts = new Map<
    string,
    { line: number; beach_id: number; point_id: number; date: string; local_timestamp: string; meta: string }
  >();
  for (const { line, row } of parsed) {
    const beach = beaches.get(row.beach);
    if (!beach) {
      if (sample) report.skipped.push({ line, reason: `no beach with key ${row.beach}` });
      else report.rejected.push({ line, reasons: [`beach: no beach with key ${row.beach}`] });
      continue;
    }
    const local = beachNow(beach, now);
    const date = resolveDay(row.date, local.today);
    if (!date) {
      report.rejected.push({ line, reasons: [`date ${DAY_MESSAGE} (a real day, at most 366 days back)`] });
      continue;
    }
    let time = row.time;
    if (date > local.today || (date === local.today && time > local.clock)) {
      if (!sample) {
        report.rejected.push({ line, reasons: [`date ${date} ${time} is in the future at the beach`] });
        continue;
      }
      if (date > local.today) {
        report.skipped.push({ line, reason: `${date} has not come yet at the beach` });
        continue;
      }
      time = local.clock;
    }
    const local_timestamp = `${date}T${time}:00`;
    // A sample post's time can move to "now", so a sample post is one per beach, point and day.
    const key = `${beach.id} ${row.point_id} ${sample ? date : local_timestamp}`;
    const earlier = posts.get(key);
    if (earlier) {
      report.rejected.push({
        line,
        reasons: [`duplicate of line ${earlier.line} (same beach, point and time)`],
      });
      continue;
    }
    const image = row.image_url.startsWith('media:')
      ? options.mediaUrl!(row.image_url.slice(6))
      : row.image_url;
    const meta = Object.fromEntries(
      Object.entries({
        label: row.label,
        image_url: image,
        link: row.link,
        first_name: row.first_name,
      }).filter(([, v]) => v !== ''),
    );
    posts.set(key, {
      line,
      beach_id: beach.id,
      point_id: row.point_id,
      date,
      local_timestamp,
      meta: JSON.stringify(meta),
    });
  }
  if (report.rejected.length > 0) return sortReport(report);

  const isSample = sample ? 1 : 0;
  const createdAt = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const ids = [...new Set([...posts.values()].map((p) => p.beach_id))];
    if (!sample && ids.length > 0) {
      const removed = await trx
        .deleteFrom('beach_posts')
        .where('beach_id', 'in', ids)
        .where('is_sample', '=', 1)
        .executeTakeFirst();
      report.replacedSample += Number(removed.numDeletedRows);
    }
    for (const post of posts.values()) {
      // Photos uploaded through the algal page have a photos row and are never touched here.
      const existing = await trx
        .selectFrom('beach_posts as p')
        .leftJoin('photos as f', 'f.post_id', 'p.id')
        .select(['p.id', 'p.meta', 'p.local_timestamp', 'f.id as photo_id'])
        .where('p.beach_id', '=', post.beach_id)
        .where('p.point_id', '=', post.point_id)
        .where((eb) =>
          sample
            ? eb.and([
                eb('p.local_timestamp', '>=', `${post.date}T`),
                eb('p.local_timestamp', '<', `${post.date}U`),
              ])
            : eb('p.local_timestamp', '=', post.local_timestamp),
        )
        .where('p.is_sample', '=', isSample)
        .executeTakeFirst();
      if (!existing || existing.photo_id !== null) {
        await trx
          .insertInto('beach_posts')
          .values({
            beach_id: post.beach_id,
            point_id: post.point_id,
            user_id: null,
            local_timestamp: post.local_timestamp,
            meta: post.meta,
            created_at: createdAt,
            is_sample: isSample,
          })
          .execute();
        report.added++;
      } else if (existing.meta === post.meta && existing.local_timestamp === post.local_timestamp) {
        report.unchanged++;
      } else {
        await trx
          .updateTable('beach_posts')
          .set({ meta: post.meta, local_timestamp: post.local_timestamp })
          .where('id', '=', existing.id)
          .execute();
        report.updated++;
      }
    }
    await bumpDataVersion(trx, now);
  });
  report.written = true;
  return sortReport(report);
}
