import { serveThreadPoolJobs } from '../../../lib/thread-pool-worker.js';
import { encryptAes128gcm } from './aes128gcm.ts';
import type { EncryptKeys } from './encrypt-pool.ts';

/** A worker thread of the encryption pool (encrypt-pool.ts): encrypts batches of Web Push payloads. */
serveThreadPoolJobs<EncryptKeys>((plaintext, keys) => encryptAes128gcm(keys.p256dh, keys.auth, plaintext));
