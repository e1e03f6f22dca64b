import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { BeachDetailResponseSchema, ImportReportSchema } from '@safeshore/domain';
import { ROOT_DIR } from '../src/config.ts';
import { readDataVersion } from '../src/db/data-version.ts';
import { importBeaches } from '../src/db/seed/beaches.ts';
import { exportBeaches } from '../src/db/seed/export.ts';
import { createLocalStorage } from '../src/modules/algal/storage.ts';
import {
  readImportCsv,
  readPhotoFolder,
  runImport,
  type ImportInput,
} from '../src/modules/console/imports/index.ts';
import { bearer, makeUser } from './accounts-helpers.ts';
import { FIXTURES, startTestApp, type TestApp } from './helpers.ts';

/**
 * Operators' imports (issue 17): rosters, facilities, hazard ratings and photos through the one
 * code path the admin CLI and POST /api/v5/console/imports/{kind} share. Fixtures in
 * test/fixtures/imports/.
 */

const DIR = path.join(FIXTURES, 'imports');
// Sunday 22 November 2026: 07:30 in Perth, 10:30 in Sydney.
const NOW = new Date('2026-11-21T23:30:00Z');

let t: TestApp;
let uploadsDir: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-console-imports-'));

beforeAll(async () => {
  uploadsDir = path.join(tmp, 'uploads');
  t = await startTestApp({ clock: () => NOW, config: { UPLOADS_DIR: uploadsDir } });
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const services = () => ({ storage: createLocalStorage(uploadsDir), maxPhotoBytes: 10 * 1024 * 1024 });

async function cli(kind: 'rosters' | 'facilities' | 'hazard-ratings', name: string, dryRun = false) {
  const input: ImportInput = { kind, file: await readImportCsv(path.join(DIR, name)) };
  return z.parse(ImportReportSchema, await runImport(t.handle.db, input, { now: NOW, dryRun }, services()));
}

async function cliPhotos(folder: string, dryRun = false) {
  const upload = await readPhotoFolder(folder);
  return runImport(t.handle.db, { kind: 'photos', upload }, { now: NOW, dryRun }, services());
}

async function beachId(key: string): Promise<number> {
  const row = await t.handle.db
    .selectFrom('beaches')
    .select('id')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function detail(key: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v4/beach/${await beachId(key)}` });
  expect(res.statusCode).toBe(200);
  return z.parse(BeachDetailResponseSchema, res.json());
}

async function syncSeq(key: string): Promise<number> {
  const row = await t.handle.db
    .selectFrom('beaches')
    .select('sync_seq')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return Number(row.sync_seq);
}

const count = async (table: 'patrol_seasons' | 'beach_images' | 'beach_sources') =>
  Number(
    (
      await t.handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function uploadedFiles(): string[] {
  if (!fs.existsSync(uploadsDir)) return [];
  return (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((name) =>
    fs.statSync(path.join(uploadsDir, name)).isFile(),
  );
}

describe('rosters', () => {
  it('rejects a bad file row by row with line numbers and writes nothing', async () => {
    const before = await count('patrol_seasons');
    const report = await cli('rosters', 'rosters-bad.csv');
    expect(report.applied).toBe(false);
    expect(report.rejected.map((r) => r.row)).toEqual([3, 4, 5, 6, 7]);
    expect(report.rejected[0]!.reason).toMatch(/Saturday already has hours on line 2/);
    expect(report.rejected[1]!.reason).toMatch(/club: "No Such Club" is not a club/);
    expect(report.rejected[2]!.reason).toMatch(/ends_on is before starts_on/);
    expect(report.rejected[3]!.reason).toMatch(/days must list .*ranges such as mon-fri/);
    expect(report.rejected[4]!.reason).toMatch(/end_time must be after start_time/);
    expect(await count('patrol_seasons')).toBe(before);
  });

  it('imports weekday ranges and exceptions in each beach’s own time zone; a re-run changes nothing', async () => {
    const dry = await cli('rosters', 'rosters-good.csv', true);
    expect(dry).toMatchObject({ applied: false, added: 2, rejected: [] });
    expect(await count('patrol_seasons')).toBe(0);

    const version = (await readDataVersion(t.handle.db)).version;
    const report = await cli('rosters', 'rosters-good.csv');
    expect(report).toMatchObject({ kind: 'rosters', applied: true, added: 2, updated: 0, unchanged: 0 });
    expect((await readDataVersion(t.handle.db)).version).toBeGreaterThan(version);

    // Sunday: Bondi's weekend hours (Sydney), Cottesloe's (Perth): wall-clock times at each beach.
    const bondi = await detail('nsw-2026-bondi-beach');
    expect(bondi.beach.is_patrolled_today).toMatchObject({ flag: 1, start: '09:00', end: '17:00' });
    const cottesloe = await detail('wa-6011-cottesloe-beach');
    expect(cottesloe.beach.is_patrolled_today).toMatchObject({ flag: 1, start: '07:00', end: '11:00' });

    // mon-fri expands to the five weekdays; Christmas Day is an exception with no patrol.
    const patrols = await t.app.inject({
      method: 'GET',
      url: `/api/v4/beach/${await beachId('nsw-2026-bondi-beach')}/patrols?date=2026-12-21`,
    });
    const days = Object.values(
      patrols.json().patrols as Record<
        string,
        { days: Array<{ date: string; is_patrol: number; start_time: string | null }> }
      >,
    )[0]!.days;
    expect(days.find((d) => d.date === '2026-12-21')).toMatchObject({ is_patrol: 1, start_time: '10:00' });
    expect(days.find((d) => d.date === '2026-12-25')).toMatchObject({ is_patrol: 0 });

    const again = await cli('rosters', 'rosters-good.csv');
    expect(again).toMatchObject({ applied: true, added: 0, updated: 0, unchanged: 2 });
  });
});

describe('facilities', () => {
  it('rejects a bad file row by row and writes nothing', async () => {
    const bondi = await beachId('nsw-2026-bondi-beach');
    const before = await t.handle.db
      .selectFrom('beaches')
      .selectAll()
      .where('id', '=', bondi)
      .executeTakeFirstOrThrow();
    const report = await cli('facilities', 'facilities-bad.csv');
    expect(report.applied).toBe(false);
    const byRow = Object.fromEntries(report.rejected.map((r) => [r.row, r.reason]));
    expect(Object.keys(byRow).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(byRow[3]).toMatch(/type must be one of Facility, Carpark/);
    expect(byRow[4]).toMatch(/name of has_toilet must be yes, no or unknown/);
    expect(byRow[5]).toMatch(/Facility "toilets" is already listed on line 2/);
    expect(byRow[6]).toMatch(/url must be an https:\/\/ address or a path/);
    expect(byRow[7]).toMatch(/source differs from line 2/);
    expect(byRow[8]).toMatch(/no beach with key nsw-9999-nowhere-beach/);
    expect(byRow[9]).toMatch(/source is required/);
    const after = await t.handle.db
      .selectFrom('beaches')
      .selectAll()
      .where('id', '=', bondi)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('sets the facility list and the facts, marks the beaches for offline sync, and is idempotent', async () => {
    const seqBefore = await syncSeq('nsw-2026-bondi-beach');
    const report = await cli('facilities', 'facilities-good.csv');
    expect(report).toMatchObject({ applied: true, added: 2, updated: 0, unchanged: 0, rejected: [] });
    expect(await syncSeq('nsw-2026-bondi-beach')).toBeGreaterThan(seqBefore);

    const { beach } = await detail('nsw-2026-bondi-beach');
    expect(beach.facilities).toEqual([
      { type: 'Facility', name: 'Toilets and change rooms at the pavilion', url: null },
      {
        type: 'Carpark',
        name: 'Campbell Parade car park (paid)',
        url: 'https://www.waverley.nsw.gov.au/parking',
      },
      { type: 'PublicTransport', name: 'Bus 333 from Bondi Junction', url: '/surf-safety/flags-and-signs' },
      { type: 'Regulation', name: 'No dogs on the beach', url: null },
      { type: 'Rip', name: "Backpackers' rip at the south end", url: null },
    ]);
    expect(beach).toMatchObject({ has_toilet: 1, has_parking: 1, has_dogs_allowed: 0 });
    // A fact the file does not name stays unknown, never "no".
    expect(beach.has_bbq_picnic).toBeNull();
    expect(beach.source.contributors).toContainEqual(
      expect.objectContaining({ attribution: 'Facilities: Waverley Council beach facilities 2026' }),
    );
    const manly = (await detail('nsw-2095-manly-beach')).beach;
    expect(manly.facilities).toEqual([
      { type: 'BioHazard', name: 'Bluebottles after north-easterly winds', url: null },
    ]);
    expect(manly.has_bbq_picnic).toBeNull();

    const version = (await readDataVersion(t.handle.db)).version;
    const seq = await syncSeq('nsw-2026-bondi-beach');
    const again = await cli('facilities', 'facilities-good.csv');
    expect(again).toMatchObject({ applied: true, added: 0, updated: 0, unchanged: 2 });
    expect(await syncSeq('nsw-2026-bondi-beach')).toBe(seq);
    expect((await readDataVersion(t.handle.db)).version).toBe(version);
  });
});

describe('hazard ratings', () => {
  it('rejects a bad file row by row and writes nothing', async () => {
    const sources = await count('beach_sources');
    const report = await cli('hazard-ratings', 'hazard-ratings-bad.csv');
    expect(report.applied).toBe(false);
    const byRow = Object.fromEntries(report.rejected.map((r) => [r.row, r.reason]));
    expect(Object.keys(byRow).map(Number)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(byRow[3]).toMatch(/hazard_rating must be a whole number from 1 to 10/);
    expect(byRow[4]).toMatch(/hazard_rating must be a whole number from 1 to 10/);
    expect(byRow[5]).toMatch(/nsw-2026-bondi-beach is already rated on line 2/);
    expect(byRow[6]).toMatch(/hazard_rating must be a whole number/);
    expect(byRow[7]).toMatch(/hazard_rating or beach_type is required/);
    expect(byRow[8]).toMatch(/source is required/);
    expect(await count('beach_sources')).toBe(sources);
    expect((await detail('nsw-2026-bondi-beach')).beach.hazard).toBeNull();
  });

  it('sets the rating and type with the source line; a re-run changes nothing; export round trip keeps them', async () => {
    const report = await cli('hazard-ratings', 'hazard-ratings-good.csv');
    expect(report).toMatchObject({ applied: true, added: 3, updated: 0, unchanged: 0 });
    const bondi = (await detail('nsw-2026-bondi-beach')).beach;
    expect(bondi.hazard).toBe(4);
    expect(bondi.source.contributors).toContainEqual({
      source: 'hazard-rating',
      source_id: null,
      licence: null,
      attribution: 'Hazard rating and beach type: Surf Life Saving NSW coastal risk assessment 2025',
    });
    const manly = (await detail('nsw-2095-manly-beach')).beach;
    expect(manly.hazard).toBeNull();
    expect(manly.source.contributors).toContainEqual(
      expect.objectContaining({
        attribution: 'Beach type: Surf Life Saving NSW coastal risk assessment 2025',
        licence: 'CC BY 4.0',
      }),
    );
    expect(manly.beach_type).toBe('Longshore bar and trough');
    expect(bondi.beach_type).toBe('Transverse bar and rip');
    expect((await detail('wa-6011-cottesloe-beach')).beach.hazard).toBe(10);

    expect(await cli('hazard-ratings', 'hazard-ratings-good.csv')).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 3,
    });

    // export-beaches writes the import format; importing it back changes nothing and keeps the
    // imported rating and facilities.
    const file = path.join(tmp, 'export.csv');
    const out = fs.createWriteStream(file);
    await exportBeaches(t.handle.db, 'csv', out);
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    const back = await importBeaches(t.handle.db, file);
    expect(back.rejected).toEqual([]);
    expect(back.added + back.updated).toBe(0);
    const after = (await detail('nsw-2026-bondi-beach')).beach;
    expect(after.hazard).toBe(4);
    expect(after.facilities).toHaveLength(5);
  });
});

describe('photos', () => {
  it('rejects bad rows (not an image by content, missing file, unknown beach, no credit) and stores nothing', async () => {
    const images = await count('beach_images');
    const report = await cliPhotos(path.join(DIR, 'photos-bad'));
    expect(report.applied).toBe(false);
    const byRow = Object.fromEntries(report.rejected.map((r) => [r.row, r.reason]));
    expect(Object.keys(byRow).map(Number)).toEqual([3, 4, 5, 6, 7]);
    expect(byRow[3]).toMatch(/fake\.jpg is not a JPEG, PNG or WebP image/);
    expect(byRow[4]).toMatch(/missing\.jpg is not among the files given/);
    expect(byRow[5]).toMatch(/no beach with key nsw-9999-nowhere-beach/);
    expect(byRow[6]).toMatch(/credit is required.*licence_url must be an https/);
    expect(byRow[7]).toMatch(/file must be a file name/);
    expect(await count('beach_images')).toBe(images);
    expect(uploadedFiles()).toEqual([]);
  });

  it('stores responsive WebP sizes without metadata, shows them with credit, and a re-run stores nothing', async () => {
    const dry = await cliPhotos(path.join(DIR, 'photos-good'), true);
    expect(dry).toMatchObject({ applied: false, added: 3 });
    expect(uploadedFiles()).toEqual([]);

    const report = await cliPhotos(path.join(DIR, 'photos-good'));
    expect(report).toMatchObject({ applied: true, added: 3, updated: 0, unchanged: 0, removed: 0 });
    const { images, beach } = await detail('nsw-2026-bondi-beach');
    expect(images).toHaveLength(2);
    expect(images[0]).toMatchObject({
      caption: 'Bondi from the north headland',
      credit: 'Kim Lee',
      licence: 'CC BY 4.0',
    });
    expect(images[0]!.licence_url).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(images[0]!.srcset).toMatch(
      /^\/uploads\/beach-photos\/\d+\/[0-9a-f]{24}-480\.webp 480w, .*-960\.webp 960w, .*-1600\.webp 1600w$/,
    );
    expect(images[1]).toMatchObject({
      caption: null,
      credit: 'Waverley Council',
      licence: 'Used with permission',
    });
    expect(beach.image).toBe(images[0]!.url);

    // 2000 × 1200 JPEG: 480, 960 and 1600 px wide; the 640 px PNG: 480 and its own 640.
    const rows = await t.handle.db
      .selectFrom('beach_images')
      .select(['file_name', 'variants'])
      .where('beach_id', '=', beach.id)
      .orderBy('sort')
      .execute();
    const widths = rows.map((r) => (JSON.parse(r.variants) as Array<{ width: number }>).map((v) => v.width));
    expect(widths).toEqual([
      [480, 960, 1600],
      [480, 640],
    ]);
    const large = await t.app.inject({ method: 'GET', url: images[0]!.url });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    const meta = await sharp(large.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600 });
    expect(meta.exif).toBeUndefined();
    const stored = uploadedFiles().length;
    expect(stored).toBe(6);

    const again = await cliPhotos(path.join(DIR, 'photos-good'));
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 3, removed: 0 });
    expect(uploadedFiles().length).toBe(stored);
  });

  it('a manifest is the beach’s list: a photo it drops is removed with its files', async () => {
    const folder = path.join(tmp, 'photos-fewer');
    fs.mkdirSync(folder);
    fs.copyFileSync(path.join(DIR, 'photos-good', 'bondi-pool.png'), path.join(folder, 'bondi-pool.png'));
    fs.writeFileSync(
      path.join(folder, 'photos.csv'),
      'beach,file,caption,credit,licence\nnsw-2026-bondi-beach,bondi-pool.png,The pool,Waverley Council,Used with permission\n',
    );
    const report = await cliPhotos(folder);
    expect(report).toMatchObject({ applied: true, added: 0, updated: 1, unchanged: 0, removed: 1 });
    const { images } = await detail('nsw-2026-bondi-beach');
    expect(images.map((i) => i.caption)).toEqual(['The pool']);
    expect(uploadedFiles().length).toBe(3); // Bondi's pool (2 sizes) and Manly (1)
  });
});

describe('POST /api/v5/console/imports/{kind}', () => {
  let operator: string;
  let victorian: string;
  let plain: string;

  beforeAll(async () => {
    const grant = async (userId: number, scopeKey: string) =>
      t.handle.db
        .insertInto('user_role_scopes')
        .values({
          user_id: userId,
          role: 'operator',
          scope: 'state',
          scope_key: scopeKey,
          beach_id: null,
          club_id: null,
          granted_at: NOW.toISOString(),
          granted_by: null,
        })
        .execute();
    const nsw = await makeUser(t);
    await grant(nsw.user.id, 'NSW');
    operator = nsw.token;
    const vic = await makeUser(t);
    await grant(vic.user.id, 'VIC');
    victorian = vic.token;
    plain = (await makeUser(t)).token;
  });

  const csvForm = (name: string, text: string, field = 'file') => {
    const form = new FormData();
    form.append(field, new Blob([text], { type: 'text/csv' }), name);
    return form;
  };
  const post = (kind: string, payload: FormData | undefined, token?: string, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v5/console/imports/${kind}${query}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const ratings = (rows: string[]) =>
    csvForm('ratings.csv', ['beach,hazard_rating,beach_type,source', ...rows].join('\n'));

  it('401 for a guest, 403 without the operator role, 404 for an unknown kind', async () => {
    expect((await post('hazard-ratings', ratings(['nsw-2026-bondi-beach,5,,SLS NSW']))).statusCode).toBe(401);
    const forbidden = await post('hazard-ratings', ratings(['nsw-2026-bondi-beach,5,,SLS NSW']), plain);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Only operators may do this.');
    expect((await post('tides', ratings([]), operator)).statusCode).toBe(404);
  });

  it('422 for a missing file, a file that is not CSV, or a bad header', async () => {
    const none = await post('facilities', csvForm('x.csv', 'beach', 'other'), operator);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual(['The file field is required: a CSV file.']);
    const notCsv = await post('facilities', csvForm('facilities.xlsx', 'beach,type,name,source\n'), operator);
    expect(notCsv.statusCode).toBe(422);
    const header = await post('facilities', csvForm('f.csv', 'beach,kind,name,source\n'), operator);
    expect(header.statusCode).toBe(422);
    expect(header.json().errors.file[0]).toMatch(/Unknown column\(s\): kind/);
    const manifest = await post(
      'photos',
      csvForm('photos.csv', 'beach,file,credit,licence\n', 'photos'),
      operator,
    );
    expect(manifest.statusCode).toBe(422);
    expect(manifest.json().errors.manifest[0]).toMatch(/manifest field is required/);
  });

  it('rejects rows outside the operator’s scope, so nothing is written', async () => {
    const res = await post(
      'hazard-ratings',
      ratings(['nsw-2026-bondi-beach,5,,SLS NSW 2026', 'vic-3182-st-kilda-beach,3,,SLS NSW 2026']),
      operator,
    );
    expect(res.statusCode).toBe(200);
    const report = z.parse(ImportReportSchema, res.json());
    expect(report).toMatchObject({
      applied: false,
      rejected: [{ row: 3, reason: 'beach: outside your operator scope' }],
    });
    expect((await detail('nsw-2026-bondi-beach')).beach.hazard).toBe(4);

    // A Victorian operator may not edit a NSW beach either.
    const vic = await post('hazard-ratings', ratings(['nsw-2026-bondi-beach,5,,SLS VIC']), victorian);
    expect(vic.json().rejected).toEqual([{ row: 2, reason: 'beach: outside your operator scope' }]);
  });

  it('applies a file in scope (dry run first), through the same importer as the CLI', async () => {
    const form = () => ratings(['nsw-2026-bondi-beach,6,Transverse bar and rip,SLS NSW 2026']);
    const dry = await post('hazard-ratings', form(), operator, '?dry_run=true');
    expect(dry.json()).toMatchObject({ kind: 'hazard-ratings', applied: false, updated: 1, rejected: [] });
    expect((await detail('nsw-2026-bondi-beach')).beach.hazard).toBe(4);
    const res = await post('hazard-ratings', form(), operator);
    expect(res.json()).toMatchObject({ applied: true, added: 0, updated: 1, unchanged: 0, rejected: [] });
    expect((await detail('nsw-2026-bondi-beach')).beach.hazard).toBe(6);
    // The console's audit log: one import.<kind> entry per changed beach, by the operator.
    const audit = await t.handle.db
      .selectFrom('console_audit')
      .selectAll()
      .where('action', '=', 'import.hazard-ratings')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      beach_id: await beachId('nsw-2026-bondi-beach'),
      actor_role: 'operator',
      state: 'NSW',
      at: NOW.toISOString(),
    });
    expect(JSON.parse(audit[0]!.to_json!)).toEqual({
      file: 'ratings.csv',
      added: 0,
      updated: 1,
      unchanged: 0,
    });
    expect((await post('hazard-ratings', form(), operator)).json()).toMatchObject({ unchanged: 1 });
    expect((await post('hazard-ratings', form(), operator, '?dry_run=maybe')).statusCode).toBe(422);
  });

  it('takes a photo manifest and its images as multipart parts', async () => {
    const form = new FormData();
    form.append(
      'manifest',
      new Blob(['beach,file,credit,licence\nnsw-2095-manly-beach,manly-2.png,Sam Ng,CC BY 4.0\n'], {
        type: 'text/csv',
      }),
      'photos.csv',
    );
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3070a0' } })
      .png()
      .toBuffer();
    form.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'manly-2.png');
    const res = await post('photos', form, operator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'photos', applied: true, added: 1, removed: 1 });
    const { images } = await detail('nsw-2095-manly-beach');
    expect(images).toEqual([expect.objectContaining({ credit: 'Sam Ng', licence: 'CC BY 4.0' })]);
  });
});

describe('admin CLI', () => {
  const sqlite = path.join(tmp, 'cli.sqlite');
  const admin = (...args: string[]) => {
    const run = spawnSync(process.execPath, [path.join(ROOT_DIR, 'apps/api/src/admin.ts'), ...args], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        SQLITE_PATH: sqlite,
        UPLOADS_DIR: path.join(tmp, 'cli-uploads'),
        SAFESHORE_CLOCK_START: NOW.toISOString(),
      },
      encoding: 'utf8',
    });
    return { code: run.status, out: run.stdout, err: run.stderr };
  };

  it('import-hazard-ratings, import-facilities and import-photos with --dry-run and exit codes', () => {
    expect(admin('seed').code).toBe(0);
    const dry = admin('import-hazard-ratings', path.join(DIR, 'hazard-ratings-good.csv'), '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/3 added, 0 updated, 0 unchanged, 0 rejected \(dry run: nothing written\)/);
    expect(admin('import-hazard-ratings', path.join(DIR, 'hazard-ratings-good.csv')).out).toMatch(/3 added/);
    const bad = admin('import-facilities', path.join(DIR, 'facilities-bad.csv'));
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/line 3: type must be one of/);
    expect(bad.out).toMatch(/Nothing was written/);
    const photos = admin('import-photos', path.join(DIR, 'photos-good'));
    expect(photos.code).toBe(0);
    expect(photos.out).toMatch(/3 added/);
    expect(admin('import-photos', path.join(DIR, 'photos-good', 'photos.csv')).code).toBe(2);
    expect(admin('import-rosters').code).toBe(2);
  }, 120_000);
});
