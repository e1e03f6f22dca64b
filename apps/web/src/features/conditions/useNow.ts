import { useEffect, useState, useSyncExternalStore } from 'react';
import { useHydrationFacts } from '../../app/hydration-facts.ts';

const noSubscription = () => () => undefined;
const noSnapshot = () => null;

/** The current time, renewed every `intervalMs` so "updated 12 min ago" stays true while the page is open. */
export function useNow(intervalMs = 30_000): Date {
  // A server-rendered page (issue 23): the server and the hydrating browser both use the time the
  // page was rendered at (React reads the server snapshot only while rendering on the server and
  // while hydrating), so the ages in the first HTML match; then the browser's clock takes over.
  const { now: renderedAt } = useHydrationFacts();
  const serverNow = useSyncExternalStore(noSubscription, noSnapshot, () => renderedAt);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return serverNow ?? now;
}
