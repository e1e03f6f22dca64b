import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/v4/notfound', () => {
  it('records a missing url and counts repeats', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v4/notfound',
        payload: { url: '/no-such-page' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toMatch(/reported/);
    }
    const row = await t.handle.db
      .selectFrom('not_found_reports')
      .selectAll()
      .where('url', '=', '/no-such-page')
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(2);
  });

  it.each([
    [{}, 'The url field is required.'],
    [{ url: '' }, 'The url field is required.'],
    [{ url: 42 }, 'The url field is required.'],
    [{ url: 'x'.repeat(2049) }, 'The url field must not be greater than 2048 characters.'],
    [{ url: '/a\u0000b' }, 'The url field must not contain null characters.'],
  ])('rejects %j with 422 and writes nothing', async (payload, message) => {
    const before = await t.handle.db.selectFrom('not_found_reports').select('id').execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/v4/notfound', payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.url).toEqual([message]);
    const after = await t.handle.db.selectFrom('not_found_reports').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/notfound',
      headers: { 'content-type': 'application/json' },
      payload: '{"url":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect(Object.keys(res.json())).toEqual(['message']);
  });
});
