import { useState } from 'react';
import { useAppUpdate } from './service-worker.ts';
import './update-prompt.css';

/**
 * "A new version of SafeShore (x.y.z) is ready": shown while a new service worker waits. Reload
 * lets it take over (the page reloads with the new version); Not now keeps this one until the
 * next visit. Like the offline banner, the live region stays in the page (hidden while empty).
 */
export function UpdatePrompt() {
  const update = useAppUpdate();
  const [dismissed, setDismissed] = useState<object | null>(null);
  const [applying, setApplying] = useState(false);
  const shown = update && dismissed !== update ? update : null;
  return (
    <div
      role="status"
      aria-live="polite"
      className={shown ? 'banner banner--update' : 'update-prompt--hidden'}
    >
      {shown && (
        <>
          <p>A new version of SafeShore{shown.version ? ` (${shown.version})` : ''} is ready.</p>
          <button
            type="button"
            className="button"
            disabled={applying}
            onClick={() => {
              setApplying(true);
              void shown.apply().catch(() => setApplying(false));
            }}
          >
            {applying ? 'Reloading…' : 'Reload'}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setDismissed(shown)}>
            Not now
          </button>
        </>
      )}
    </div>
  );
}
