import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { RoleBodySchema, type ConsoleMeResponse } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { ApiError } from '../../data/api.ts';
import { grantLifesaver, revokeLifesaver } from '../../data/console.ts';
import { useSession } from '../../data/session.ts';
import { SignedOutNotice } from '../account/form.tsx';
import { ConsoleGate } from './ConsolePage.tsx';
import './console.css';

/** Operators grant and revoke the lifesaver role by email, for one beach or a whole club. */
export function TeamPage() {
  usePageTitle('Lifesaver team');
  const session = useSession();
  if (!session) return <SignedOutNotice />;
  return (
    <ConsoleGate userId={session.user.id} title="Lifesaver team" operatorOnly>
      {(me) => <Team me={me} />}
    </ConsoleGate>
  );
}

type Result = { ok: boolean; text: string } | null;

function Team({ me }: { me: ConsoleMeResponse }) {
  const ids = { email: useId(), beach: useId(), club: useId(), scope: useId() };
  const [email, setEmail] = useState('');
  const [scope, setScope] = useState<'beach' | 'club'>('beach');
  const [beachId, setBeachId] = useState('');
  const [clubId, setClubId] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);

  async function act(kind: 'grant' | 'revoke') {
    setResult(null);
    const parsed = z.safeParse(RoleBodySchema, {
      email,
      role: 'lifesaver',
      ...(scope === 'beach'
        ? beachId
          ? { beach_id: Number(beachId) }
          : {}
        : clubId
          ? { club_id: Number(clubId) }
          : {}),
    });
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        const field = key === 'beach_id' && scope === 'club' ? 'club_id' : key;
        (found[field] ??= []).push(
          key === 'beach_id' || key === 'club_id'
            ? `Choose a ${scope === 'beach' ? 'beach' : 'club'}.`
            : issue.message,
        );
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await (kind === 'grant' ? grantLifesaver(parsed.data) : revokeLifesaver(parsed.data));
      setResult({
        ok: true,
        text: `${answer.message} ${answer.email}: lifesaver for ${answer.role.scope_name}.`,
      });
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      setResult({ ok: false, text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const describe = (key: string, id: string) => (errors[key] ? { 'aria-describedby': `${id}-error` } : {});
  const errorText = (key: string, id: string) =>
    errors[key] ? (
      <p id={`${id}-error`} className="field__error">
        {errors[key].join(' ')}
      </p>
    ) : null;

  return (
    <div className="page console">
      <p className="console__back">
        <Link to="/console">Console</Link>
      </p>
      <h1>Lifesaver team</h1>
      <p>
        Give a lifesaver the console for one beach, or for every beach of a club. They sign up with their
        email address first.
      </p>
      <form
        noValidate
        className="card console-form"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void act('grant');
        }}
      >
        <div className="field">
          <label htmlFor={ids.email} className="field__label">
            Lifesaver’s email
          </label>
          <input
            id={ids.email}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={Boolean(errors.email)}
            {...describe('email', ids.email)}
          />
          {errorText('email', ids.email)}
        </div>
        <fieldset className="console-choices console-choices--two">
          <legend>For</legend>
          <label className="console-choice">
            <input type="radio" name="scope" checked={scope === 'beach'} onChange={() => setScope('beach')} />
            <span className="console-choice__name">One beach</span>
          </label>
          <label className="console-choice">
            <input type="radio" name="scope" checked={scope === 'club'} onChange={() => setScope('club')} />
            <span className="console-choice__name">A club</span>
          </label>
        </fieldset>
        {scope === 'beach' ? (
          <div className="field">
            <label htmlFor={ids.beach} className="field__label">
              Beach
            </label>
            <select
              id={ids.beach}
              value={beachId}
              onChange={(event) => setBeachId(event.target.value)}
              aria-invalid={Boolean(errors.beach_id)}
              {...describe('beach_id', ids.beach)}
            >
              <option value="">Choose a beach</option>
              {me.beaches.map((beach) => (
                <option key={beach.id} value={beach.id}>
                  {beach.name}
                </option>
              ))}
            </select>
            {errorText('beach_id', ids.beach)}
          </div>
        ) : (
          <div className="field">
            <label htmlFor={ids.club} className="field__label">
              Club number
            </label>
            <input
              id={ids.club}
              inputMode="numeric"
              pattern="[0-9]*"
              value={clubId}
              onChange={(event) => setClubId(event.target.value.replace(/\D/g, ''))}
              aria-invalid={Boolean(errors.club_id)}
              {...describe('club_id', ids.club)}
            />
            {errorText('club_id', ids.club)}
          </div>
        )}
        <div className="console-form__actions">
          <button type="submit" className="button console-button" disabled={busy}>
            Grant lifesaver
          </button>
          <button
            type="button"
            className="button button--danger console-button"
            disabled={busy}
            onClick={() => void act('revoke')}
          >
            Revoke lifesaver
          </button>
        </div>
        {result && (
          <p
            role={result.ok ? 'status' : 'alert'}
            className={`form-message ${result.ok ? 'form-message--success' : 'form-message--error'}`}
          >
            {result.text}
          </p>
        )}
      </form>
    </div>
  );
}
