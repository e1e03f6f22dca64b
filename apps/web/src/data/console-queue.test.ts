import '../test/indexeddb.ts';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createConsoleQueue,
  newIdempotencyKey,
  type ConsoleQueue,
  type QueueItem,
  type SendResult,
} from './console-queue.ts';

const NAME = 'console-queue-test';
const ME = 7;

/** A fake server that remembers idempotency keys the way the API does, and can be made unreachable. */
function fakeServer() {
  const applied: Array<{ key: string; body: unknown }> = [];
  const seen = new Map<string, SendResult>();
  const attempts: string[] = [];
  let answer: (item: QueueItem) => SendResult | null = () => null;
  const send = async (item: QueueItem): Promise<SendResult> => {
    attempts.push(item.key);
    const forced = answer(item);
    if (forced) return forced;
    const replay = seen.get(item.key);
    if (replay) return replay;
    const body = item.action.kind === 'status' ? item.action.body : item.action.kind;
    applied.push({ key: item.key, body });
    const result = { status: 200, body, message: null, errors: null };
    seen.set(item.key, result);
    return result;
  };
  return {
    send,
    applied,
    attempts,
    set answer(fn: (item: QueueItem) => SendResult | null) {
      answer = fn;
    },
  };
}

const OFFLINE: SendResult = { status: 0, body: null, message: null, errors: null };

const status = (message: string) =>
  ({
    kind: 'status',
    body: { status: 'Closed', reason: 'shark_sighting', message, expires_at: null },
  }) as const;

const action = (message: string) => ({
  userId: ME,
  beachId: 1,
  beachName: 'Bondi Beach',
  action: status(message),
});

let queues: ConsoleQueue[] = [];
function open(send: (item: QueueItem) => Promise<SendResult>) {
  const queue = createConsoleQueue({ name: NAME, send, lockName: `${NAME}-lock` });
  queues.push(queue);
  return queue;
}

beforeEach(async () => {
  await Dexie.delete(NAME);
});
afterEach(() => {
  for (const queue of queues) queue.close();
  queues = [];
});

describe('console offline queue', () => {
  it('sends actions taken offline in the order they were taken, each once, when the signal returns', async () => {
    const server = fakeServer();
    const queue = open(server.send);
    server.answer = () => OFFLINE;
    for (const message of ['first', 'second', 'third']) {
      const { outcome } = await queue.submit(action(message));
      expect(outcome.state).toBe('waiting');
    }
    const waiting = await queue.list(ME);
    expect(waiting.map((item) => [item.state, item.error])).toEqual([
      ['waiting', 'Waiting for a signal to send.'],
      ['waiting', null],
      ['waiting', null],
    ]);
    // Offline, the first action is tried and nothing after it overtakes it.
    expect(new Set(server.attempts)).toEqual(new Set([waiting[0]!.key]));

    server.answer = () => null;
    const outcomes = await queue.flush(ME);
    expect([...outcomes.values()].map((o) => o.state)).toEqual(['sent', 'sent', 'sent']);
    expect(server.applied.map((a) => (a.body as { message: string }).message)).toEqual([
      'first',
      'second',
      'third',
    ]);
    expect(await queue.list(ME)).toEqual([]);

    // Nothing left: another flush sends nothing.
    await queue.flush(ME);
    expect(server.applied).toHaveLength(3);
  });

  it('gives every action its own UUID key and keeps it across attempts', async () => {
    const server = fakeServer();
    const queue = open(server.send);
    server.answer = () => OFFLINE;
    await queue.submit(action('a'));
    await queue.submit(action('b'));
    await queue.flush(ME);
    const items = await queue.list(ME);
    expect(items[0]!.key).not.toBe(items[1]!.key);
    for (const item of items)
      expect(item.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The first was tried three times (two submits and a flush), always with the same key.
    expect(server.attempts).toEqual([items[0]!.key, items[0]!.key, items[0]!.key]);
    expect(items[0]!.attempts).toBe(3);
  });

  it('concurrent flushes never send an action twice', async () => {
    const server = fakeServer();
    const queue = open(server.send);
    server.answer = () => OFFLINE;
    for (const message of ['a', 'b', 'c']) await queue.submit(action(message));
    server.answer = () => null;
    const attemptsBefore = server.attempts.length;
    await Promise.all([queue.flush(ME), queue.flush(ME), queue.flush(ME)]);
    expect(server.applied).toHaveLength(3);
    expect(server.attempts.length - attemptsBefore).toBe(3);
  });

  it('survives a reload: the waiting actions are read back and sent, with the keys they had', async () => {
    const server = fakeServer();
    const before = open(server.send);
    server.answer = () => OFFLINE;
    await before.submit(action('before reload 1'));
    await before.submit(action('before reload 2'));
    const keys = (await before.list(ME)).map((item) => item.key);
    before.close();

    // A new page: a new queue on the same database.
    server.answer = () => null;
    const after = open(server.send);
    expect((await after.list(ME)).map((item) => item.key)).toEqual(keys);
    await after.flush(ME);
    expect(server.applied.map((a) => a.key)).toEqual(keys);
  });

  it('keeps a post’s photo on the device until it is sent', async () => {
    const server = fakeServer();
    const before = open(server.send);
    server.answer = () => OFFLINE;
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    await before.submit({
      userId: ME,
      beachId: 1,
      beachName: 'Bondi Beach',
      action: { kind: 'post', text: 'Clean', photo, photoName: 'a.jpg' },
    });
    before.close();
    const after = open(server.send);
    const [stored] = await after.list(ME);
    expect(stored!.action.kind).toBe('post');
    const kept = (stored!.action as { photo: Blob }).photo;
    expect([kept.size, kept.type]).toEqual([4, 'image/jpeg']);
  });

  it('replays an action whose answer was lost once, and the server applies it once', async () => {
    const server = fakeServer();
    const queue = open(server.send);
    // The server saves the action but the answer never arrives (the connection drops).
    let drop = true;
    server.answer = (item) => {
      if (!drop) return null;
      drop = false;
      void server.send(item);
      return OFFLINE;
    };
    const { outcome } = await queue.submit(action('lost answer'));
    expect(outcome.state).toBe('waiting');
    server.answer = () => null;
    await queue.flush(ME);
    expect(server.applied).toHaveLength(1);
    expect(await queue.list(ME)).toEqual([]);
  });

  it('a 4xx is shown as failed, never retried, and does not hold up the actions after it', async () => {
    const server = fakeServer();
    const queue = open(server.send);
    server.answer = () => OFFLINE;
    await queue.submit(action('refused'));
    await queue.submit(action('fine'));
    server.answer = (item) =>
      item.action.kind === 'status' && item.action.body.message === 'refused'
        ? {
            status: 422,
            body: null,
            message: 'The until field must be later than the time now at the beach.',
            errors: { until: ['The until field must be later than the time now at the beach.'] },
          }
        : null;
    const outcomes = await queue.flush(ME);
    expect([...outcomes.values()].map((o) => o.state)).toEqual(['failed', 'sent']);
    const [failed, ...rest] = await queue.list(ME);
    expect(rest).toEqual([]);
    expect(failed).toMatchObject({
      state: 'failed',
      lastStatus: 422,
      error: 'The until field must be later than the time now at the beach.',
      errors: { until: ['The until field must be later than the time now at the beach.'] },
    });
    const tries = server.attempts.length;
    await queue.flush(ME);
    await queue.flush(ME);
    expect(server.attempts.length).toBe(tries);

    await queue.discard(failed!.id);
    expect(await queue.list(ME)).toEqual([]);
  });

  it('a 403 fails with the server message; 5xx, 429 and 401 wait and keep the order', async () => {
    const server = fakeServer();
    const queue = open(server.send);
    server.answer = () => ({
      status: 403,
      body: null,
      message: 'You may not act on this beach.',
      errors: null,
    });
    const denied = await queue.submit(action('denied'));
    expect(denied.outcome).toEqual({
      state: 'failed',
      status: 403,
      message: 'You may not act on this beach.',
      errors: null,
    });
    for (const [code, message] of [
      [503, null],
      [429, 'Too many requests'],
      [401, 'Unauthenticated.'],
    ] as const) {
      server.answer = () => ({ status: code, body: null, message, errors: null });
      const { outcome } = await queue.submit(action(`status ${code}`));
      expect(outcome.state).toBe('waiting');
    }
    const items = await queue.list(ME);
    expect(items.map((item) => item.state)).toEqual(['failed', 'waiting', 'waiting', 'waiting']);
    // The first waiting one was tried each time; the later ones waited behind it.
    expect(items[1]!.attempts).toBe(3);
    expect(items[1]!.error).toBe('Sign in again to send this.');
    expect(items[2]!.attempts).toBe(0);
  });

  it('keeps each user’s actions apart', async () => {
    const server = fakeServer();
    const queue = open(server.send);
    server.answer = () => OFFLINE;
    await queue.submit(action('mine'));
    await queue.submit({ ...action('theirs'), userId: 8 });
    server.answer = () => null;
    await queue.flush(8);
    expect(server.applied.map((a) => (a.body as { message: string }).message)).toEqual(['theirs']);
    expect((await queue.list(ME)).length).toBe(1);
  });

  it('tells subscribers when the list changes', async () => {
    const server = fakeServer();
    const queue = open(server.send);
    let changes = 0;
    const stop = queue.subscribe(() => changes++);
    await queue.submit(action('x'));
    expect(changes).toBeGreaterThanOrEqual(2);
    stop();
    const seen = changes;
    await queue.submit(action('y'));
    expect(changes).toBe(seen);
  });
});

describe('newIdempotencyKey', () => {
  it('makes v4 UUIDs without crypto.randomUUID too', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys)
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
