import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  auditActionText,
  auditValueText,
  formatPlaceTime,
  type AuditEntry,
  type ConsoleMeResponse,
} from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { auditQuery, fetchAuditCsv } from '../../data/console.ts';
import { useSession } from '../../data/session.ts';
import { useNow } from '../conditions/index.ts';
import { SignedOutNotice } from '../account/form.tsx';
import { ConsoleGate } from './ConsolePage.tsx';
import './console.css';

/** The audit log (operators): who changed what, when, from what to what; filter by beach; CSV export. */
export function AuditPage() {
  usePageTitle('Audit log');
  const session = useSession();
  if (!session) return <SignedOutNotice />;
  return (
    <ConsoleGate userId={session.user.id} title="Audit log" operatorOnly>
      {(me) => <Audit userId={session.user.id} token={session.token} me={me} />}
    </ConsoleGate>
  );
}

function Audit({ userId, token, me }: { userId: number; token: string; me: ConsoleMeResponse }) {
  const filterId = useId();
  const [beachId, setBeachId] = useState<number | null>(null);
  // Pages already shown: their cursors, in order (null is the first page).
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExportError(null);
    setExporting(true);
    try {
      const blob = await fetchAuditCsv(beachId, token);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `safeshore-audit${beachId === null ? '' : `-beach-${beachId}`}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setExportError((error as Error).message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="page console">
      <p className="console__back">
        <Link to="/console">Console</Link>
      </p>
      <h1>Audit log</h1>
      <div className="console-audit__controls">
        <div className="field">
          <label htmlFor={filterId} className="field__label">
            Beach
          </label>
          <select
            id={filterId}
            value={beachId ?? ''}
            onChange={(event) => {
              setBeachId(event.target.value ? Number(event.target.value) : null);
              setCursors([null]);
            }}
          >
            <option value="">All beaches in your scope</option>
            {me.beaches.map((beach) => (
              <option key={beach.id} value={beach.id}>
                {beach.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary console-button"
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      {exportError && (
        <p role="alert" className="form-message form-message--error">
          {exportError}
        </p>
      )}
      <ol className="console-audit__list" aria-label="Changes, newest first">
        {cursors.map((cursor, index) => (
          <AuditPageEntries
            key={cursor ?? 'first'}
            userId={userId}
            beachId={beachId}
            cursor={cursor}
            me={me}
            onMore={index === cursors.length - 1 ? (next) => setCursors((list) => [...list, next]) : null}
          />
        ))}
      </ol>
    </div>
  );
}

function AuditPageEntries({
  userId,
  beachId,
  cursor,
  me,
  onMore,
}: {
  userId: number;
  beachId: number | null;
  cursor: string | null;
  me: ConsoleMeResponse;
  onMore: ((next: string) => void) | null;
}) {
  const { data, error, isPending, refetch } = useQuery(auditQuery(userId, beachId, cursor));
  const now = useNow();
  if (isPending) {
    return (
      <li className="loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading…
      </li>
    );
  }
  if (error) {
    return (
      <li role="alert" className="form-message form-message--error">
        {error.message}{' '}
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Try again
        </button>
      </li>
    );
  }
  if (data.entries.length === 0 && cursor === null) return <li>No changes recorded yet.</li>;
  return (
    <>
      {data.entries.map((entry) => (
        <AuditRow key={entry.id} entry={entry} now={now} timeZone={zoneOf(me, entry.beach_id)} />
      ))}
      {onMore && data.next_cursor && (
        <li className="console-audit__more">
          <button
            type="button"
            className="button button--secondary console-button"
            onClick={() => onMore(data.next_cursor!)}
          >
            Show older changes
          </button>
        </li>
      )}
    </>
  );
}

const DEVICE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function zoneOf(me: ConsoleMeResponse, beachId: number | null): string | null {
  return me.beaches.find((beach) => beach.id === beachId)?.timezone ?? null;
}

function AuditRow({ entry, now, timeZone }: { entry: AuditEntry; now: Date; timeZone: string | null }) {
  return (
    <li className="console-audit__entry">
      <p className="console-audit__what">
        <strong>{auditActionText(entry.action)}</strong>
        {entry.beach_name && <> · {entry.beach_name}</>}
      </p>
      <p>
        {auditValueText(entry.from)} → {auditValueText(entry.to)}
      </p>
      <p className="muted">
        {/* Who: the account (its id and its name now); the text recorded then only when it differs. */}
        {entry.actor_now ?? entry.actor}
        {entry.actor_role && ` (${entry.actor_role})`}
        {entry.actor_user_id !== null && ` · account #${entry.actor_user_id}`}
        {entry.actor_user_id !== null && entry.actor_now === null && ', since deleted'}
        {entry.actor_now !== null &&
          entry.actor_now !== entry.actor &&
          `, recorded as “${entry.actor}”`} ·{' '}
        <time dateTime={entry.at}>{formatPlaceTime(new Date(entry.at), now, timeZone ?? DEVICE_ZONE)}</time>
        {timeZone ? ' beach time' : ' your time'}
      </p>
    </li>
  );
}
