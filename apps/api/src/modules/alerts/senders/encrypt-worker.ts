import { parentPort } from 'node:worker_threads';
import { encryptAes128gcm } from './aes128gcm.ts';

/** A worker thread of the encryption pool (encrypt-pool.ts): encrypts batches of Web Push payloads. */

parentPort!.on(
  'message',
  ({ id, jobs }: { id: number; jobs: { p256dh: string; auth: string; plaintext: string }[] }) => {
    const transfer: ArrayBuffer[] = [];
    const answers = jobs.map((job) => {
      try {
        // A copy in its own ArrayBuffer (not Node's shared pool), so it can be transferred.
        const body = new Uint8Array(encryptAes128gcm(job.p256dh, job.auth, Buffer.from(job.plaintext)));
        transfer.push(body.buffer);
        return { body };
      } catch (error) {
        return { error: (error as Error).message };
      }
    });
    parentPort!.postMessage({ id, answers }, transfer);
  },
);
