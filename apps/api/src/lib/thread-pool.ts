import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Answer, SentJob } from './thread-pool-worker.js';

/**
 * A pool of worker threads that each turn bytes (with a little metadata) into bytes: Web Push
 * encryption, compression of one-off answers.
 *
 * Jobs queued in one turn of the event loop go to a thread in one message (a batch, up to
 * THREAD_POOL_BATCH jobs). The bytes travel through memory shared with the thread, not in the
 * message: each thread has SLOTS_PER_THREAD slots of shared memory (an input and an output region
 * each), a batch in flight holds one slot, and its inputs are copied into the slot's input region
 * and its answers read back from the output region. So a thread allocates nothing per job for
 * its input or output: a copy in the message would be a new ArrayBuffer on the thread's heap for
 * every job, held until that heap is collected (measured: ~20 MB of such buffers and a 24 MB heap
 * in a compression thread after a burst of location answers, kept while it sat idle). A job too
 * large for a slot goes in the message instead; an answer too large for the output region comes
 * back as a transferred buffer. While every slot is busy, jobs wait in the queue and go in the
 * next batch when a slot is free.
 *
 * The thread's side is `serveThreadPoolJobs` (thread-pool-worker.js).
 *
 * Threads start on the first job and hold the process open only while they have work. A thread
 * that dies fails its jobs in flight and is left out; with none left, the next batch starts a new
 * set. After close() every job is rejected.
 */
export interface ThreadPool<M> {
  /** `bytes` are copied when the batch is sent: they must not change before the answer. */
  run(bytes: Uint8Array, meta: M): Promise<Buffer>;
  close(): Promise<void>;
}

export const THREAD_POOL_BATCH = 64;
export const SLOTS_PER_THREAD = 2;
export const SLOT_INPUT_BYTES = 512 * 1024;
export const SLOT_OUTPUT_BYTES = 512 * 1024;

interface Pending {
  resolve: (body: Buffer) => void;
  reject: (error: Error) => void;
}

/**
 * `what` names the work in errors (e.g. "encryption"). `threads` must be at least 1. `resourceLimits`
 * bound each thread's V8 heap (a thread past them ends, and its jobs fail as when it dies).
 */
export function createThreadPool<M>(
  workerUrl: URL,
  threads: number,
  what: string,
  resourceLimits?: ResourceLimits,
): ThreadPool<M> {
  if (threads < 1) throw new Error(`a ${what} pool needs at least one thread`);
  interface Slot {
    input: Uint8Array;
    output: Uint8Array;
    /** The batch in flight, or null when the slot is free. */
    inFlight: Pending[] | null;
  }
  type Thread = { worker: Worker; slots: Slot[] };
  /** Batches a thread has in flight. */
  const busy = (thread: Thread) => thread.slots.filter((s) => s.inFlight !== null).length;
  let started: Thread[] | null = null;
  let closed = false;
  const start = (): Thread[] => (started ??= Array.from({ length: threads }, startThread));
  const startThread = (): Thread => {
    const shared = Array.from(
      { length: SLOTS_PER_THREAD },
      () => new SharedArrayBuffer(SLOT_INPUT_BYTES + SLOT_OUTPUT_BYTES),
    );
    const worker = new Worker(workerUrl, {
      workerData: { slots: shared, inputBytes: SLOT_INPUT_BYTES, outputBytes: SLOT_OUTPUT_BYTES },
      ...(resourceLimits && { resourceLimits }),
    });
    worker.unref();
    const state: Thread = {
      worker,
      slots: shared.map((memory) => ({
        input: new Uint8Array(memory, 0, SLOT_INPUT_BYTES),
        output: new Uint8Array(memory, SLOT_INPUT_BYTES, SLOT_OUTPUT_BYTES),
        inFlight: null,
      })),
    };
    worker.on('message', ({ slot, answers }: { slot: number; answers: Answer[] }) => {
      const held = state.slots[slot];
      const pending = held?.inFlight;
      if (!held || !pending) return;
      // Read every answer out of the slot before it is given to the next batch.
      const results = answers.map((answer) =>
        'offset' in answer
          ? Buffer.from(held.output.subarray(answer.offset, answer.offset + answer.length))
          : 'body' in answer
            ? Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.length)
            : new Error(answer.error),
      );
      held.inFlight = null;
      if (busy(state) === 0) worker.unref();
      results.forEach((result, i) => {
        if (result instanceof Error) pending[i]!.reject(result);
        else pending[i]!.resolve(result);
      });
      if (waiting() > 0) schedule();
    });
    const fail = (error: Error) => {
      for (const slot of state.slots) {
        for (const p of slot.inFlight ?? []) p.reject(error);
        slot.inFlight = null;
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      fail(new Error(`${what} thread ended (exit code ${code})`));
      if (started) started = started.filter((t) => t !== state);
      if (started?.length === 0 && !closed) started = null;
      if (waiting() > 0 && !closed) schedule();
    });
    return state;
  };

  // Waiting jobs: queue[head] is the next (an index, not shift(): a queue may hold many thousands).
  let queue: { bytes: Uint8Array; meta: M; pending: Pending }[] = [];
  let head = 0;
  const waiting = () => queue.length - head;
  let scheduled = false;

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // After the jobs of this turn of the event loop are queued too: one message for all.
    setImmediate(flush);
  }

  function flush() {
    scheduled = false;
    if (closed) return;
    const workers = start();
    while (waiting() > 0) {
      // The thread with the fewest batches in flight, if it has a free slot.
      const target = workers.reduce<Thread | undefined>(
        (best, t) => (best === undefined || busy(t) < busy(best) ? t : best),
        undefined,
      );
      const slotIndex = target?.slots.findIndex((s) => s.inFlight === null) ?? -1;
      if (!target || slotIndex === -1) return; // sent when a batch comes back
      const slot = target.slots[slotIndex]!;
      const sent: SentJob<M>[] = [];
      const pending: Pending[] = [];
      let offset = 0;
      while (waiting() > 0 && sent.length < THREAD_POOL_BATCH) {
        const { bytes, meta, pending: p } = queue[head]!;
        if (bytes.length > SLOT_INPUT_BYTES) {
          // Too large for any slot: its bytes go in the message (copied).
          sent.push({ meta, bytes });
        } else {
          if (offset + bytes.length > SLOT_INPUT_BYTES) break;
          slot.input.set(bytes, offset);
          sent.push({ meta, offset, length: bytes.length });
          offset += bytes.length;
        }
        pending.push(p);
        head++;
      }
      if (head === queue.length) {
        queue = [];
        head = 0;
      } else if (head > 4096 && head * 2 > queue.length) {
        queue = queue.slice(head);
        head = 0;
      }
      if (busy(target) === 0) target.worker.ref();
      slot.inFlight = pending;
      target.worker.postMessage({ slot: slotIndex, jobs: sent });
    }
  }

  return {
    run(bytes, meta) {
      if (closed) return Promise.reject(new Error(`the ${what} pool is closed`));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ bytes, meta, pending: { resolve, reject } });
        schedule();
      });
    },
    async close() {
      closed = true;
      for (const { pending } of queue.slice(head)) pending.reject(new Error(`the ${what} pool is closed`));
      queue = [];
      head = 0;
      const workers = started ?? [];
      started = [];
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}
