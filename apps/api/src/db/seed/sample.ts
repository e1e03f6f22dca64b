import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { localDate } from '@safeshore/domain';
import type { FileStorage } from '../../modules/algal/storage.ts';
import type { Database } from '../schema.ts';
import { importAttendance } from './attendance.ts';
import type { ImportReport } from './import-file.ts';
import { importPatrols } from './patrols.ts';
import { importPosts } from './posts.ts';
import { bumpDataVersion } from '../data-version.ts';

/**
 * The shipped sample data (data/sample): patrol seasons, hourly attendance and today's posts for
 * starter beaches, so a developer or a demo sees these parts of the beach page working. Every row
 * is stored with is_sample = 1 and source "Sample data", and every response carrying it says so.
 * Attendance and posts are written relative to the load day ("today-2"), so the demo shows today.
 */
export const SAMPLE_DIR = 'sample';
export const SAMPLE_FILES = {
  patrols: 'patrols.csv',
  attendance: 'attendance.csv',
  posts: 'posts.csv',
} as const;
/** app_meta key: JSON {loaded_at, hash} of the last load. */
export const SAMPLE_META_KEY = 'sample_data_loaded';
/** Storage folder of the sample images (served at /uploads/sample/...). */
export const SAMPLE_MEDIA_PREFIX = 'sample';

/** Every zone a beach can be in: the sample is fresh while none of them has started a new day. */
const AUSTRALIAN_ZONES = [
  'Australia/Perth',
  'Australia/Eucla',
  'Australia/Darwin',
  'Australia/Adelaide',
  'Australia/Broken_Hill',
  'Australia/Brisbane',
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Hobart',
  'Australia/Lord_Howe',
];

const MEDIA_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

export interface SampleOptions {
  dataDir: string;
  storage: FileStorage;
  now?: Date;
}

export interface SampleLoadReport {
  patrols: ImportReport;
  attendance: ImportReport;
  posts: ImportReport;
  media: string[];
}

export interface SampleRemoveReport {
  patrolSeasons: number;
  attendanceRecords: number;
  posts: number;
  media: number;
}

function sampleDir(dataDir: string): string {
  return path.join(dataDir, SAMPLE_DIR);
}

function mediaFiles(dataDir: string): string[] {
  const dir = path.join(sampleDir(dataDir), 'media');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => MEDIA_TYPES[path.extname(name)] !== undefined)
    .sort();
}

/** SHA-256 over the sample files, so edited samples load again. */
function sampleHash(dataDir: string): string {
  const hash = crypto.createHash('sha256');
  for (const name of Object.values(SAMPLE_FILES)) {
    const file = path.join(sampleDir(dataDir), name);
    hash.update(name).update(fs.existsSync(file) ? fs.readFileSync(file) : '');
  }
  for (const name of mediaFiles(dataDir)) hash.update(name);
  return hash.digest('hex');
}

/**
 * Loads the sample files as sample data (idempotent). Sample rows never go to a beach that has
 * real rows of the same kind; a file with an error loads nothing of that file.
 */
export async function loadSampleData(db: Database, options: SampleOptions): Promise<SampleLoadReport> {
  const now = options.now ?? new Date();
  const dir = sampleDir(options.dataDir);
  const media: string[] = [];
  for (const name of mediaFiles(options.dataDir)) {
    const key = `${SAMPLE_MEDIA_PREFIX}/${name}`;
    await options.storage.put(
      key,
      fs.readFileSync(path.join(dir, 'media', name)),
      MEDIA_TYPES[path.extname(name)]!,
    );
    media.push(key);
  }
  const mediaUrl = (name: string) => options.storage.url(`${SAMPLE_MEDIA_PREFIX}/${name}`);
  const report: SampleLoadReport = {
    patrols: await importPatrols(db, path.join(dir, SAMPLE_FILES.patrols), { sample: true, now }),
    attendance: await importAttendance(db, path.join(dir, SAMPLE_FILES.attendance), { sample: true, now }),
    posts: await importPosts(db, path.join(dir, SAMPLE_FILES.posts), { sample: true, now, mediaUrl }),
    media,
  };
  const value = JSON.stringify({ loaded_at: now.toISOString(), hash: sampleHash(options.dataDir) });
  await db
    .insertInto('app_meta')
    .values({ key: SAMPLE_META_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return report;
}

/** Deletes every sample row (is_sample = 1) and the sample images; real data is never touched. */
export async function removeSampleData(
  db: Database,
  options: Pick<SampleOptions, 'dataDir' | 'storage'> & {
    /** Leave the images in place (a reload overwrites them; deleting would 404 them meanwhile). */
    keepMedia?: boolean;
  },
): Promise<SampleRemoveReport> {
  const report = await db.transaction().execute(async (trx) => {
    const seasons = await trx.deleteFrom('patrol_seasons').where('is_sample', '=', 1).executeTakeFirst();
    const attendance = await trx
      .deleteFrom('attendance_records')
      .where('is_sample', '=', 1)
      .executeTakeFirst();
    const posts = await trx
      .deleteFrom('beach_posts')
      .where('is_sample', '=', 1)
      .where('id', 'not in', (qb) => qb.selectFrom('photos').select('post_id'))
      .executeTakeFirst();
    await trx.deleteFrom('app_meta').where('key', '=', SAMPLE_META_KEY).execute();
    await bumpDataVersion(trx, new Date());
    return {
      patrolSeasons: Number(seasons.numDeletedRows),
      attendanceRecords: Number(attendance.numDeletedRows),
      posts: Number(posts.numDeletedRows),
      media: 0,
    };
  });
  if (options.keepMedia) return report;
  for (const name of mediaFiles(options.dataDir)) {
    await options.storage.delete(`${SAMPLE_MEDIA_PREFIX}/${name}`);
    report.media++;
  }
  return report;
}

/** Whether any sample row is stored (also ones whose load record was lost). */
async function hasSampleRows(db: Database): Promise<boolean> {
  for (const table of ['patrol_seasons', 'attendance_records', 'beach_posts'] as const) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('is_sample', '=', 1)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export type SampleSync =
  | { action: 'loaded'; report: SampleLoadReport }
  | { action: 'removed'; report: SampleRemoveReport }
  | { action: 'current' | 'none' };

/**
 * Start-up: with sample data on (SAMPLE_DATA=true), (re)load it when it was last loaded on an
 * earlier day in any Australian zone or the files changed, replacing the old sample rows so "today"
 * stays today; with it off (the default), remove every sample row a previous run or an operator
 * loaded, so no invented patrol, attendance or post stays on a real beach.
 */
export async function syncSampleData(
  db: Database,
  options: SampleOptions & { enabled: boolean },
): Promise<SampleSync> {
  const now = options.now ?? new Date();
  const meta = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SAMPLE_META_KEY)
    .executeTakeFirst();
  if (!options.enabled) {
    if (!meta && !(await hasSampleRows(db))) return { action: 'none' };
    return { action: 'removed', report: await removeSampleData(db, options) };
  }
  if (meta) {
    let last: { loaded_at?: string; hash?: string } = {};
    try {
      last = JSON.parse(meta.value) as typeof last;
    } catch {
      // An unreadable record only means the sample loads again.
    }
    const loadedAt = new Date(last.loaded_at ?? 0);
    const sameDay = AUSTRALIAN_ZONES.every((zone) => localDate(loadedAt, zone) === localDate(now, zone));
    if (sameDay && last.hash === sampleHash(options.dataDir)) return { action: 'current' };
  }
  await removeSampleData(db, { ...options, keepMedia: true });
  return { action: 'loaded', report: await loadSampleData(db, { ...options, now }) };
}
