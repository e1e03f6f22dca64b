import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import {
  BEACH_STATUSES,
  POST_TEXT_MAX,
  PatrolBodySchema,
  RIP_ACTIVITIES,
  RIP_ACTIVITY_TEXT,
  RipObservationBodySchema,
  STATUS_MESSAGE_MAX,
  STATUS_REASONS,
  STATUS_REASON_LABELS,
  STATUSES_NEEDING_REASON,
  StatusBodySchema,
  PostTextSchema,
  formatPlaceTime,
  statusText,
  type BeachStatusValue,
  type ConsoleBeach,
  type RipActivity,
} from '@safeshore/domain';
import type { ConsoleAction, ItemOutcome, QueueItem } from '../../data/console-queue.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FILE_INPUT_ACCEPT, isAcceptedImage } from '../algal/format.ts';

export type Submit = (action: ConsoleAction) => Promise<ItemOutcome>;

type FieldErrors = Record<string, string[]>;

/** What happened to the last action of a form, said in words (never only a colour). */
type Result = { kind: 'sent' | 'waiting'; text: string } | { kind: 'failed'; text: string } | null;

export const WAITING_TEXT =
  'No signal: saved on this phone. It will be sent, once, as soon as the signal returns.';

function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The last action's result, just above the form's buttons (issue 30: below them, at 390 px it
 * appeared under the fold and the bottom bar, and a button appearing after the save pushed it
 * further down), brought into view when it changes; screen readers hear it through its role.
 */
function ResultView({ result }: { result: Result }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [result]);
  if (!result) return null;
  if (result.kind === 'failed') {
    return (
      <p ref={ref} role="alert" className="form-message form-message--error">
        {result.text}
      </p>
    );
  }
  return (
    <p
      ref={ref}
      role="status"
      className={`form-message ${result.kind === 'sent' ? 'form-message--success' : 'console__waiting'}`}
    >
      {result.kind === 'waiting' && <strong>Waiting to send. </strong>}
      {result.text}
    </p>
  );
}

function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      {errors.join(' ')}
    </p>
  );
}

/** An outcome of the queue as this form's result (and the server's field errors, if refused). */
function outcomeResult(outcome: ItemOutcome, sentText: string): { result: Result; errors: FieldErrors } {
  if (outcome.state === 'sent') return { result: { kind: 'sent', text: sentText }, errors: {} };
  if (outcome.state === 'waiting') return { result: { kind: 'waiting', text: WAITING_TEXT }, errors: {} };
  return { result: { kind: 'failed', text: outcome.message }, errors: outcome.errors ?? {} };
}

/** Expiry choices: the end of the patrol day (the server's default) or a time from now. */
const EXPIRY_CHOICES = [
  { value: '', label: 'End of the patrol day' },
  { value: '60', label: 'In 1 hour' },
  { value: '120', label: 'In 2 hours' },
  { value: '240', label: 'In 4 hours' },
  { value: '1440', label: 'In 24 hours' },
  { value: '4320', label: 'In 3 days' },
] as const;

const STATUS_HINTS: Record<BeachStatusValue, string> = {
  Open: 'Safe to swim between the flags',
  Surveillance: 'Lifesavers are watching a risk',
  Inclement: 'Bad conditions: swim with care',
  Closed: 'No swimming',
};

/** "Beach status now": Open / Surveillance / Inclement / Closed, why, a message and an expiry. */
export function StatusForm({ beach, onSubmit }: { beach: ConsoleBeach; onSubmit: Submit }) {
  const ids = { reason: useId(), message: useId(), expiry: useId(), status: useId() };
  const [status, setStatus] = useState<BeachStatusValue | null>(null);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<Result>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const needsReason = status !== null && STATUSES_NEEDING_REASON.includes(status);

  function body() {
    return {
      status,
      reason: reason || null,
      message: message.trim() || null,
      expires_at: expiry ? new Date(Date.now() + Number(expiry) * 60_000).toISOString() : null,
    };
  }

  async function send() {
    const parsed = z.safeParse(StatusBodySchema, body());
    if (!parsed.success) return;
    setBusy(true);
    try {
      const outcome = await onSubmit({ kind: 'status', body: parsed.data });
      const headline = statusText(parsed.data.status, parsed.data.reason);
      const next = outcomeResult(outcome, `${beach.name} is now shown as “${headline}”.`);
      setResult(next.result);
      setErrors(next.errors);
    } finally {
      setBusy(false);
    }
  }

  function onSubmitForm(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const parsed = z.safeParse(StatusBodySchema, body());
    if (!parsed.success) {
      setErrors(status === null ? { status: ['Choose a status.'] } : issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    if (parsed.data.status === 'Closed') setConfirming(true);
    else void send();
  }

  async function clear() {
    setBusy(true);
    setResult(null);
    try {
      const next = outcomeResult(
        await onSubmit({ kind: 'status.clear' }),
        `The status of ${beach.name} is cleared.`,
      );
      setResult(next.result);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card console-section" aria-labelledby="status-heading">
      <h2 id="status-heading">Beach status now</h2>
      <form noValidate onSubmit={onSubmitForm} className="console-form">
        <fieldset className="console-choices" aria-describedby={errors.status ? ids.status : undefined}>
          <legend>Status</legend>
          {BEACH_STATUSES.map((value) => (
            <label key={value} className={`console-choice console-choice--${value.toLowerCase()}`}>
              <input
                type="radio"
                name="status"
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
              />
              <span className="console-choice__name">{value}</span>
              <span className="console-choice__hint">{STATUS_HINTS[value]}</span>
            </label>
          ))}
          <FieldError id={ids.status} errors={errors.status} />
        </fieldset>
        <div className="field">
          <label htmlFor={ids.reason} className="field__label">
            Reason{needsReason ? ' (required)' : ' (optional)'}
          </label>
          <select
            id={ids.reason}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={Boolean(errors.reason)}
            aria-describedby={errors.reason ? `${ids.reason}-error` : undefined}
          >
            <option value="">Choose a reason</option>
            {STATUS_REASONS.map((value) => (
              <option key={value} value={value}>
                {STATUS_REASON_LABELS[value]}
              </option>
            ))}
          </select>
          <FieldError id={`${ids.reason}-error`} errors={errors.reason} />
        </div>
        <div className="field">
          <label htmlFor={ids.message} className="field__label">
            Message for the public{reason === 'other' ? ' (required for Other)' : ' (optional)'}
          </label>
          <textarea
            id={ids.message}
            rows={3}
            maxLength={STATUS_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            aria-invalid={Boolean(errors.message)}
            aria-describedby={`${ids.message}-count${errors.message ? ` ${ids.message}-error` : ''}`}
          />
          <p id={`${ids.message}-count`} className="field__hint">
            {message.length} of {STATUS_MESSAGE_MAX} characters
          </p>
          <FieldError id={`${ids.message}-error`} errors={errors.message} />
        </div>
        <div className="field">
          <label htmlFor={ids.expiry} className="field__label">
            Shown until
          </label>
          <select
            id={ids.expiry}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
            aria-invalid={Boolean(errors.expires_at)}
            aria-describedby={errors.expires_at ? `${ids.expiry}-error` : undefined}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          <FieldError id={`${ids.expiry}-error`} errors={errors.expires_at} />
        </div>
        <ResultView result={result} />
        <div className="console-form__actions">
          <button type="submit" className="button console-button" disabled={busy}>
            Set status
          </button>
          {beach.status && (
            <button
              type="button"
              className="button button--secondary console-button"
              disabled={busy}
              onClick={() => void clear()}
            >
              Clear status
            </button>
          )}
        </div>
      </form>
      <Dialog open={confirming} title={`Close ${beach.name}?`} onClose={() => setConfirming(false)}>
        <p>
          The public will see <strong>“{statusText('Closed', reason || null)}”</strong> on {beach.name} at
          once.
        </p>
        <div className="console-form__actions">
          <button
            type="button"
            className="button button--danger console-button"
            onClick={() => {
              setConfirming(false);
              void send();
            }}
          >
            Yes, close the beach
          </button>
          <button
            type="button"
            className="button button--secondary console-button"
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
        </div>
      </Dialog>
    </section>
  );
}

/** 17:00 -> "5:00 pm". */
function clock(value: string): string {
  const [h, m] = value.split(':').map(Number);
  return `${h! % 12 || 12}:${String(m).padStart(2, '0')} ${h! < 12 ? 'am' : 'pm'}`;
}

/** "Patrol now": on duty until a finish time, or off duty. */
export function PatrolForm({ beach, onSubmit }: { beach: ConsoleBeach; onSubmit: Submit }) {
  const untilId = useId();
  const current = beach.is_patrolled_today;
  const [until, setUntil] = useState(() => {
    const end = current?.flag === 1 ? /^(\d{2}:\d{2})/.exec(current.end ?? '')?.[1] : undefined;
    return end ?? '17:00';
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);

  async function send(onDuty: boolean) {
    setResult(null);
    const parsed = z.safeParse(PatrolBodySchema, onDuty ? { on_duty: true, until } : { on_duty: false });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const next = outcomeResult(
        await onSubmit({ kind: 'patrol', body: parsed.data }),
        onDuty ? `On duty until ${clock(until)} at ${beach.name}.` : `Off duty at ${beach.name}.`,
      );
      setResult(next.result);
      setErrors(next.errors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card console-section" aria-labelledby="patrol-heading">
      <h2 id="patrol-heading">Patrol now</h2>
      <form
        noValidate
        className="console-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send(true);
        }}
      >
        <div className="field">
          <label htmlFor={untilId} className="field__label">
            Finish time (beach time)
          </label>
          <input
            id={untilId}
            type="time"
            value={until}
            onChange={(event) => setUntil(event.target.value)}
            aria-invalid={Boolean(errors.until)}
            aria-describedby={errors.until ? `${untilId}-error` : undefined}
          />
          <FieldError id={`${untilId}-error`} errors={errors.until} />
        </div>
        <ResultView result={result} />
        <div className="console-form__actions">
          <button type="submit" className="button console-button" disabled={busy}>
            On duty
          </button>
          <button
            type="button"
            className="button button--secondary console-button"
            disabled={busy}
            onClick={() => void send(false)}
          >
            Off duty
          </button>
        </div>
      </form>
    </section>
  );
}

/** "Today's conditions post": a photo and a short text, shown on the beach page. */
export function PostForm({ beach, onSubmit }: { beach: ConsoleBeach; onSubmit: Submit }) {
  const ids = { photo: useId(), text: useId() };
  const form = useRef<HTMLFormElement>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmitForm(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    const found: FieldErrors = {};
    if (!photo) found.photo = ['Choose a photo.'];
    else if (!isAcceptedImage(photo)) found.photo = ['The photo must be a JPEG, PNG or WebP image.'];
    const parsedText = z.safeParse(PostTextSchema, text);
    if (!parsedText.success) found.text = parsedText.error.issues.map((issue) => issue.message);
    setErrors(found);
    if (Object.keys(found).length > 0 || !photo || !parsedText.success) return;
    setBusy(true);
    try {
      const next = outcomeResult(
        await onSubmit({ kind: 'post', text: parsedText.data, photo, photoName: photo.name }),
        `Posted: it shows on the ${beach.name} page.`,
      );
      setResult(next.result);
      setErrors(next.errors);
      if (next.result?.kind !== 'failed') {
        form.current?.reset();
        setPhoto(null);
        setText('');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card console-section" aria-labelledby="post-heading">
      <h2 id="post-heading">Today’s conditions post</h2>
      <form ref={form} noValidate className="console-form" onSubmit={(event) => void onSubmitForm(event)}>
        <div className="field">
          <label htmlFor={ids.photo} className="field__label">
            Photo
          </label>
          <input
            id={ids.photo}
            type="file"
            accept={FILE_INPUT_ACCEPT}
            onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
            aria-invalid={Boolean(errors.photo)}
            aria-describedby={errors.photo ? `${ids.photo}-error` : undefined}
          />
          <FieldError id={`${ids.photo}-error`} errors={errors.photo} />
        </div>
        <div className="field">
          <label htmlFor={ids.text} className="field__label">
            What are the conditions like?
          </label>
          <textarea
            id={ids.text}
            rows={3}
            maxLength={POST_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={Boolean(errors.text)}
            aria-describedby={`${ids.text}-count${errors.text ? ` ${ids.text}-error` : ''}`}
          />
          <p id={`${ids.text}-count`} className="field__hint">
            {text.length} of {POST_TEXT_MAX} characters
          </p>
          <FieldError id={`${ids.text}-error`} errors={errors.text} />
        </div>
        <ResultView result={result} />
        <div className="console-form__actions">
          <button type="submit" className="button console-button" disabled={busy}>
            {busy ? 'Posting…' : 'Post'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The longest note a rip report takes (RipObservationBodySchema says the same to the server). */
export const RIP_NOTE_MAX = 200;

const RIP_CHOICES: Record<RipActivity, { name: string; hint: string }> = {
  none: { name: 'None', hint: 'No rips seen' },
  some: { name: 'Some', hint: 'A rip or two' },
  strong: { name: 'Strong', hint: 'Strong or many rips' },
};

/**
 * "Rip activity now" (issue 29): one tap records what the lifesaver sees, with the moment of the tap
 * as observed_at (a report that waits for a signal keeps its time), and an optional note typed first.
 * Each tap is one report, with its own Idempotency-Key through the queue. `queued` is this beach's
 * actions on the phone: a report that waited says "Sent" once the queue has sent it.
 */
export function RipReportForm({
  beach,
  onSubmit,
  queued,
}: {
  beach: ConsoleBeach;
  onSubmit: Submit;
  queued: readonly QueueItem[];
}) {
  const ids = { note: useId(), hint: useId() };
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);
  // The report that is waiting on the phone; `seen` once the queue's list has shown it, so that its
  // leaving the list means it was sent (not that the list had yet to load it).
  const [waiting, setWaiting] = useState<{ observedAt: string; what: string; seen: boolean } | null>(null);
  const inQueue = waiting
    ? queued.find((item) => item.action.kind === 'rip' && item.action.body.observed_at === waiting.observedAt)
    : undefined;

  if (waiting && inQueue && !waiting.seen) setWaiting({ ...waiting, seen: true });
  const shown: Result = !waiting
    ? result
    : inQueue?.state === 'failed'
      ? { kind: 'failed', text: `Not accepted: ${inQueue.error ?? 'refused by the server.'}` }
      : !inQueue && waiting.seen
        ? { kind: 'sent', text: `Sent: ${waiting.what}.` }
        : {
            kind: 'waiting',
            text: `No signal: saved on this phone (${waiting.what}). It will be sent, once, with its time, as soon as the signal returns.`,
          };

  async function report(activity: RipActivity) {
    setResult(null);
    setWaiting(null);
    const observedAt = new Date();
    const observedIso = observedAt.toISOString();
    const parsed = z.safeParse(RipObservationBodySchema, {
      activity,
      note: note.trim() || null,
      observed_at: observedIso,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const outcome = await onSubmit({ kind: 'rip', body: parsed.data });
      const what = `${RIP_ACTIVITY_TEXT[activity].toLowerCase()} at ${beach.name}, seen at ${formatPlaceTime(
        observedAt,
        observedAt,
        beach.timezone,
      )}${parsed.data.note ? ', with your note' : ''}`;
      if (outcome.state === 'failed') {
        setResult({ kind: 'failed', text: outcome.message });
        setErrors(outcome.errors ?? {});
        return;
      }
      if (outcome.state === 'sent') setResult({ kind: 'sent', text: `Recorded: ${what}.` });
      else setWaiting({ observedAt: observedIso, what, seen: false });
      setNote('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card console-section" aria-labelledby="rip-heading">
      <h2 id="rip-heading">Rip activity now</h2>
      <p id={ids.hint} className="muted console-rip__hint">
        One tap records what you see in the water now, at this time. It is how we check the rip outlook
        against the beach.
      </p>
      <form noValidate className="console-form" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={ids.note} className="field__label">
            Note (optional)
          </label>
          <textarea
            id={ids.note}
            rows={2}
            maxLength={RIP_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-invalid={Boolean(errors.note)}
            aria-describedby={`${ids.note}-count${errors.note ? ` ${ids.note}-error` : ''}`}
          />
          <p id={`${ids.note}-count`} className="field__hint">
            {note.length} of {RIP_NOTE_MAX} characters
          </p>
          <FieldError id={`${ids.note}-error`} errors={errors.note} />
        </div>
        <div role="group" aria-labelledby="rip-heading" aria-describedby={ids.hint} className="console-rip">
          {RIP_ACTIVITIES.map((activity) => (
            <button
              key={activity}
              type="button"
              className={`console-rip__choice console-rip__choice--${activity}`}
              disabled={busy}
              onClick={() => void report(activity)}
            >
              <span className="console-rip__name">{RIP_CHOICES[activity].name}</span>
              <span className="console-rip__what">{RIP_CHOICES[activity].hint}</span>
            </button>
          ))}
        </div>
        <ResultView result={shown} />
      </form>
    </section>
  );
}
