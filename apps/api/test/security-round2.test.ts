import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditResponseSchema, BeachDetailResponseSchema, isSafeLinkUrl } from '@safeshore/domain';
import { IMPORT_REQUEST_MAX_BYTES } from '../src/modules/console/imports/imports.routes.ts';
import { registration } from './accounts-helpers.ts';
import { startConsoleApp, type ConsoleTestApp } from './console-fixtures.ts';

/**
 * Security round 2 (issue 31), the console and account side: control characters in names and
 * status messages, the audit's actor by account id, malformed multipart bodies, facility links
 * that would open another site, roster clubs of another state, and the photo import's request cap.
 */

let c: ConsoleTestApp;
beforeAll(async () => {
  c = await startConsoleApp();
}, 120_000);
afterAll(async () => {
  await c?.close();
});

type Caller = keyof ConsoleTestApp['auth'];
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, caller: Caller, payload?: object) =>
  c.t.app.inject({
    method,
    url,
    ...(payload !== undefined ? { payload } : {}),
    headers: { authorization: c.auth[caller] },
  });

/** Text that would make an entry or a notification read as something else. */
const HOSTILE = [
  ['NUL', 'Sam\u0000Ng'],
  ['ESC', 'Sam\u001b[31mNg'],
  ['CR/LF', 'Sam\r\nOperator Tester <operator@example.com>'],
  ['tab', 'Sam\tNg'],
  ['C1 (NEL)', 'Sam\u0085Ng'],
  ['right-to-left override', 'Sam \u202emoc.elpmaxe@rotarepo'],
  ['first strong isolate', 'Sam\u2068Ng'],
  ['lone surrogate', 'Sam\ud800Ng'],
] as const;

describe('control characters', () => {
  it.each(HOSTILE)('are refused in names at registration and in the profile (%s)', async (_label, value) => {
    const body = await registration(c.t, { first_name: value }, (ms) => c.clock.advance(ms));
    const registered = await c.t.app.inject({ method: 'POST', url: '/api/v4/register', payload: body });
    expect(registered.statusCode).toBe(422);
    expect(registered.json().errors.first_name).toEqual([
      value.includes('\u0000')
        ? 'The first name field must not contain null characters.'
        : 'The first name field must not contain control characters (line breaks, tabs, direction overrides).',
    ]);
    const profile = await call('POST', '/api/v4/user', 'plain', {
      first_name: 'Plain',
      last_name: value,
      email: c.emails.plain,
      notification_enabled: false,
    });
    expect(profile.statusCode).toBe(422);
    expect(profile.json().errors.last_name).toEqual([
      expect.stringMatching(/^The last name field must not contain (null|control) characters/),
    ]);
    const user = await c.t.handle.db
      .selectFrom('users')
      .select('last_name')
      .where('email', '=', c.emails.plain)
      .executeTakeFirstOrThrow();
    expect(user.last_name).toBe('Tester');
  });

  it('still takes names in any script, with accents and apostrophes', async () => {
    const res = await call('POST', '/api/v4/user', 'plain', {
      first_name: 'Zoë',
      last_name: "O'Brien-Nguyễn 李",
      email: c.emails.plain,
      notification_enabled: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    await call('POST', '/api/v4/user', 'plain', {
      first_name: 'Plain',
      last_name: 'Tester',
      email: c.emails.plain,
      notification_enabled: false,
    });
  });

  it.each(HOSTILE)('are refused in status messages, and nothing changes (%s)', async (_label, value) => {
    const res = await call('PUT', `/api/v5/beach/${c.beach.bondi}/status`, 'lifesaver', {
      status: 'Closed',
      reason: 'other',
      message: `Closed ${value}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.message).toEqual([
      'The message field must not contain control characters (line breaks, tabs, direction overrides).',
    ]);
    const detail = BeachDetailResponseSchema.parse(
      (await c.t.app.inject(`/api/v4/beach/${c.beach.bondi}`)).json(),
    );
    expect(detail.beach.status_message).toBeNull();
  });
});

describe('the audit log', () => {
  it('names the acting account by id with its name now, so a renamed account cannot pass as another', async () => {
    c.clock.advance(60_000);
    const set = await call('PUT', `/api/v5/beach/${c.beach.bondi}/status`, 'lifesaver', {
      status: 'Closed',
      reason: 'shark_sighting',
    });
    expect(set.statusCode, set.body).toBe(200);
    const lifesaver = await c.t.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', c.emails.lifesaver)
      .executeTakeFirstOrThrow();
    // The lifesaver renames themselves after the operator's name.
    const renamed = await call('POST', '/api/v4/user', 'lifesaver', {
      first_name: 'Operator',
      last_name: 'Tester',
      email: c.emails.lifesaver,
      notification_enabled: false,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const audit = AuditResponseSchema.parse(
      (await call('GET', `/api/v5/console/audit?beach_id=${c.beach.bondi}`, 'operator')).json(),
    );
    expect(audit.entries[0]).toMatchObject({
      action: 'status.set',
      actor: 'Lifesaver Tester <lifesaver@example.com>',
      actor_user_id: lifesaver.id,
      actor_now: 'Operator Tester <lifesaver@example.com>',
    });
    const csv = await call('GET', `/api/v5/console/audit.csv?beach_id=${c.beach.bondi}`, 'operator');
    expect(csv.body.split('\r\n')[1]).toContain(`,${lifesaver.id},Operator Tester <lifesaver@example.com>`);
    await call('DELETE', `/api/v5/beach/${c.beach.bondi}/status`, 'lifesaver');
  });
});

describe('malformed multipart bodies', () => {
  const routes = () => [
    `/api/v5/beach/${c.beach.bondi}/posts`,
    '/api/v5/console/imports/rosters',
    '/api/v5/console/imports/photos',
    `/api/v5/beach/${c.beach.bondi}/photo-of-day`,
  ];
  const callerOf = (url: string): Caller =>
    url.includes('imports') ? 'operator' : url.includes('photo-of-day') ? 'algal' : 'lifesaver';
  const part = (name: string, file: string) =>
    `--xyz\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\n` +
    `Content-Type: application/octet-stream\r\n\r\nbeach,club\r\n`;

  it.each([
    ['no boundary', 'multipart/form-data', `${part('file', 'a.csv')}--xyz--\r\n`, /names no boundary/],
    [
      'no closing boundary',
      'multipart/form-data; boundary=xyz',
      part('file', 'a.csv'),
      /ends before its closing/,
    ],
    [
      'a cut-off photo part',
      'multipart/form-data; boundary=xyz',
      part('photo', 'p.png'),
      /ends before its closing/,
    ],
    ['only garbage', 'multipart/form-data; boundary=xyz', 'garbage', /ends before its closing/],
  ])('answer 400 saying what is wrong (%s)', async (_label, type, body, reason) => {
    for (const url of routes()) {
      const res = await c.t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: c.auth[callerOf(url)], 'content-type': type },
        payload: body,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/^The upload is not valid multipart\/form-data: /);
      expect(res.json().message).toMatch(reason);
    }
  });
});

describe('facility links', () => {
  const facilities = (url: string) => {
    const form = new FormData();
    const csv = `beach,type,name,url,source\nnsw-2026-bondi-beach,Facility,Toilets,"${url.replace(/"/g, '""')}",Waverley Council\n`;
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'facilities.csv');
    return c.t.app.inject({
      method: 'POST',
      url: '/api/v5/console/imports/facilities?dry_run=true',
      headers: { authorization: c.auth.operator },
      payload: form,
    });
  };

  it.each([
    '/\\evil.example/x',
    '\\\\evil.example/x',
    '//evil.example/x',
    '/\t/evil.example/x',
    '/\n/evil.example',
    '/ /evil.example',
    'https://user:pw@evil.example/',
    'https://evil.example\\@council.nsw.gov.au/',
    'javascript:alert(1)',
    'http://council.nsw.gov.au/',
  ])('refuses a url a browser would open on another site: %j', async (url) => {
    expect(isSafeLinkUrl(url)).toBe(false);
    const res = await facilities(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rejected).toEqual([
      {
        row: 2,
        reason:
          'url must be an https:// address or a path on this site (/…), with no backslashes, spaces or control characters',
      },
    ]);
  });

  it.each(['/surf-safety/rips', 'https://www.waverley.nsw.gov.au/toilets?x=1#map', ''])(
    'takes https:// addresses and site paths: %j',
    async (url) => {
      const res = await facilities(url);
      expect(res.json()).toMatchObject({ rejected: [], added: 1 });
    },
  );

  it('never serves a stored link that escapes its rule (rows written before it)', async () => {
    await c.t.handle.db
      .updateTable('beaches')
      .set({
        facilities: JSON.stringify([
          { type: 'Toilets', name: 'Toilet block', url: '/\\evil.example/x' },
          { type: 'Parking', name: 'Car park', url: '/parking' },
        ]),
      })
      .where('id', '=', c.beach.bondi)
      .execute();
    const detail = BeachDetailResponseSchema.parse(
      (await c.t.app.inject(`/api/v4/beach/${c.beach.bondi}`)).json(),
    );
    expect(detail.beach.facilities).toEqual([
      { type: 'Toilets', name: 'Toilet block', url: null },
      { type: 'Parking', name: 'Car park', url: '/parking' },
    ]);
  });
});

describe('roster clubs', () => {
  const rosters = async (club: string) => {
    const form = new FormData();
    const csv =
      'beach,club,starts_on,ends_on,days,start_time,end_time,exception_date,note,source\n' +
      `nsw-2026-bondi-beach,${club},2026-09-26,2027-04-25,sat-sun,09:00,17:00,,,SLS NSW roster\n`;
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'rosters.csv');
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/api/v5/console/imports/rosters?dry_run=true',
      headers: { authorization: c.auth.operator },
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('refuses a Bondi row with a club id of another state, per row, and takes a NSW club', async () => {
    const club = async (state: string) =>
      c.t.handle.db
        .selectFrom('clubs')
        .select(['id', 'title'])
        .where('state', '=', state)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    const wa = await club('WA');
    const report = await rosters(String(wa.id));
    expect(report).toMatchObject({ applied: false, added: 0 });
    expect(report.rejected).toEqual([
      {
        row: 2,
        reason: `club: club ${wa.id} (${wa.title}) is a WA club: NSW beaches take clubs of NSW or clubs linked to the beach`,
      },
    ]);
    expect(await rosters(String((await club('NSW')).id))).toMatchObject({ rejected: [], added: 1 });
  });
});

describe('photo imports', () => {
  const post = (form: FormData | Buffer, headers: Record<string, string> = {}) =>
    c.t.app.inject({
      method: 'POST',
      url: '/api/v5/console/imports/photos?dry_run=true',
      headers: { authorization: c.auth.operator, ...headers },
      payload: form,
    });
  const tempFolders = () =>
    fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('safeshore-photos-'));

  it('streams images to temporary files (removed afterwards) and decodes them from there', async () => {
    const before = tempFolders();
    const form = new FormData();
    form.append(
      'manifest',
      new Blob(['beach,file,credit,licence\nnsw-2026-bondi-beach,b.png,Sam Ng,CC BY 4.0\n']),
      'photos.csv',
    );
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3070a0' } })
      .png()
      .toBuffer();
    form.append('photos', new Blob([new Uint8Array(png)]), 'b.png');
    const res = await post(form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: false, added: 1, rejected: [] });
    expect(tempFolders()).toEqual(before);
  });

  it(`caps the whole request at ${IMPORT_REQUEST_MAX_BYTES / 1024 / 1024} MB (413), by its length and as it streams`, async () => {
    const declared = await post(Buffer.from('--x--\r\n'), {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(IMPORT_REQUEST_MAX_BYTES + 1),
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toMatch(/^The upload is too large: at most 100 MB in all/);

    // Many files under the per-file limit that add up to more than the cap (sent chunked, no length).
    const before = tempFolders();
    const form = new FormData();
    form.append('manifest', new Blob(['beach,file,credit,licence\n']), 'photos.csv');
    const chunk = new Uint8Array(9 * 1024 * 1024);
    for (let i = 0; i < 12; i += 1) form.append('photos', new Blob([chunk]), `p${i}.png`);
    const streamed = await post(form);
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toMatch(/^The upload is too large/);
    expect(tempFolders()).toEqual(before);
  }, 60_000);
});
