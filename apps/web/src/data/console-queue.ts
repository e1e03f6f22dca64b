import { Dexie, type EntityTable } from 'dexie';
import type { PatrolBody, RipObservationBody, StatusBody } from '@safeshore/domain';

/**
 * The lifesaver console's outbox (issue 17): every console action (status, patrol, post, and the rip
 * report of issue 29) is written to IndexedDB with its own Idempotency-Key before it is sent, then
 * sent in the order it was taken, one at a time. With no signal it waits on the device and goes when
 * the signal returns; the server answers a repeated key with its first answer, so an action
 * interrupted mid-send (the tab closed, the connection dropped after the server saved it) is applied
 * once however often it is replayed.
 *
 * Outcomes: a 2xx removes the action; no answer, 408, 429 or 5xx leave it (and everything after
 * it) waiting for the next attempt; a 401/419 leaves it waiting for the user to sign in again;
 * any other 4xx marks it failed with the server's message and it is never retried (the screen
 * shows it, and the user discards it or corrects it and acts again).
 */

export type ConsoleAction =
  | { kind: 'status'; body: StatusBody }
  | { kind: 'status.clear' }
  | { kind: 'patrol'; body: PatrolBody }
  | { kind: 'post'; text: string; photo: Blob; photoName: string }
  // Issue 29: its body carries observed_at, the moment it was tapped, so a report that waits for a
  // signal keeps the time the rips were seen.
  | { kind: 'rip'; body: RipObservationBody };

export interface QueueItem {
  /** Auto-increment: the order the actions were taken in. */
  id: number;
  /** The Idempotency-Key sent with every attempt of this action. */
  key: string;
  /** The user who took the action: only their session sends it. */
  userId: number;
  beachId: number;
  beachName: string;
  action: ConsoleAction;
  /** When the action was taken (ISO). */
  createdAt: string;
  state: 'waiting' | 'failed';
  attempts: number;
  /** Why it is failed (4xx) or still waiting after an attempt (no signal, server error). */
  error: string | null;
  /** The 422 field errors, when the server sent them. */
  errors: Record<string, string[]> | null;
  /** The HTTP status of the last attempt (0: no answer). */
  lastStatus: number | null;
}

/** What one attempt to send gave. `status` 0 means no answer (offline, timeout). */
export interface SendResult {
  status: number;
  body: unknown;
  message: string | null;
  errors: Record<string, string[]> | null;
}

export type Sender = (item: QueueItem) => Promise<SendResult>;

export type ItemOutcome =
  | { state: 'sent'; status: number; body: unknown }
  | { state: 'failed'; status: number; message: string; errors: Record<string, string[]> | null }
  | { state: 'waiting'; status: number; message: string | null };

export const CONSOLE_QUEUE_DB_NAME = 'safeshore-console-queue';

type QueueDatabase = Dexie & { items: EntityTable<QueueItem, 'id'> };

function openDatabase(name: string): QueueDatabase {
  const db = new Dexie(name) as QueueDatabase;
  db.version(1).stores({ items: '++id, userId' });
  return db;
}

/** A v4 UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Answers worth another attempt later: none, timeout, too many requests, server errors. */
function isTransient(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

function isSignedOut(status: number): boolean {
  return status === 401 || status === 419;
}

const NO_SIGNAL = 'Waiting for a signal to send.';

export interface ConsoleQueue {
  /** Stores an action for `userId` (it is sent by the next flush). */
  enqueue(input: {
    userId: number;
    beachId: number;
    beachName: string;
    action: ConsoleAction;
  }): Promise<QueueItem>;
  /**
   * Sends the user's waiting actions in order, each once. Concurrent calls (in this tab or, with the
   * Web Locks API, in other tabs) never send the same action twice. Returns each attempted action's
   * outcome by id.
   */
  flush(userId: number): Promise<Map<number, ItemOutcome>>;
  /** Enqueues then flushes: the action's own outcome (waiting when it could not be sent yet). */
  submit(input: { userId: number; beachId: number; beachName: string; action: ConsoleAction }): Promise<{
    item: QueueItem;
    outcome: ItemOutcome;
  }>;
  /** The user's actions still on the device, oldest first. */
  list(userId: number): Promise<QueueItem[]>;
  /** Removes an action (a failed one the user has seen, or one they no longer want sent). */
  discard(id: number): Promise<void>;
  subscribe(listener: () => void): () => void;
  close(): void;
}

export function createConsoleQueue({
  name = CONSOLE_QUEUE_DB_NAME,
  send,
  now = () => new Date(),
  lockName = `${name}-flush`,
}: {
  name?: string;
  send: Sender;
  now?: () => Date;
  lockName?: string;
}): ConsoleQueue {
  const db = openDatabase(name);
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  let running: Promise<Map<number, ItemOutcome>> | null = null;

  async function enqueue(input: {
    userId: number;
    beachId: number;
    beachName: string;
    action: ConsoleAction;
  }): Promise<QueueItem> {
    const record = {
      key: newIdempotencyKey(),
      userId: input.userId,
      beachId: input.beachId,
      beachName: input.beachName,
      action: input.action,
      createdAt: now().toISOString(),
      state: 'waiting',
      attempts: 0,
      error: null,
      errors: null,
      lastStatus: null,
    } satisfies Omit<QueueItem, 'id'>;
    const id = await db.items.add(record as QueueItem);
    emit();
    return { ...record, id };
  }

  async function list(userId: number): Promise<QueueItem[]> {
    return (await db.items.where('userId').equals(userId).toArray()).sort((a, b) => a.id - b.id);
  }

  /** One pass over the waiting actions, oldest first; stops at the first that cannot go yet. */
  async function drain(userId: number): Promise<Map<number, ItemOutcome>> {
    const outcomes = new Map<number, ItemOutcome>();
    for (;;) {
      // Re-read each time: an action taken while this one was sending joins the end of the line.
      const next = (await list(userId)).find((item) => item.state === 'waiting' && !outcomes.has(item.id));
      if (!next) return outcomes;
      const result = await send(next).catch((error: unknown): SendResult => ({
        status: 0,
        body: null,
        message: error instanceof Error ? error.message : null,
        errors: null,
      }));
      const attempts = next.attempts + 1;
      if (result.status >= 200 && result.status < 300) {
        await db.items.delete(next.id);
        outcomes.set(next.id, { state: 'sent', status: result.status, body: result.body });
        emit();
        continue;
      }
      if (isTransient(result.status) || isSignedOut(result.status)) {
        const message = isSignedOut(result.status)
          ? 'Sign in again to send this.'
          : result.status === 0
            ? NO_SIGNAL
            : (result.message ?? `The server could not take it yet (${result.status}); it will try again.`);
        await db.items.update(next.id, { attempts, error: message, errors: null, lastStatus: result.status });
        outcomes.set(next.id, { state: 'waiting', status: result.status, message });
        emit();
        // Keep the order: nothing after it goes before it.
        return outcomes;
      }
      const message = result.message ?? `Refused by the server (${result.status}).`;
      await db.items.update(next.id, {
        state: 'failed',
        attempts,
        error: message,
        errors: result.errors,
        lastStatus: result.status,
      });
      outcomes.set(next.id, { state: 'failed', status: result.status, message, errors: result.errors });
      emit();
    }
  }

  function locked(userId: number): Promise<Map<number, ItemOutcome>> {
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    if (locks?.request) return locks.request(lockName, () => drain(userId));
    return drain(userId);
  }

  function flush(userId: number): Promise<Map<number, ItemOutcome>> {
    // One drain at a time in this tab; a flush asked for during one runs again after it, so an
    // action enqueued meanwhile is not left behind.
    const previous = running;
    const mine: Promise<Map<number, ItemOutcome>> = (async () => {
      if (previous) await previous.catch(() => undefined);
      return locked(userId);
    })();
    running = mine;
    void mine.finally(() => {
      if (running === mine) running = null;
    });
    return mine;
  }

  return {
    enqueue,
    flush,
    list,
    async submit(input) {
      const item = await enqueue(input);
      const outcomes = await flush(input.userId);
      const outcome = outcomes.get(item.id);
      if (outcome) return { item, outcome };
      // Not attempted: an earlier action is still waiting (no signal), so this one waits behind it.
      const stored = await db.items.get(item.id);
      return {
        item,
        outcome: { state: 'waiting', status: stored?.lastStatus ?? 0, message: stored?.error ?? null },
      };
    },
    async discard(id) {
      await db.items.delete(id);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      db.close();
    },
  };
}
