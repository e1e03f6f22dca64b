import { createThreadPool } from '../../lib/thread-pool.ts';
import { compressFastSync, type FastEncoding } from './compress-fast.js';

/**
 * Where one-off answers (CachePolicy.oneOff: a location by a new coordinate) are compressed: on the
 * event loop, or on worker threads (lib/thread-pool.ts).
 *
 * Measured under `bench:load` (issue 20), a brotli-0 compression of an 8.5 KB answer takes ~18 us
 * in the call itself, but on the event loop it cost the request far more: each call makes a zlib
 * stream object and a native handle, whose close, clean-up and collection come later on the same
 * thread. On one worker thread (COMPRESS_THREADS=1, the default) the location answers with a new
 * coordinate went from 0.50-0.58 to 0.72-0.85 x /healthz, and the server's CPU per request fell
 * (274-352 us to 188-265 us) although the thread's time is counted in it. The event loop sends
 * the JSON into memory it shares with the thread (a copy, a few microseconds) and reads the
 * compressed bytes back from it (lib/thread-pool.ts).
 *
 * A job the threads cannot do (a thread died, the pool is closed while the app stops) is
 * compressed on the event loop instead: an answer is never lost to the pool.
 */
export interface Compressor {
  compress(body: Buffer, encoding: FastEncoding): Promise<Buffer>;
  close(): Promise<void>;
}

export const inlineCompressor: Compressor = {
  compress: (body, encoding) => new Promise((resolve) => resolve(compressFastSync(body, encoding))),
  close: async () => undefined,
};

/**
 * A compression thread's V8 heap: it holds only the batch in hand (tens of KB), so a small young
 * generation does. Measured at 50,000 beaches (`bench:load --only location-new`): V8's default
 * left the process at 346 MB after the run, 4 MB at 327 MB for the same throughput (1 MB: 318 MB
 * but ~10% slower, more collections).
 */
export const COMPRESS_THREAD_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };

export function createCompressPool(threads: number): Compressor {
  if (threads <= 0) return inlineCompressor;
  const pool = createThreadPool<FastEncoding>(
    new URL('./compress-worker.js', import.meta.url),
    threads,
    'compression',
    COMPRESS_THREAD_LIMITS,
  );
  return {
    compress: (body, encoding) =>
      pool.run(body, encoding).catch(() => inlineCompressor.compress(body, encoding)),
    close: () => pool.close(),
  };
}
