import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CONSOLE_MESSAGES, liveStatusNow, patrolNow, type ConsoleBeach } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../data/session.ts';
import { useNow } from '../conditions/index.ts';
import { SignedOutNotice } from '../account/form.tsx';
import { isOperator, useConsoleMe, useConsoleQueue } from './hooks.ts';
import { QueueList } from './QueueList.tsx';
import './console.css';

/** Beaches listed before the console offers a filter box. */
const FILTER_FROM = 8;

/**
 * The console's front page (issue 17): the beaches the user may act on, each with its live status
 * and patrol, the actions still waiting on this phone, and for operators the audit log, team,
 * imports and the rip outlook's skill. Mobile-first: one column of large targets.
 */
export function ConsolePage() {
  usePageTitle('Lifesaver console');
  const session = useSession();
  if (!session) return <SignedOutNotice />;
  return <ConsoleHome userId={session.user.id} />;
}

/** The shared shell of every console screen: loading, errors, no role; `children` once `me` is known. */
export function ConsoleGate({
  userId,
  title,
  operatorOnly = false,
  children,
}: {
  userId: number;
  title: string;
  operatorOnly?: boolean;
  children: (me: NonNullable<ReturnType<typeof useConsoleMe>['me']>, fromCopy: boolean) => ReactNode;
}) {
  const { me, fromCopy, isPending, error, refetch, isFetching } = useConsoleMe(userId);
  if (isPending) {
    return (
      <div className="page console">
        <h1>{title}</h1>
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the console…
        </p>
      </div>
    );
  }
  if (me === undefined) {
    return (
      <div className="page console">
        <h1>{title}</h1>
        <div role="alert" className="form-message form-message--error">
          <p>{error?.message ?? 'The console could not be loaded.'}</p>
          <button type="button" className="button" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (me === null || (operatorOnly && !isOperator(me))) {
    return (
      <div className="page console">
        <h1>{title}</h1>
        <div className="card" role="alert">
          <p>{me === null ? CONSOLE_MESSAGES.noRole : CONSOLE_MESSAGES.operatorOnly}</p>
          <p>Ask your club or your beach operator for access.</p>
        </div>
      </div>
    );
  }
  return <>{children(me, fromCopy)}</>;
}

function ConsoleHome({ userId }: { userId: number }) {
  const { items, discard } = useConsoleQueue(userId);
  return (
    <ConsoleGate userId={userId} title="Lifesaver console">
      {(me, fromCopy) => (
        <div className="page console">
          <h1>Lifesaver console</h1>
          <p className="console__roles">
            {me.roles
              .map((role) => `${role.role === 'operator' ? 'Operator' : 'Lifesaver'}: ${role.scope_name}`)
              .join(' · ')}
          </p>
          {fromCopy && <OfflineNote />}
          <QueueList items={items} onDiscard={discard} />
          <BeachList beaches={me.beaches} truncated={me.truncated} />
          {isOperator(me) && (
            <nav aria-label="Operator tools" className="console__tools">
              <h2>Operator tools</h2>
              <ul className="console__links">
                <li>
                  <Link className="console__link" to="/console/audit">
                    Audit log
                  </Link>
                </li>
                <li>
                  <Link className="console__link" to="/console/team">
                    Lifesaver team
                  </Link>
                </li>
                <li>
                  <Link className="console__link" to="/console/imports">
                    Imports
                  </Link>
                </li>
                <li>
                  <Link className="console__link" to="/console/rip-skill">
                    Rip outlook skill
                  </Link>
                </li>
              </ul>
            </nav>
          )}
        </div>
      )}
    </ConsoleGate>
  );
}

export function OfflineNote() {
  return (
    <p className="console__offline" role="note">
      No connection: showing what this phone last saw. Actions you take are kept here and sent when the signal
      returns.
    </p>
  );
}

function BeachList({ beaches, truncated }: { beaches: ConsoleBeach[]; truncated: boolean }) {
  const now = useNow();
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const shown = filter
    ? beaches.filter((beach) => beach.name.toLowerCase().includes(filter.trim().toLowerCase()))
    : beaches;
  return (
    <section aria-labelledby="console-beaches-heading">
      <h2 id="console-beaches-heading">Your beaches</h2>
      {beaches.length >= FILTER_FROM && (
        <div className="field console__filter">
          <label htmlFor={filterId} className="field__label">
            Find a beach
          </label>
          <input
            id={filterId}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
      )}
      {beaches.length === 0 ? (
        <p>No beaches are in your scope yet.</p>
      ) : (
        <ul className="console__beaches">
          {shown.map((beach) => {
            const live = liveStatusNow(beach, now);
            const patrol = patrolNow({ ...beach, patrol: null, hazard: null }, now);
            return (
              <li key={beach.id}>
                <Link to={`/console/beach/${beach.id}`} className="console__beach">
                  <span className="console__beach-name">{beach.name}</span>
                  <span className={`console__beach-status console__tone--${live?.tone ?? 'unknown'}`}>
                    {live ? live.headline : 'No status set'}
                  </span>
                  <span className="console__beach-patrol">{patrol.short}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {truncated && (
        <p className="muted">Only the first {beaches.length} beaches in your scope are listed.</p>
      )}
    </section>
  );
}
