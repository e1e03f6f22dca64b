import { createThreadPool } from '../../../lib/thread-pool.ts';
import { encryptAes128gcm } from './aes128gcm.ts';

/**
 * Where Web Push payloads are encrypted: inline on the event loop, or on worker threads.
 *
 * Encryption (one P-256 ECDH and three HKDFs per message) is most of a Web Push send's CPU. With
 * `threads` > 0 it runs on that many worker threads (lib/thread-pool.ts: batched messages,
 * payloads through shared memory, threads started on the first message), so on a machine with several cores
 * the event loop keeps to HTTP and the database while the threads encrypt.
 */

export interface Encryptor {
  encrypt(p256dh: string, auth: string, plaintext: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** A payload's keys (the payload itself is the job's bytes). */
export interface EncryptKeys {
  p256dh: string;
  auth: string;
}

export const inlineEncryptor: Encryptor = {
  encrypt: (p256dh, auth, plaintext) =>
    new Promise((resolve) => resolve(encryptAes128gcm(p256dh, auth, Buffer.from(plaintext)))),
  close: async () => undefined,
};

export function createEncryptPool(threads: number): Encryptor {
  if (threads <= 0) return inlineEncryptor;
  const pool = createThreadPool<EncryptKeys>(
    new URL('./encrypt-worker.ts', import.meta.url),
    threads,
    'encryption',
  );
  return {
    encrypt: (p256dh, auth, plaintext) => pool.run(Buffer.from(plaintext), { p256dh, auth }),
    close: () => pool.close(),
  };
}
