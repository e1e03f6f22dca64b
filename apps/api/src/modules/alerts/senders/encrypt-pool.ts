import { Worker } from 'node:worker_threads';
import { encryptAes128gcm } from './aes128gcm.ts';

/**
 * Where Web Push payloads are encrypted: inline on the event loop, or on worker threads.
 *
 * Encryption (one P-256 ECDH and three HKDFs per message) is most of a Web Push send's CPU. With
 * `threads` > 0 it runs on that many worker threads, so on a machine with several cores the event
 * loop keeps to HTTP and the database while the threads encrypt. Jobs are sent in batches (those
 * queued in one turn of the event loop, up to 64 per message) to keep the messaging cheap, and the
 * ciphertexts come back as transferred buffers. Threads hold the process open only while they have
 * work.
 */

export interface Encryptor {
  encrypt(p256dh: string, auth: string, plaintext: string): Promise<Buffer>;
  close(): Promise<void>;
}

export const inlineEncryptor: Encryptor = {
  encrypt: (p256dh, auth, plaintext) =>
    new Promise((resolve) => resolve(encryptAes128gcm(p256dh, auth, Buffer.from(plaintext)))),
  close: async () => undefined,
};

interface Job {
  p256dh: string;
  auth: string;
  plaintext: string;
}
type Answer = { body: Uint8Array } | { error: string };
interface Pending {
  resolve: (body: Buffer) => void;
  reject: (error: Error) => void;
}

const BATCH = 64;

export function createEncryptPool(threads: number): Encryptor {
  if (threads <= 0) return inlineEncryptor;
  type Thread = { worker: Worker; inFlight: Map<number, Pending[]>; jobs: number };
  // Started on the first message, so an API that never sends starts no threads.
  let started: Thread[] | null = null;
  const start = (): Thread[] => (started ??= Array.from({ length: threads }, startThread));
  const startThread = (): Thread => {
    const worker = new Worker(new URL('./encrypt-worker.ts', import.meta.url));
    worker.unref();
    const state: Thread = { worker, inFlight: new Map(), jobs: 0 };
    worker.on('message', ({ id, answers }: { id: number; answers: Answer[] }) => {
      const pending = state.inFlight.get(id)!;
      state.inFlight.delete(id);
      state.jobs -= pending.length;
      if (state.jobs === 0) worker.unref();
      answers.forEach((answer, i) => {
        if ('body' in answer)
          pending[i]!.resolve(Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.length));
        else pending[i]!.reject(new Error(answer.error));
      });
    });
    const fail = (error: Error) => {
      for (const pending of state.inFlight.values()) for (const p of pending) p.reject(error);
      state.inFlight.clear();
      state.jobs = 0;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      fail(new Error(`encryption thread ended (exit code ${code})`));
      // A thread that died is left out; with none left, the next batch starts a new set.
      if (started) started = started.filter((t) => t !== state);
      if (started?.length === 0 && !closed) started = null;
    });
    return state;
  };
  let queue: { job: Job; pending: Pending }[] = [];
  let scheduled = false;
  let nextId = 0;
  let closed = false;

  function flush() {
    scheduled = false;
    const all = queue;
    queue = [];
    const workers = start();
    for (let i = 0; i < all.length; i += BATCH) {
      const batch = all.slice(i, i + BATCH);
      // The thread with the fewest jobs outstanding.
      const target = workers.reduce((a, b) => (b.jobs < a.jobs ? b : a));
      const id = nextId++;
      target.inFlight.set(
        id,
        batch.map((b) => b.pending),
      );
      if (target.jobs === 0) target.worker.ref();
      target.jobs += batch.length;
      target.worker.postMessage({ id, jobs: batch.map((b) => b.job) });
    }
  }

  return {
    encrypt(p256dh, auth, plaintext) {
      if (closed) return Promise.reject(new Error('the encryption pool is closed'));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ job: { p256dh, auth, plaintext }, pending: { resolve, reject } });
        if (queue.length >= BATCH * threads) flush();
        else if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    async close() {
      closed = true;
      const workers = started ?? [];
      started = [];
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}
