import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs`, and a way to take it now (no more waiting). */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, () => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return [debounced, () => setDebounced(value)];
}
