import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * Property-based fuzzing of every endpoint that reads client input: malformed and hostile bodies,
 * queries and paths never produce a 500 and never write anything unless the request was valid.
 */
let t: TestApp;
beforeAll(async () => {
  // The rate limit is tested on its own; here it would only stop the fuzzer early.
  t = await startTestApp({ config: { RATE_LIMIT_PER_MINUTE: 1_000_000 } });
});
afterAll(async () => t.close());

const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    "'; drop table beaches; --",
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '%00',
    '\u0000\uffff',
    '\ud800 lone surrogate',
    '{{7*7}}',
    '${jndi:ldap://x}',
    'a'.repeat(5000),
    '🏖️🌊',
  ),
);

const anyJson = fc.jsonValue({ maxDepth: 4 });
/** Percent-encodes like a browser would; lone surrogates (which cannot be encoded) become U+FFFD. */
const encodeSegment = (text: string) => encodeURIComponent(text.toWellFormed());
const reports = async () => (await t.handle.db.selectFrom('not_found_reports').select('id').execute()).length;

describe('fuzzing', () => {
  it('POST /api/v4/notfound: any JSON body or raw text gives 200/400/413/415/422, and only 200 writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyJson.map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
          fc
            .record({ url: hostile })
            .map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
          hostile.map((text) => ({ payload: text, type: 'application/json' })),
          hostile.map((text) => ({ payload: text, type: 'text/plain' })),
        ),
        async ({ payload, type }) => {
          const before = await reports();
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/v4/notfound',
            payload,
            headers: { 'content-type': type },
          });
          expect([200, 400, 413, 415, 422]).toContain(res.statusCode);
          expect(res.body).not.toMatch(/\.ts:\d+/);
          const after = await reports();
          if (res.statusCode !== 200) expect(after).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('GET /api/v4/autocomplete: any query string gives 200 or 422', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.option(hostile), fc.option(hostile), async (q, lat, lng) => {
        const params = new URLSearchParams({ q });
        if (lat !== null) params.set('lat', lat);
        if (lng !== null) params.set('lng', lng);
        const res = await t.app.inject(`/api/v4/autocomplete?${params.toString()}`);
        expect([200, 422]).toContain(res.statusCode);
      }),
      { numRuns: 300 },
    );
  });

  it('GET /api/v4/beach/{beach} and /api/v4/surf-safety/{slug}: any path gives 200, 404 or 422', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { minLength: 1, maxLength: 6 }), async (segments) => {
        const tail = segments.map(encodeSegment).join('/');
        for (const url of [`/api/v4/beach/${tail}`, `/api/v4/surf-safety/${encodeSegment(segments[0]!)}`]) {
          const res = await t.app.inject(url);
          expect([200, 404, 422]).toContain(res.statusCode);
        }
      }),
      { numRuns: 300 },
    );
  });
});
