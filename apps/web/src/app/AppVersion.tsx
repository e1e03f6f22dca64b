import { lazy, Suspense, useState } from 'react';
import { isAppShell } from '../platform/shell.ts';

const EnvironmentSwitcher = lazy(() => import('./EnvironmentSwitcher.tsx'));

/**
 * The app version text (spec section 2). Inside the app shell a double-click on it opens the hidden
 * environment switcher; on the web it is only text.
 */
export function AppVersion() {
  const [switcherOpen, setSwitcherOpen] = useState(false);
  const inShell = isAppShell();
  return (
    <>
      <span className="app-version" onDoubleClick={inShell ? () => setSwitcherOpen(true) : undefined}>
        v{__APP_VERSION__}
      </span>
      {switcherOpen && (
        <Suspense fallback={null}>
          <EnvironmentSwitcher onClose={() => setSwitcherOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
