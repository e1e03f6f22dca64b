import { serveThreadPoolJobs } from '../../../lib/thread-pool.ts';
import { encryptAes128gcm } from './aes128gcm.ts';
import type { EncryptJob } from './encrypt-pool.ts';

/** A worker thread of the encryption pool (encrypt-pool.ts): encrypts batches of Web Push payloads. */
serveThreadPoolJobs<EncryptJob>((job) => encryptAes128gcm(job.p256dh, job.auth, Buffer.from(job.plaintext)));
