import { RIP_ACTIVITY_TEXT, statusText } from '@safeshore/domain';
import type { QueueItem } from '../../data/console-queue.ts';

const TIME = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' });

/** In a list line, a long text's start. */
function excerpt(text: string): string {
  return `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;
}

/** What a queued action does, in words: "Status: Closed — shark sighting", "On duty until 17:00". */
export function actionText(item: QueueItem): string {
  const { action } = item;
  switch (action.kind) {
    case 'status':
      return `Status: ${statusText(action.body.status, action.body.reason)}`;
    case 'status.clear':
      return 'Clear the status';
    case 'patrol':
      return action.body.on_duty ? `On duty until ${action.body.until ?? ''}` : 'Off duty';
    case 'post':
      return `Conditions post: ${excerpt(action.text)}`;
    case 'rip':
      return `${RIP_ACTIVITY_TEXT[action.body.activity]}${action.body.note ? `: ${excerpt(action.body.note)}` : ''}`;
  }
}

/**
 * The actions still on this device: waiting ones (sent when the signal returns, in this order) and
 * failed ones (refused by the server: shown with the reason until the user dismisses them).
 */
export function QueueList({
  items,
  onDiscard,
  showBeach = true,
}: {
  items: QueueItem[];
  onDiscard: (id: number) => void;
  showBeach?: boolean;
}) {
  const waiting = items.filter((item) => item.state === 'waiting');
  const failed = items.filter((item) => item.state === 'failed');
  if (items.length === 0) return null;
  return (
    <section
      className="card console-queue"
      aria-labelledby="console-queue-heading"
      data-testid="console-queue"
    >
      <h2 id="console-queue-heading">On this phone</h2>
      {waiting.length > 0 && (
        <>
          <p role="status" className="console-queue__summary">
            {waiting.length === 1 ? '1 action is' : `${waiting.length} actions are`} waiting to be sent. They
            go in order as soon as there is a signal.
          </p>
          <ol className="console-queue__list">
            {waiting.map((item) => (
              <li key={item.id} className="console-queue__item console-queue__item--waiting">
                <span className="console-queue__state">Waiting</span>
                <span>
                  {showBeach && <strong>{item.beachName}: </strong>}
                  {actionText(item)}
                  <span className="muted"> · taken at {TIME.format(new Date(item.createdAt))}</span>
                </span>
                {item.error && <span className="muted console-queue__why">{item.error}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
      {failed.length > 0 && (
        <>
          <h3>Not accepted</h3>
          <ul className="console-queue__list">
            {failed.map((item) => (
              <li key={item.id} className="console-queue__item console-queue__item--failed" role="alert">
                <span className="console-queue__state">Failed</span>
                <span>
                  {showBeach && <strong>{item.beachName}: </strong>}
                  {actionText(item)}
                </span>
                <span className="console-queue__why">{item.error}</span>
                <button type="button" className="button button--secondary" onClick={() => onDiscard(item.id)}>
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
