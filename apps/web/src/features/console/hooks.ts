import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConsoleMeResponse } from '@safeshore/domain';
import { consoleMeQuery, forgetConsoleCopy, readConsoleCopy, saveConsoleCopy } from '../../data/console.ts';
import type { ConsoleAction, ItemOutcome, QueueItem } from '../../data/console-queue.ts';
import {
  consoleQueue,
  ensureConsoleSender,
  rememberPending,
  sendQueued,
} from '../../data/console-queue-send.ts';
import { newIdempotencyKey } from '../../data/console-queue.ts';

/**
 * The user's console roles and beaches: from the server when it answers, else the copy kept on the
 * device (no signal on the beach). `me` is null when the user has no console role.
 */
export function useConsoleMe(userId: number) {
  const query = useQuery(consoleMeQuery(userId));
  useEffect(() => {
    if (query.data) saveConsoleCopy(userId, query.data);
    else if (query.data === null) forgetConsoleCopy(userId);
  }, [query.data, userId]);
  // The copy stands in only once the server could not be reached (not while it is being asked).
  const unreachable = query.isError || query.failureCount > 0 || query.fetchStatus === 'paused';
  const copy = query.data === undefined && unreachable ? readConsoleCopy(userId) : null;
  const me: ConsoleMeResponse | null | undefined =
    query.data !== undefined ? query.data : (copy ?? undefined);
  return {
    me,
    /** Shown from the device's copy (the server could not be reached). */
    fromCopy: query.data === undefined && copy !== null,
    isPending: me === undefined && query.isPending,
    error: me === undefined ? query.error : null,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}

export function isOperator(me: ConsoleMeResponse | null | undefined): boolean {
  return Boolean(me?.roles.some((role) => role.role === 'operator'));
}

/**
 * The user's actions waiting on this device (and failed ones), kept current; when one is sent the
 * console's data is read again so the screen shows what the server now holds.
 */
export function useConsoleQueue(userId: number) {
  const [items, setItems] = useState<QueueItem[]>([]);
  const queryClient = useQueryClient();
  const previous = useRef<number | null>(null);

  useEffect(() => {
    ensureConsoleSender();
    const queue = consoleQueue();
    let alive = true;
    const load = () => {
      void queue
        .list(userId)
        .then((list) => {
          if (!alive) return;
          const waiting = list.filter((item) => item.state === 'waiting').length;
          if (previous.current !== null && waiting < previous.current) {
            void queryClient.invalidateQueries({ queryKey: consoleMeQuery(userId).queryKey });
          }
          previous.current = waiting;
          setItems(list);
        })
        .catch(() => undefined);
    };
    load();
    const stop = queue.subscribe(load);
    return () => {
      alive = false;
      stop();
    };
  }, [userId, queryClient]);

  const discard = useCallback((id: number) => void consoleQueue().discard(id), []);
  return { items, discard };
}

/**
 * Takes a console action through the queue: sent now when there is a signal, else kept on the
 * device. A refusal (4xx) of an action just taken is returned to the form that took it (and not
 * kept), so the user corrects it there.
 */
export function useSubmitAction(userId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (beach: { id: number; name: string }, action: ConsoleAction): Promise<ItemOutcome> => {
      const queue = consoleQueue();
      const input = { userId, beachId: beach.id, beachName: beach.name, action };
      let submitted: Awaited<ReturnType<typeof queue.submit>>;
      try {
        submitted = await queue.submit(input);
      } catch {
        // This browser cannot store it (IndexedDB blocked): send it now, once, or say it failed.
        return sendWithoutQueue(input);
      }
      const { item, outcome } = submitted;
      if (outcome.state === 'failed') await queue.discard(item.id);
      if (outcome.state === 'sent') {
        void queryClient.invalidateQueries({ queryKey: consoleMeQuery(userId).queryKey });
      }
      await rememberPending(userId);
      return outcome;
    },
    [queryClient, userId],
  );
}

/** Without storage on the device an action cannot wait for a signal: it is sent at once or fails. */
async function sendWithoutQueue(input: {
  userId: number;
  beachId: number;
  beachName: string;
  action: ConsoleAction;
}): Promise<ItemOutcome> {
  const result = await sendQueued({
    ...input,
    id: 0,
    key: newIdempotencyKey(),
    createdAt: new Date().toISOString(),
    state: 'waiting',
    attempts: 0,
    error: null,
    errors: null,
    lastStatus: null,
  });
  if (result.status >= 200 && result.status < 300)
    return { state: 'sent', status: result.status, body: result.body };
  return {
    state: 'failed',
    status: result.status,
    message:
      result.status === 0
        ? 'No signal, and this browser cannot keep the action until there is one (its storage is blocked). Try again with a signal.'
        : (result.message ?? `Refused by the server (${result.status}).`),
    errors: result.errors,
  };
}
