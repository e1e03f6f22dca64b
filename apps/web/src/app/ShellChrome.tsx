import { lazy, Suspense } from 'react';
import { isAppShell } from '../platform/shell.ts';

const FirstOpenTutorial = lazy(() => import('./FirstOpenTutorial.tsx'));

/** Chrome that exists only inside the app shell (the first-open tutorial); nothing on the web. */
export function ShellChrome() {
  if (!isAppShell()) return null;
  return (
    <Suspense fallback={null}>
      <FirstOpenTutorial />
    </Suspense>
  );
}
