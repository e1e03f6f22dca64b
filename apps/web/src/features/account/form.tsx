import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '@safeshore/domain';
import { failureText, serverFieldErrors } from '../../data/accounts.ts';
import { apiUrl } from '../../data/api.ts';
import { storeIntent, type SignInIntent } from '../../data/sign-in-intent.ts';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  name: string;
  hint?: string;
}

/** A labelled input; the hint, when given, is its description. */
export function Field({ label, hint, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <input id={inputId} aria-describedby={hint ? hintId : undefined} {...input} />
    </div>
  );
}

export type FormMessage =
  { kind: 'error'; text: string } | { kind: 'errors'; list: string[] } | { kind: 'success'; text: string };

/**
 * A form's outcome: errors are alerts (announced at once), successes a polite status. Server field
 * errors are listed under the spec's heading.
 */
export function FormMessageView({ message }: { message: FormMessage | null }) {
  if (!message) return null;
  if (message.kind === 'success') {
    return (
      <p role="status" className="form-message form-message--success">
        {message.text}
      </p>
    );
  }
  return (
    <div role="alert" className="form-message form-message--error">
      {message.kind === 'error' ? (
        <p>{message.text}</p>
      ) : (
        <>
          <p>{ACCOUNT_MESSAGES.registerErrorsHeading}</p>
          <ul>
            {message.list.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** A failed call's message: the server's field errors (422), else `fallback` (or on 406 the server's text). */
export function failureMessage(error: unknown, fallback: string, serverTextOn406 = false): FormMessage {
  const list = serverFieldErrors(error);
  return list
    ? { kind: 'errors', list }
    : { kind: 'error', text: failureText(error, fallback, serverTextOn406) };
}

/** The form shake on error (a CSS animation, off when the user prefers reduced motion). */
export function useShake(): { className: string; shake: () => void; onAnimationEnd: () => void } {
  const [shaking, setShaking] = useState(false);
  return {
    className: shaking ? 'form--shake' : '',
    shake: () => setShaking(true),
    onAnimationEnd: () => setShaking(false),
  };
}

/** The text of a form field from FormData (trimmed unless it is a password). */
export function formValue(data: FormData, name: string, trim = true): string {
  const value = data.get(name);
  if (typeof value !== 'string') return '';
  return trim ? value.trim() : value;
}

/**
 * Sign in with Apple on the web: a full-page visit to the server's redirect, which comes back
 * through /login/oauth (or to /login?error=… when it fails).
 */
export function AppleSignInLink({ label, intent = null }: { label: string; intent?: SignInIntent | null }) {
  return (
    <a
      className="button button--apple"
      href={apiUrl('/auth/apple/redirect')}
      // The round trip through Apple leaves the site: the way back waits in this tab's storage.
      onClick={() => storeIntent(intent)}
    >
      {label}
    </a>
  );
}

/**
 * Shown by a signed-in screen whose session has ended while it was open (signed out in another tab,
 * account deleted). The router keeps guests from reaching these screens in the first place.
 */
export function SignedOutNotice() {
  return (
    <div className="page page--narrow account">
      <h1>Signed out</h1>
      <p>
        You are signed out. <Link to="/login">Login</Link> to continue.
      </p>
    </div>
  );
}
