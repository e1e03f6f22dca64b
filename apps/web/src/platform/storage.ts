import { useCallback, useState } from 'react';

/** A flag remembered in localStorage (banners dismissed). Storage failures (private mode) are ignored. */
export function useRememberedFlag(key: string): [boolean, () => void] {
  const [value, setValue] = useState(() => {
    try {
      return window.localStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  });
  const set = useCallback(() => {
    setValue(true);
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // Remembered for this visit only.
    }
  }, [key]);
  return [value, set];
}
