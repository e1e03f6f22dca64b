import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ImportFileError } from '../src/db/seed/beach-rows.ts';
import { importIpRanges } from '../src/db/seed/ip-ranges.ts';
import { ipKey, isPublicIp } from '../src/modules/location/ip.ts';
import { createLocationRepository } from '../src/modules/location/location.repository.ts';
import { openTestDatabase } from './helpers.ts';
import { addLocality } from './location-fixtures.ts';

describe('IP address keys', () => {
  it('stores IPv4 as IPv4-mapped IPv6 and expands IPv6, in 32 hex digits', () => {
    expect(ipKey('203.0.113.9')).toEqual({ family: 4, hex: '00000000000000000000ffffcb007109' });
    expect(ipKey('::ffff:203.0.113.9')).toEqual(ipKey('203.0.113.9'));
    expect(ipKey('::FFFF:cb00:7109')).toEqual(ipKey('203.0.113.9'));
    expect(ipKey('2001:db8::1')).toEqual({ family: 6, hex: '20010db8000000000000000000000001' });
    expect(ipKey('2001:db8:0:0:0:0:0:1')).toEqual(ipKey('2001:db8::1'));
    expect(ipKey('::')?.hex).toBe('0'.repeat(32));
    expect(ipKey('fe80::1%eth0')?.hex).toBe('fe800000000000000000000000000001');
    expect(ipKey(' 1.2.3.4 ')?.hex.endsWith('01020304')).toBe(true);
  });

  it('refuses what is not an address', () => {
    for (const text of [
      '',
      'abc',
      '1.2.3',
      '1.2.3.256',
      '01.2.3.4',
      '1:2:3:4:5:6:7:8:9',
      '::1::2',
      '1.2.3.4/24',
      "'; drop",
    ])
      expect(ipKey(text), text).toBeNull();
  });

  it('orders keys as the addresses are ordered', () => {
    const ordered = [
      '0.0.0.1',
      '1.2.3.4',
      '9.255.255.255',
      '10.0.0.0',
      '203.0.113.9',
      '255.255.255.255',
      '2001:db8::',
      'ffff::',
    ];
    const keys = ordered.map((a) => ipKey(a)!.hex);
    expect([...keys].sort()).toEqual(keys);
  });

  it('looks up public addresses only', () => {
    for (const address of ['203.0.113.9', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(isPublicIp(ipKey(address)!), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      '::',
      'fc00::1',
      'fe80::1',
      '::ffff:192.168.1.1',
    ])
      expect(isPublicIp(ipKey(address)!), address).toBe(false);
  });
});

describe('import-ip-ranges', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-ip-'));
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const stored = () =>
    handle.db
      .selectFrom('ip_ranges')
      .select(['family', 'range_start', 'range_end', 'postcode', 'source'])
      .orderBy('range_start')
      .execute();
  const lookup = (address: string) => createLocationRepository(handle.db).postcodeForIp(ipKey(address)!.hex);

  beforeAll(async () => {
    handle = await openTestDatabase();
    for (const postcode of ['2026', '3000', '4217', '6160'])
      await addLocality(handle.db, { title: `Place ${postcode}`, postcode, latitude: -33, longitude: 151 });
  });
  beforeEach(async () => {
    await handle.db.deleteFrom('ip_ranges').execute();
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports IPv4 and IPv6 ranges and finds the range holding an address, bounds included', async () => {
    const file = write(
      'ranges.csv',
      'start_ip,end_ip,postcode\n203.0.113.0,203.0.113.127,2026\n203.0.113.128,203.0.113.255,3000\n2001:db8::,2001:db8::ffff,4217\n',
    );
    const report = await importIpRanges(handle.db, file);
    expect(report).toMatchObject({ added: 3, replaced: 0, rejected: [] });
    const rows = await stored();
    expect(rows[0]).toEqual({
      family: 4,
      range_start: '00000000000000000000ffffcb007100',
      range_end: '00000000000000000000ffffcb00717f',
      postcode: '2026',
      source: 'ranges.csv',
    });
    expect(rows[2]!.family).toBe(6);
    expect(await lookup('203.0.113.0')).toBe('2026');
    expect(await lookup('203.0.113.127')).toBe('2026');
    expect(await lookup('203.0.113.128')).toBe('3000');
    expect(await lookup('203.0.113.255')).toBe('3000');
    expect(await lookup('203.0.114.0')).toBeNull();
    expect(await lookup('203.0.112.255')).toBeNull();
    expect(await lookup('2001:db8::abcd')).toBe('4217');
    expect(await lookup('2001:db8::1:0')).toBeNull();
    expect(await lookup('1.1.1.1')).toBeNull();
  });

  it('is idempotent, and a new file of the same source replaces its ranges', async () => {
    const first = write('isp.csv', 'start_ip,end_ip,postcode,source\n198.51.100.0,198.51.100.255,2026,isp\n');
    await importIpRanges(handle.db, first);
    const again = await importIpRanges(handle.db, first);
    expect(again).toMatchObject({ added: 1, replaced: 1, rejected: [] });
    expect(await stored()).toHaveLength(1);
    const other = write('other.csv', 'start_ip,end_ip,postcode,source\n192.0.2.0,192.0.2.255,3000,other\n');
    await importIpRanges(handle.db, other);
    const update = write(
      'isp-2.csv',
      'start_ip,end_ip,postcode,source\n198.51.100.0,198.51.100.127,6160,isp\n',
    );
    expect(await importIpRanges(handle.db, update)).toMatchObject({ added: 1, replaced: 1 });
    expect((await stored()).map((r) => [r.source, r.postcode])).toEqual([
      ['other', '3000'],
      ['isp', '6160'],
    ]);
    expect(await lookup('198.51.100.200')).toBeNull();
  });

  it('reports every bad row with its reasons, and a file with a bad row changes nothing', async () => {
    const file = write(
      'mixed.csv',
      [
        'start_ip,end_ip,postcode',
        '203.0.113.0,203.0.113.9,2026',
        'not-an-ip,203.0.113.20,2026',
        '203.0.113.30,2001:db8::1,2026',
        '203.0.113.50,203.0.113.40,2026',
        '203.0.113.60,203.0.113.70,20260',
        '203.0.113.80,203.0.113.90,9999',
        '203.0.113.5,203.0.113.15,3000',
        '203.0.113.100,203.0.113.110',
        '203.0.113.120,203.0.113.130,4217',
      ].join('\n'),
    );
    const before = await stored();
    const report = await importIpRanges(handle.db, file);
    expect(report).toMatchObject({ added: 0, replaced: 0 });
    expect(report.rejected.map((r) => [r.line, r.reasons.join('; ')])).toEqual([
      [3, expect.stringContaining('start_ip "not-an-ip" is not an IPv4 or IPv6 address')],
      [4, expect.stringContaining('different IP versions')],
      [5, expect.stringContaining('start_ip is after end_ip')],
      [6, expect.stringContaining('not 4 digits')],
      [7, expect.stringContaining('postcode 9999 is not in the places data')],
      [8, expect.stringContaining('overlaps another range')],
      [9, expect.stringContaining('fields')],
    ]);
    expect(await stored()).toEqual(before);
    expect(await lookup('203.0.113.5')).toBeNull();
  });

  it('refuses ranges overlapping another source', async () => {
    await importIpRanges(
      handle.db,
      write('a.csv', 'start_ip,end_ip,postcode,source\n192.0.2.0,192.0.2.255,2026,a\n'),
    );
    const overlapping = write(
      'b.csv',
      'start_ip,end_ip,postcode,source\n192.0.2.128,192.0.3.10,3000,b\n192.0.3.11,192.0.3.20,3000,b\n',
    );
    const report = await importIpRanges(handle.db, overlapping);
    expect(report.added).toBe(0);
    expect(report.rejected).toEqual([
      { line: 2, reasons: ['range 192.0.2.128-192.0.3.10 overlaps another range'] },
    ]);
    expect(await lookup('192.0.2.200')).toBe('2026');
    expect(await lookup('192.0.3.15')).toBeNull();
    // Its own source's earlier ranges do not count: a new file of source a replaces them.
    const moved = write('a-2.csv', 'start_ip,end_ip,postcode,source\n192.0.2.128,192.0.3.10,3000,a\n');
    expect(await importIpRanges(handle.db, moved)).toMatchObject({ added: 1, replaced: 1, rejected: [] });
    expect(await lookup('192.0.3.5')).toBe('3000');
  });

  it('changes nothing for a file that is not the format', async () => {
    await importIpRanges(
      handle.db,
      write('keep.csv', 'start_ip,end_ip,postcode\n192.0.2.0,192.0.2.255,2026\n'),
    );
    const before = await stored();
    for (const [name, text] of [
      ['missing.csv', 'start_ip,postcode\n192.0.2.0,2026\n'],
      ['unknown.csv', 'start_ip,end_ip,postcode,country\n192.0.2.0,192.0.2.1,2026,AU\n'],
      ['empty.csv', ''],
      ['quote.csv', 'start_ip,end_ip,postcode\n"192.0.2.0,192.0.2.1,2026\n'],
      ['ranges.json', '[]'],
    ] as const) {
      await expect(importIpRanges(handle.db, write(name, text)), name).rejects.toThrow(ImportFileError);
    }
    await expect(importIpRanges(handle.db, path.join(dir, 'absent.csv'))).rejects.toThrow(/ENOENT/);
    expect(await stored()).toEqual(before);
  });
});
