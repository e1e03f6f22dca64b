// @ts-check
import { serveThreadPoolJobs } from '../../lib/thread-pool-worker.js';
import { compressFastSync } from './compress-fast.js';

/*
 * A worker thread of the compression pool (compress-pool.ts): compresses batches of one-off
 * answers. JavaScript, like everything it imports, so the thread loads no TypeScript stripper
 * (lib/thread-pool-worker.js).
 */
serveThreadPoolJobs(
  /** @param {Buffer} body @param {import('./compress-fast.js').FastEncoding} encoding */
  (body, encoding) => compressFastSync(body, encoding),
);
