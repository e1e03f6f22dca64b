import { Link, useParams } from 'react-router';
import { livePatrolText, liveStatusNow, patrolNow, type ConsoleBeach } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../data/session.ts';
import { useNow } from '../conditions/index.ts';
import { SignedOutNotice } from '../account/form.tsx';
import { ConsoleGate, OfflineNote } from './ConsolePage.tsx';
import { PatrolForm, PostForm, RipReportForm, StatusForm } from './forms.tsx';
import { useConsoleQueue, useSubmitAction } from './hooks.ts';
import { QueueList } from './QueueList.tsx';
import './console.css';

/**
 * One beach's console: what the public sees now, then status, rip activity now, patrol and today's
 * conditions post.
 */
export function ConsoleBeachPage() {
  const session = useSession();
  const { beachId } = useParams();
  usePageTitle('Beach console');
  if (!session) return <SignedOutNotice />;
  return <BeachConsole userId={session.user.id} beachId={Number(beachId)} />;
}

function BeachConsole({ userId, beachId }: { userId: number; beachId: number }) {
  const { items, discard } = useConsoleQueue(userId);
  const submit = useSubmitAction(userId);
  return (
    <ConsoleGate userId={userId} title="Beach console">
      {(me, fromCopy) => {
        const beach = me.beaches.find((b) => b.id === beachId);
        if (!beach) {
          return (
            <div className="page console">
              <h1>Beach console</h1>
              <div className="card" role="alert">
                <p>This beach is not in your console.</p>
                <p>
                  <Link to="/console">Back to your beaches</Link>
                </p>
              </div>
            </div>
          );
        }
        const onSubmit = (action: Parameters<typeof submit>[1]) =>
          submit({ id: beach.id, name: beach.name }, action);
        const queued = items.filter((item) => item.beachId === beach.id);
        return (
          <div className="page console">
            <p className="console__back">
              <Link to="/console">All your beaches</Link>
            </p>
            <h1>{beach.name}</h1>
            {fromCopy && <OfflineNote />}
            <nav aria-label="Beach console sections" className="console__jump">
              <a href="#status-heading">Status</a>
              <a href="#rip-heading">Rips</a>
              <a href="#patrol-heading">Patrol</a>
              <a href="#post-heading">Post</a>
            </nav>
            <PublicNow beach={beach} />
            <QueueList items={queued} onDiscard={discard} showBeach={false} />
            <StatusForm key={`status-${beach.id}`} beach={beach} onSubmit={onSubmit} />
            <RipReportForm key={`rip-${beach.id}`} beach={beach} onSubmit={onSubmit} queued={queued} />
            <PatrolForm key={`patrol-${beach.id}`} beach={beach} onSubmit={onSubmit} />
            <PostForm key={`post-${beach.id}`} beach={beach} onSubmit={onSubmit} />
          </div>
        );
      }}
    </ConsoleGate>
  );
}

/** What the public sees now (as the server last told this phone). */
function PublicNow({ beach }: { beach: ConsoleBeach }) {
  const now = useNow();
  const live = liveStatusNow(beach, now);
  const patrol = livePatrolText(patrolNow({ ...beach, patrol: null, hazard: null }, now), beach, now);
  return (
    <section className="card console-now" aria-labelledby="console-now-heading" data-testid="console-now">
      <h2 id="console-now-heading">The public sees now</h2>
      <dl className="console-now__list">
        <dt>Status</dt>
        <dd className={`console__tone--${live?.tone ?? 'unknown'}`}>
          {live ? (
            <>
              <strong>{live.headline}</strong>
              {live.message && <span className="console-now__message">{live.message}</span>}
              <span className="muted">{[live.setBy, live.until].filter(Boolean).join(' · ')}</span>
            </>
          ) : (
            'No status set'
          )}
        </dd>
        <dt>Patrol</dt>
        <dd>{patrol.text}</dd>
      </dl>
      <p>
        <Link to={`/beach${beach.url}`}>Open the public beach page</Link>
      </p>
    </section>
  );
}
