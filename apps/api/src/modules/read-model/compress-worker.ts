import { serveThreadPoolJobs } from '../../lib/thread-pool.ts';
import { compressFastSync } from './compress-fast.ts';
import type { CompressJob } from './compress-pool.ts';

/** A worker thread of the compression pool (compress-pool.ts): compresses batches of one-off answers. */
serveThreadPoolJobs<CompressJob>((job) => compressFastSync(job.body, job.encoding));
