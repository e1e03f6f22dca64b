import { parentPort, Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A pool of worker threads that each turn a job into bytes (Web Push encryption, compression of
 * one-off answers). Jobs queued in one turn of the event loop go to a thread in one message (up to
 * BATCH), so the messaging stays cheap under load; answers come back as transferred buffers.
 * Threads start on the first job and hold the process open only while they have work. A thread
 * that dies fails its jobs in flight and is left out; with none left, the next batch starts a new
 * set. After close() every job is rejected.
 */
export interface ThreadPool<J> {
  run(job: J): Promise<Buffer>;
  close(): Promise<void>;
}

type Answer = { body: Uint8Array } | { error: string };
interface Pending {
  resolve: (body: Buffer) => void;
  reject: (error: Error) => void;
}

export const THREAD_POOL_BATCH = 64;

/**
 * `what` names the work in errors (e.g. "encryption"). `threads` must be at least 1. `resourceLimits`
 * bound each thread's V8 heap (a thread past them ends, and its jobs fail as when it dies).
 */
export function createThreadPool<J>(
  workerUrl: URL,
  threads: number,
  what: string,
  resourceLimits?: ResourceLimits,
): ThreadPool<J> {
  if (threads < 1) throw new Error(`a ${what} pool needs at least one thread`);
  type Thread = { worker: Worker; inFlight: Map<number, Pending[]>; jobs: number };
  let started: Thread[] | null = null;
  let closed = false;
  const start = (): Thread[] => (started ??= Array.from({ length: threads }, startThread));
  const startThread = (): Thread => {
    const worker = new Worker(workerUrl, resourceLimits ? { resourceLimits } : {});
    worker.unref();
    const state: Thread = { worker, inFlight: new Map(), jobs: 0 };
    worker.on('message', ({ id, answers }: { id: number; answers: Answer[] }) => {
      const pending = state.inFlight.get(id);
      if (!pending) return;
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
      fail(new Error(`${what} thread ended (exit code ${code})`));
      if (started) started = started.filter((t) => t !== state);
      if (started?.length === 0 && !closed) started = null;
    });
    return state;
  };

  let queue: { job: J; pending: Pending }[] = [];
  let scheduled = false;
  let nextId = 0;

  function flush() {
    scheduled = false;
    const all = queue;
    queue = [];
    if (all.length === 0) return;
    const workers = start();
    for (let i = 0; i < all.length; i += THREAD_POOL_BATCH) {
      const batch = all.slice(i, i + THREAD_POOL_BATCH);
      // The thread with the fewest jobs outstanding.
      const target = workers.reduce((a, b) => (b.jobs < a.jobs ? b : a));
      const id = nextId++;
      target.inFlight.set(
        id,
        batch.map((b) => b.pending),
      );
      if (target.jobs === 0) target.worker.ref();
      target.jobs += batch.length;
      // Copied by postMessage (never transferred: a job's buffer may be a slice of a shared pool).
      target.worker.postMessage({ id, jobs: batch.map((b) => b.job) });
    }
  }

  return {
    run(job) {
      if (closed) return Promise.reject(new Error(`the ${what} pool is closed`));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ job, pending: { resolve, reject } });
        if (queue.length >= THREAD_POOL_BATCH * threads) flush();
        else if (!scheduled) {
          scheduled = true;
          // After the jobs of this turn of the event loop are queued too: one message for all.
          setImmediate(flush);
        }
      });
    },
    async close() {
      closed = true;
      for (const { pending } of queue) pending.reject(new Error(`the ${what} pool is closed`));
      queue = [];
      const workers = started ?? [];
      started = [];
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}

/**
 * The worker thread's side of a ThreadPool: answers each batch with `work(job)` per job, a failure
 * kept to its own job. Each answer is copied into an ArrayBuffer of its own (not Node's shared pool
 * or zlib's output chunk), so it can be transferred back.
 */
export function serveThreadPoolJobs<J>(work: (job: J) => Uint8Array): void {
  parentPort!.on('message', ({ id, jobs }: { id: number; jobs: J[] }) => {
    const transfer: ArrayBuffer[] = [];
    const answers = jobs.map((job): Answer => {
      try {
        const body = new Uint8Array(work(job));
        transfer.push(body.buffer);
        return { body };
      } catch (error) {
        return { error: (error as Error).message };
      }
    });
    parentPort!.postMessage({ id, answers }, transfer);
  });
}
