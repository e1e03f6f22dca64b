import { serveThreadPoolJobs } from '../../lib/thread-pool.ts';
import { compressFastSync, type FastEncoding } from './compress-fast.ts';

/** A worker thread of the compression pool (compress-pool.ts): compresses batches of one-off answers. */
serveThreadPoolJobs<FastEncoding>((body, encoding) => compressFastSync(body, encoding));
