// @ts-check
import { parentPort, workerData } from 'node:worker_threads';

/**
 * A job as sent: its bytes in the slot's input region, or in the message when too large.
 * @template M
 * @typedef {{ meta: M; offset: number; length: number } | { meta: M; bytes: Uint8Array }} SentJob
 */
/**
 * An answer: in the slot's output region, a transferred buffer, or the job's error.
 * @typedef {{ offset: number; length: number } | { body: Uint8Array } | { error: string }} Answer
 */

/**
 * The worker thread's side of a ThreadPool (thread-pool.ts): answers each batch with
 * `work(bytes, meta)` per job, a failure kept to its own job. `bytes` is a view of memory shared
 * with the event loop, valid only during the call.
 *
 * Plain JavaScript (checked by tsc through JSDoc) so that a worker whose own code is JavaScript
 * too loads no TypeScript: Node strips types with a WebAssembly compiler that every thread loading
 * a .ts file instantiates for itself (~15-25 MB resident per thread; docs/decisions.md).
 *
 * @template M
 * @param {(bytes: Buffer, meta: M) => Uint8Array} work
 */
export function serveThreadPoolJobs(work) {
  const port = parentPort;
  if (!port) throw new Error('serveThreadPoolJobs runs in a worker thread');
  /** @type {{ slots: SharedArrayBuffer[]; inputBytes: number; outputBytes: number }} */
  const data = workerData;
  const slots = data.slots.map((memory) => ({
    memory,
    output: new Uint8Array(memory, data.inputBytes, data.outputBytes),
  }));
  port.on(
    'message',
    /** @param {{ slot: number; jobs: SentJob<M>[] }} batch */
    ({ slot, jobs }) => {
      const held = slots[slot];
      if (!held) throw new Error(`no shared memory slot ${slot}`);
      const { memory, output } = held;
      /** @type {ArrayBuffer[]} */
      const transfer = [];
      let offset = 0;
      const answers = jobs.map(
        /** @returns {Answer} */
        (job) => {
          try {
            const bytes =
              'bytes' in job
                ? Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.length)
                : Buffer.from(memory, job.offset, job.length);
            const result = work(bytes, job.meta);
            if (offset + result.length <= data.outputBytes) {
              output.set(result, offset);
              const answer = { offset, length: result.length };
              offset += result.length;
              return answer;
            }
            // Too large for the output region: a copy in an ArrayBuffer of its own, transferred.
            const body = new Uint8Array(result);
            transfer.push(body.buffer);
            return { body };
          } catch (error) {
            return { error: error instanceof Error ? error.message : String(error) };
          }
        },
      );
      port.postMessage({ slot, answers }, transfer);
    },
  );
}
