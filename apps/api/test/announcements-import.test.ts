import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../src/db/seed/beach-rows.ts';
import { importAnnouncements } from '../src/db/seed/announcements.ts';
import { DATA_DIR, openTestDatabase } from './helpers.ts';

describe('import-announcements', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-announcements-'));
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const stored = () =>
    handle.db
      .selectFrom('announcements')
      .select([
        'key',
        'title',
        'description',
        'button_label',
        'button_url',
        'state',
        'starts_at',
        'ends_at',
        'sort',
        'is_sample',
      ])
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loads the bundled file, which is real (not sample) and valid', async () => {
    const report = await importAnnouncements(
      handle.db,
      path.join(DATA_DIR, 'announcements', 'announcements.yaml'),
    );
    expect(report).toMatchObject({ added: 1, rejected: [] });
    const [row] = await stored();
    expect(row).toMatchObject({
      key: 'safeshore-preview',
      is_sample: 0,
      state: null,
      button_url: '/surf-safety/ripcurrents',
    });
    await handle.db.deleteFrom('announcements').execute();
  });

  it('imports YAML and JSON idempotently by key, normalising times to UTC', async () => {
    const yaml = write(
      'a.yaml',
      `- key: summer
  title: Summer patrols
  description: Patrol season news.
  state: nsw
  starts_at: 2030-12-01T00:00:00+11:00
  ends_at: "2031-03-01T00:00:00Z"
  sort: 2
- key: general
  title: General
  description: For everyone.
  button_label: Read more
  button_url: https://example.org/page
`,
    );
    expect(await importAnnouncements(handle.db, yaml)).toMatchObject({
      added: 2,
      updated: 0,
      unchanged: 0,
      rejected: [],
    });
    expect(await importAnnouncements(handle.db, yaml)).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect((await stored())[0]).toMatchObject({
      state: 'NSW',
      starts_at: '2030-11-30T13:00:00.000Z',
      ends_at: '2031-03-01T00:00:00.000Z',
      sort: 2,
      button_label: null,
    });
    const json = write(
      'b.json',
      JSON.stringify([{ key: 'general', title: 'General (changed)', description: 'For everyone.' }]),
    );
    expect(await importAnnouncements(handle.db, json)).toMatchObject({ added: 0, updated: 1, rejected: [] });
    expect((await stored()).map((r) => [r.key, r.title, r.button_url])).toEqual([
      ['summer', 'Summer patrols', null],
      ['general', 'General (changed)', null],
    ]);
  });

  it('reports each bad row with its reasons, and a file with a bad row changes nothing', async () => {
    const before = await stored();
    const file = write(
      'bad.json',
      JSON.stringify([
        { key: 'ok-row', title: 'Fine', description: 'd' },
        { key: 'Bad Key!', title: 'x', description: 'd' },
        { key: 'no-title', description: 'd' },
        { key: 'state', title: 't', description: 'd', state: 'XYZ' },
        {
          key: 'times',
          title: 't',
          description: 'd',
          starts_at: '2030-02-01T00:00:00Z',
          ends_at: '2030-01-01T00:00:00Z',
        },
        { key: 'date-only', title: 't', description: 'd', starts_at: '2030-02-01' },
        { key: 'button', title: 't', description: 'd', button_label: 'Go' },
        {
          key: 'js-url',
          title: 't',
          description: 'd',
          button_label: 'Go',
          button_url: 'javascript:alert(1)',
        },
        { key: 'proto-url', title: 't', description: 'd', button_label: 'Go', button_url: '//evil.example' },
        { key: 'extra', title: 't', description: 'd', is_sample: true },
        { key: 'sort', title: 't', description: 'd', sort: 1.5 },
        'not an object',
        { key: 'ok-row', title: 'Again', description: 'd' },
      ]),
    );
    const report = await importAnnouncements(handle.db, file);
    expect(report).toMatchObject({ added: 0, updated: 0, unchanged: 0 });
    const reasons = Object.fromEntries(report.rejected.map((r) => [r.row, r.reasons.join('; ')]));
    expect(reasons).toEqual({
      2: expect.stringContaining('key must be 1-100 lowercase'),
      3: expect.stringContaining('title is required'),
      4: expect.stringContaining('state must be a state code'),
      5: expect.stringContaining('ends_at must be after starts_at'),
      6: expect.stringContaining('starts_at must be a date and time with a zone'),
      7: expect.stringContaining('give both or neither'),
      8: expect.stringContaining('button_url must be a path on this site'),
      9: expect.stringContaining('button_url must be a path on this site'),
      10: expect.stringContaining('unknown field(s): is_sample'),
      11: expect.stringContaining('sort must be a whole number'),
      12: expect.stringContaining('must be an object'),
      13: expect.stringContaining('used by an earlier row'),
    });
    expect(await stored()).toEqual(before);
  });

  it('changes nothing for a file that is not a list', async () => {
    const before = await stored();
    for (const [name, text] of [
      ['map.yaml', 'key: x\ntitle: y\n'],
      ['broken.yaml', '- key: [unclosed\n'],
      ['broken.json', '[{"key":'],
      ['list.csv', 'key,title\n'],
    ] as const) {
      await expect(importAnnouncements(handle.db, write(name, text)), name).rejects.toThrow(ImportFileError);
    }
    expect(await stored()).toEqual(before);
  });
});
