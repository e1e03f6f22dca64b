import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatPlaceTime } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { onOfflineDataChange } from '../../data/offline-db.ts';
import { setWebOfflineEnabled, useOfflineEnabled } from '../../data/source.ts';
import {
  fetchServerBeachCount,
  findLocalAsset,
  findLocalBeach,
  getBeachesSyncedAt,
  localBeachCount,
  syncOfflineData,
  type SyncProgress,
} from '../../data/sync.ts';
import { useOnline } from '../../platform/online.ts';
import { isAppShell } from '../../platform/shell.ts';
import './offline-settings.css';

/** Spec section 2 (Offline Settings) and section 8: the sync's three statuses, word for word. */
export const SYNC_STATUS_TEXT = {
  loading: 'Loading ....',
  done: 'Beaches synchronized!',
  failed: 'Something went wrong',
} as const;

type SyncStatus = 'idle' | keyof typeof SYNC_STATUS_TEXT;

interface Snapshot {
  syncedAt: string | null;
  count: number;
}

/** What this device holds: when the beaches were last synchronized and how many there are. */
function useOfflineSnapshot(): [Snapshot | null, () => void] {
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    Promise.all([getBeachesSyncedAt(), localBeachCount()])
      .then(([syncedAt, count]) => current && setSnapshot({ syncedAt, count }))
      // No usable IndexedDB: nothing is saved here.
      .catch(() => current && setSnapshot({ syncedAt: null, count: 0 }));
    return () => {
      current = false;
    };
  }, [version]);
  useEffect(() => onOfflineDataChange(() => setVersion((v) => v + 1)), []);
  return [snapshot, () => setVersion((v) => v + 1)];
}

const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /offline-settings: the offline beach database. In the app it is there for every signed-in user
 * (the router sends guests to Login); on the web anyone may save the database for offline use.
 * Double-clicking the heading shows the developer tools.
 */
export function OfflineSettingsPage() {
  usePageTitle('Offline Settings');
  const appShell = isAppShell();
  const online = useOnline();
  const saving = useOfflineEnabled();
  const [snapshot, refreshSnapshot] = useOfflineSnapshot();
  const [status, setStatus] = useState<SyncStatus>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<SyncProgress | null>(null);
  const [lastResponse, setLastResponse] = useState<unknown>(null);
  const [devTools, setDevTools] = useState(false);
  const running = useRef<AbortController | null>(null);
  // What the server holds (not a fixed figure): the count saving for offline use will store.
  const serverCount =
    useQuery({
      queryKey: ['server-beach-count'],
      queryFn: ({ signal }) => fetchServerBeachCount(signal),
      enabled: online,
      staleTime: 10 * 60_000,
      retry: false,
    }).data ?? null;
  const saveId = useId();

  // Leaving the page stops a sync; it resumes from its last saved page next time.
  useEffect(() => () => running.current?.abort(), []);

  async function synchronize() {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setStatus('loading');
    setFailure(null);
    setProgress(null);
    try {
      const result = await syncOfflineData({ onProgress: setProgress, signal: controller.signal });
      if (controller.signal.aborted) return;
      setLastResponse(
        result.lastResponse ?? 'Another tab ran this synchronization; its response was not kept here.',
      );
      setStatus('done');
    } catch (error) {
      if (controller.signal.aborted) return;
      setFailure(error instanceof Error ? error.message : null);
      setStatus('failed');
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
      refreshSnapshot();
    }
  }

  async function changeSaving(enabled: boolean) {
    if (!enabled) {
      running.current?.abort();
      running.current = null;
      setStatus('idle');
      setProgress(null);
      setLastResponse(null);
    }
    try {
      await setWebOfflineEnabled(enabled);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : null);
      setStatus('failed');
      return;
    } finally {
      refreshSnapshot();
    }
    if (enabled) await synchronize();
  }

  const syncedAt = snapshot?.syncedAt ?? null;
  return (
    <div className="page page--narrow offline-settings">
      {/* Spec: double-clicking the heading toggles the developer tools (deliberately hidden). */}
      <h1 onDoubleClick={() => setDevTools((shown) => !shown)}>Offline Settings</h1>
      <p data-testid="offline-explainer">
        {serverCount === null
          ? "SafeShore's beach database"
          : `SafeShore's beach database of ${serverCount.toLocaleString('en-AU')} Australian beaches`}{' '}
        can be saved on this device, so that beach pages, search, places and surf-safety articles still open
        without a connection. Beaches you open and the core safety articles are saved automatically. Patrol
        times, weather, radar and the map need a connection.
      </p>
      {!appShell && (
        <div className="offline-settings__save">
          <label className="checkbox" htmlFor={saveId}>
            <input
              id={saveId}
              type="checkbox"
              checked={saving}
              onChange={(event) => void changeSaving(event.currentTarget.checked)}
            />
            <span>
              Save beaches for offline use
              <span className="offline-settings__hint">
                Turning this off removes the saved beaches and articles from this device.
              </span>
            </span>
          </label>
        </div>
      )}
      <dl className="offline-settings__facts">
        <div>
          <dt>Beaches last synchronized at</dt>
          <dd data-testid="beaches-synced-at">
            {syncedAt ? (
              <time dateTime={syncedAt}>
                {formatPlaceTime(new Date(syncedAt), new Date(), BROWSER_TIME_ZONE)}
              </time>
            ) : (
              'Never'
            )}
          </dd>
        </div>
        {snapshot && snapshot.count > 0 && (
          <div>
            <dt>Beaches on this device</dt>
            <dd data-testid="local-beach-count">{snapshot.count.toLocaleString('en-AU')}</dd>
          </div>
        )}
      </dl>
      {(appShell || saving) && (
        <p>
          <button
            type="button"
            className="button"
            onClick={() => void synchronize()}
            disabled={status === 'loading' || !online}
          >
            Synchronize
          </button>
          {!online && <span className="offline-settings__hint"> Go online to synchronize.</span>}
        </p>
      )}
      <div role="status" aria-live="polite" className="offline-settings__status">
        {status !== 'idle' && (
          <p className={`offline-settings__message offline-settings__message--${status}`}>
            {SYNC_STATUS_TEXT[status]}
          </p>
        )}
        {status === 'failed' && failure && <p className="offline-settings__hint">{failure}</p>}
      </div>
      {status === 'loading' && progress && progress.total > 0 && <SyncProgressBar progress={progress} />}
      {devTools && <DeveloperTools lastResponse={lastResponse} />}
    </div>
  );
}

/** A long sync's progress: "x of y beaches", then the articles. */
function SyncProgressBar({ progress }: { progress: SyncProgress }) {
  const labelId = useId();
  const done = Math.min(progress.done, progress.total);
  const text = `${done.toLocaleString('en-AU')} of ${progress.total.toLocaleString('en-AU')} ${progress.phase}`;
  return (
    <div className="offline-settings__progress">
      <progress aria-labelledby={labelId} max={progress.total} value={done} />
      <p id={labelId}>{text}</p>
    </div>
  );
}

/** Hidden tools for support: the raw last sync response, and lookups in the local database. */
function DeveloperTools({ lastResponse }: { lastResponse: unknown }) {
  return (
    <section className="card offline-settings__dev" aria-labelledby="dev-tools-heading">
      <h2 id="dev-tools-heading">Developer tools</h2>
      <h3>Last sync response</h3>
      <pre data-testid="last-sync-response" tabIndex={0}>
        {lastResponse === null
          ? 'No synchronization has run on this page yet.'
          : typeof lastResponse === 'string'
            ? lastResponse
            : JSON.stringify(lastResponse, null, 2)}
      </pre>
      <LocalLookup
        title="Search local beaches"
        label="Beach key"
        find={async (value) => {
          const key = value.trim();
          if (!key) return { error: 'Enter a beach key, for example nsw-2026-bondi-beach.' };
          const beach = await findLocalBeach(key);
          return beach ? { found: beach } : { error: `No local beach has the key "${key}".` };
        }}
      />
      <LocalLookup
        title="Search local assets"
        label="Asset id"
        inputMode="numeric"
        find={async (value) => {
          const text = value.trim();
          if (!/^\d{1,9}$/.test(text)) return { error: 'Enter an asset id (a whole number).' };
          const asset = await findLocalAsset(Number(text));
          return asset ? { found: asset } : { error: `No local asset has the id ${text}.` };
        }}
      />
    </section>
  );
}

type LookupResult = { found: unknown } | { error: string };

function LocalLookup({
  title,
  label,
  inputMode,
  find,
}: {
  title: string;
  label: string;
  inputMode?: 'numeric';
  find: (value: string) => Promise<LookupResult>;
}) {
  const inputId = useId();
  const headingId = useId();
  const [result, setResult] = useState<LookupResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('value') ?? '');
    setBusy(true);
    try {
      setResult(await find(value));
    } catch (error) {
      setResult({ error: error instanceof Error ? error.message : 'The local database could not be read.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="offline-settings__lookup"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>{title}</h3>
      <div className="offline-settings__lookup-row">
        <label htmlFor={inputId}>{label}</label>
        <input id={inputId} name="value" inputMode={inputMode} autoComplete="off" spellCheck={false} />
        <button type="submit" className="button button--secondary" disabled={busy}>
          Search
        </button>
      </div>
      <div role="status" aria-live="polite">
        {result &&
          ('found' in result ? (
            <pre tabIndex={0}>{JSON.stringify(result.found, null, 2)}</pre>
          ) : (
            <p>{result.error}</p>
          ))}
      </div>
    </form>
  );
}

export default OfflineSettingsPage;
