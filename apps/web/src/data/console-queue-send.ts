import * as z from 'zod/mini';
import { ApiError, request } from './api.ts';
import { getSession } from './session.ts';
import { createConsoleQueue, type ConsoleQueue, type QueueItem, type SendResult } from './console-queue.ts';

/** The request a queued console action makes (the contract's routes, issue 17). */
export function queuedRequest(item: QueueItem): {
  path: string;
  method: string;
  json?: unknown;
  form?: FormData;
} {
  const base = `/api/v5/beach/${item.beachId}`;
  const { action } = item;
  switch (action.kind) {
    case 'status':
      return { path: `${base}/status`, method: 'PUT', json: action.body };
    case 'status.clear':
      return { path: `${base}/status`, method: 'DELETE' };
    case 'patrol':
      return { path: `${base}/patrol`, method: 'PUT', json: action.body };
    case 'rip':
      return { path: `${base}/rip-observations`, method: 'POST', json: action.body };
    case 'post': {
      const form = new FormData();
      form.append('text', action.text);
      form.append('photo', action.photo, action.photoName);
      return { path: `${base}/posts`, method: 'POST', form };
    }
  }
}

/** Sends one queued action with its Idempotency-Key; never throws (the queue reads the status). */
export async function sendQueued(item: QueueItem): Promise<SendResult> {
  const { path, method, json, form } = queuedRequest(item);
  try {
    const body = await request(path, z.unknown(), {
      method,
      json,
      form,
      headers: { 'Idempotency-Key': item.key },
    });
    return { status: method === 'POST' ? 201 : 200, body, message: null, errors: null };
  } catch (error) {
    if (error instanceof ApiError) {
      return { status: error.status, body: error.body, message: error.message, errors: error.errors };
    }
    return { status: 0, body: null, message: null, errors: null };
  }
}

let shared: ConsoleQueue | null = null;

/** The app's one console queue (its IndexedDB database opens on first use). */
export function consoleQueue(): ConsoleQueue {
  shared ??= createConsoleQueue({ send: sendQueued });
  return shared;
}

/**
 * Set while this device holds console actions not yet sent, so the app can send them when the
 * signal returns from any page without loading the queue for everyone else (router.tsx).
 */
export const CONSOLE_PENDING_KEY = 'safeshore.console-pending';

export async function rememberPending(userId: number): Promise<void> {
  const waiting = (await consoleQueue().list(userId)).some((item) => item.state === 'waiting');
  try {
    if (waiting) window.localStorage.setItem(CONSOLE_PENDING_KEY, '1');
    else window.localStorage.removeItem(CONSOLE_PENDING_KEY);
  } catch {
    // Storage unavailable: the console screens still send when they are open.
  }
}

/** How often a waiting action is tried again while the app is open (a weak signal may not say "online"). */
export const RETRY_INTERVAL_MS = 20_000;

/**
 * Sends waiting actions now, when the browser says it is online again, and every RETRY_INTERVAL_MS
 * while some are waiting. Returns a stop function.
 */
export function startConsoleSender(userId: () => number | null): () => void {
  const queue = consoleQueue();
  const run = () => {
    const id = userId();
    if (id === null) return;
    void queue
      .flush(id)
      .then(() => rememberPending(id))
      .catch(() => undefined);
  };
  run();
  window.addEventListener('online', run);
  const timer = setInterval(() => {
    const id = userId();
    if (id === null) return;
    void queue
      .list(id)
      .then((items) => {
        if (items.some((item) => item.state === 'waiting')) run();
      })
      .catch(() => undefined);
  }, RETRY_INTERVAL_MS);
  return () => {
    window.removeEventListener('online', run);
    clearInterval(timer);
  };
}

let senderStarted = false;

/** Starts the app's sender once (the console screens and, when actions wait, the app start call it). */
export function ensureConsoleSender(): void {
  if (senderStarted) return;
  senderStarted = true;
  startConsoleSender(() => getSession()?.user.id ?? null);
}
