import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createThreadPool,
  SLOT_INPUT_BYTES,
  SLOT_OUTPUT_BYTES,
  SLOTS_PER_THREAD,
  type ThreadPool,
} from '../src/lib/thread-pool.ts';
import { CACHE_POLICIES, createReadModel } from '../src/modules/read-model/cache.ts';
import { compressFastSync, type FastEncoding } from '../src/modules/read-model/compress-fast.js';
import {
  createCompressPool,
  inlineCompressor,
  type Compressor,
} from '../src/modules/read-model/compress-pool.ts';
import { testClock } from './clock.ts';
import { openTestDatabase } from './helpers.ts';

/**
 * One-off answers (a location by a new coordinate) are compressed on worker threads (issue 20):
 * the same bytes as on the event loop, none lost when a thread dies or the pool closes.
 */

const answer = (i: number) =>
  Buffer.from(
    JSON.stringify({
      i,
      beaches: Array.from({ length: 40 }, (_, j) => ({
        id: i * 100 + j,
        title: `Beach ${j}`,
        hazard: j % 11,
      })),
    }),
  );
const decode = (body: Buffer, encoding: FastEncoding) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body)).toString();

describe('the compression pool', () => {
  it('compresses batches on threads to the same bytes as on the event loop', async () => {
    const pool = createCompressPool(2);
    try {
      // More than one batch per thread in one turn of the event loop.
      const jobs = Array.from({ length: 300 }, (_, i) => ({
        body: answer(i),
        encoding: (i % 3 === 0 ? 'gzip' : 'br') as FastEncoding,
      }));
      const bodies = await Promise.all(jobs.map((j) => pool.compress(j.body, j.encoding)));
      bodies.forEach((body, i) => {
        const job = jobs[i]!;
        expect(decode(body, job.encoding)).toBe(job.body.toString());
        expect(body.equals(compressFastSync(job.body, job.encoding))).toBe(true);
        expect(body.length).toBeLessThan(job.body.length / 3);
      });
      // A slice of a larger buffer (as Node's pool hands out) is sent as the slice only.
      const big = Buffer.concat([Buffer.from('xxxx'), answer(7), Buffer.from('yyyy')]);
      const slice = big.subarray(4, big.length - 4);
      expect(decode(await pool.compress(slice, 'br'), 'br')).toBe(answer(7).toString());
    } finally {
      await pool.close();
    }
    // Closed (the app stopping): still answered, on the event loop.
    expect(decode(await pool.compress(answer(1), 'gzip'), 'gzip')).toBe(answer(1).toString());
  });

  it('with no threads compresses on the event loop', async () => {
    expect(createCompressPool(0)).toBe(inlineCompressor);
    expect(decode(await inlineCompressor.compress(answer(2), 'br'), 'br')).toBe(answer(2).toString());
  });
});

describe('the thread pool', () => {
  const url = new URL('./fixtures/workers/echo-worker.ts', import.meta.url);
  const run = (pool: ThreadPool<string>, text: string, what = text) => pool.run(Buffer.from(text), what);

  it('keeps a failed job to itself, and starts a new thread after one dies', async () => {
    const pool = createThreadPool<string>(url, 1, 'echo');
    try {
      const settled = await Promise.allSettled(['a', 'fail', 'b'].map((j) => run(pool, j)));
      const text = (r: PromiseSettledResult<Buffer> | undefined) =>
        r?.status === 'fulfilled' ? r.value.toString() : `rejected: ${String(r?.reason)}`;
      expect(settled.map(text)).toEqual(['A', 'rejected: Error: this job fails', 'B']);
      // The thread ends with the batch it was given: those jobs fail, saying so...
      const dying = await Promise.allSettled(['c', 'exit'].map((j) => run(pool, j)));
      for (const result of dying) {
        expect(result.status).toBe('rejected');
        expect(String((result as PromiseRejectedResult).reason)).toMatch(/echo thread ended \(exit code 3\)/);
      }
      // ...and the next job gets a new thread.
      expect((await run(pool, 'd')).toString()).toBe('D');
    } finally {
      await pool.close();
    }
    await expect(run(pool, 'e')).rejects.toThrow(/echo pool is closed/);
    expect(() => createThreadPool<string>(url, 0, 'echo')).toThrow(/at least one thread/);
  });

  it('passes more than its shared memory holds at once, and jobs and answers too large for it', async () => {
    const pool = createThreadPool<string>(url, 2, 'echo');
    try {
      // 600 jobs of 9 KB: 5.4 MB, against 2 threads x SLOTS_PER_THREAD slots of SLOT_INPUT_BYTES.
      expect(600 * 9000).toBeGreaterThan(2 * SLOTS_PER_THREAD * SLOT_INPUT_BYTES);
      const inputs = Array.from({ length: 600 }, (_, i) =>
        `${i}:`.padEnd(9000, String.fromCharCode(97 + (i % 26))),
      );
      const answers = await Promise.all(inputs.map((text) => run(pool, text, 'upper')));
      answers.forEach((answer, i) => expect(answer.toString()).toBe(inputs[i]!.toUpperCase()));
      // A job larger than a slot's input region, and answers larger than its output region.
      const big = 'x'.repeat(SLOT_INPUT_BYTES + 10);
      const [bigAnswer, longAnswer, small] = await Promise.all([
        run(pool, big, 'upper'),
        run(pool, 'ab', `repeat ${SLOT_OUTPUT_BYTES}`),
        run(pool, 'q'),
      ]);
      expect(bigAnswer.toString()).toBe(big.toUpperCase());
      expect(longAnswer.length).toBe(2 * SLOT_OUTPUT_BYTES);
      expect(longAnswer.toString()).toBe('AB'.repeat(SLOT_OUTPUT_BYTES));
      expect(small.toString()).toBe('Q');
    } finally {
      await pool.close();
    }
  });

  it('rejects jobs still queued when it closes', async () => {
    const pool = createThreadPool<string>(url, 1, 'echo');
    const queued = run(pool, 'late');
    await pool.close();
    await expect(queued).rejects.toThrow(/closed/);
  });
});

describe('the read model and its compressor', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('compresses one-off answers with the compressor it is given, and nothing else with it', async () => {
    const used: FastEncoding[] = [];
    const counting: Compressor = {
      compress: (body, encoding) => {
        used.push(encoding);
        return inlineCompressor.compress(body, encoding);
      },
      close: async () => undefined,
    };
    const clock = testClock();
    const readModel = createReadModel({ db: handle.db, clock: clock.date, compressor: counting });
    const app = Fastify();
    app.get<{ Querystring: { n: string } }>('/point', (request, reply) =>
      readModel.cachedPublicResponse(request, reply, { policy: CACHE_POLICIES.locationPoint }, async () =>
        JSON.parse(answer(Number(request.query.n)).toString()),
      ),
    );
    app.get('/article', (request, reply) =>
      readModel.cachedPublicResponse(request, reply, { policy: CACHE_POLICIES.article }, async () =>
        JSON.parse(answer(-1).toString()),
      ),
    );
    try {
      const get = (url: string, encoding: string) =>
        app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      // Asked once (not kept), asked again (kept), then from the cache in the other coding.
      for (const encoding of ['br', 'br', 'gzip'] as const) {
        const reply = await get('/point?n=5', encoding);
        expect(reply.headers['content-encoding']).toBe(encoding);
        expect(decode(reply.rawPayload, encoding)).toBe(answer(5).toString());
      }
      expect(used).toEqual(['br', 'br', 'gzip']);
      // Answers kept for many readers are compressed at the cache's level, not by the compressor.
      const article = await get('/article', 'br');
      expect(decode(article.rawPayload, 'br')).toBe(answer(-1).toString());
      expect(used).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});
