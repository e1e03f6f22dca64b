import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { sendResetLink } from '../../data/accounts.ts';
import { Field, FormMessageView, failureMessage, formValue, type FormMessage } from './form.tsx';

/** Send Reset Password Link: an email field, then the sent state (the same whether or not it exists). */
export function SendResetPasswordPage() {
  usePageTitle('Send Reset Password Link');
  const [message, setMessage] = useState<FormMessage | null>(null);
  const send = useMutation({
    mutationFn: sendResetLink,
    onError: (error) => setMessage(failureMessage(error, ACCOUNT_MESSAGES.resetEmailFailed)),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formValue(new FormData(event.currentTarget), 'email');
    if (!email) {
      setMessage({ kind: 'error', text: ACCOUNT_MESSAGES.resetEmailRequired });
      return;
    }
    setMessage(null);
    send.mutate(email);
  }

  return (
    <div className="page page--narrow account">
      <h1>Send Reset Password Link</h1>
      {send.isSuccess ? (
        <div className="card" role="status">
          <p>
            If an account uses <strong>{send.variables}</strong>, we have emailed it a link to reset the
            password. The link works once and expires, so use it soon.
          </p>
          <p>
            <Link to="/login">Back to Login</Link>
          </p>
        </div>
      ) : (
        <form className="card form" noValidate onSubmit={submit} aria-label="Send Reset Password Link">
          <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
          <FormMessageView message={message} />
          <fieldset className="form__fields" disabled={send.isPending}>
            <Field label="Email" name="email" type="email" autoComplete="email" />
            <div className="form__actions">
              <button type="submit" className="button">
                {send.isPending ? 'Sending…' : 'Send Reset Password Link'}
              </button>
              <Link to="/login">Back to Login</Link>
            </div>
          </fieldset>
        </form>
      )}
    </div>
  );
}
