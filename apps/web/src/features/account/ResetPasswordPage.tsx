import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { resetPassword } from '../../data/accounts.ts';
import { Field, FormMessageView, failureMessage, formValue, type FormMessage } from './form.tsx';

/** Reset Password: the token from the path, the email (read-only) from ?email=, then the success state. */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const [message, setMessage] = useState<FormMessage | null>(null);
  const failed = (error: unknown) => setMessage(failureMessage(error, ACCOUNT_MESSAGES.resetFailed));
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: (done) => {
      if (!done) failed(null);
    },
    onError: failed,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = formValue(data, 'password', false);
    const confirmation = formValue(data, 'password_confirmation', false);
    if (!token || !email || !password || !confirmation) {
      setMessage({ kind: 'error', text: ACCOUNT_MESSAGES.resetAllFields });
      return;
    }
    setMessage(null);
    reset.mutate({ token, email, password, password_confirmation: confirmation });
  }

  return (
    <div className="page page--narrow account">
      <h1>Reset Password</h1>
      {reset.data === true ? (
        <div className="card" role="status">
          <p>Your password has been reset. You can now log in with your new password.</p>
          <p>
            <Link to="/login" className="button">
              Login
            </Link>
          </p>
        </div>
      ) : (
        <form className="card form" noValidate onSubmit={submit} aria-label="Reset Password">
          <FormMessageView message={message} />
          <fieldset className="form__fields" disabled={reset.isPending}>
            <Field label="Email" name="email" type="email" value={email} readOnly />
            <Field
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            />
            <Field
              label="Confirm new password"
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
            />
            <div className="form__actions">
              <button type="submit" className="button">
                {reset.isPending ? 'Resetting…' : 'Reset Password'}
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </div>
  );
}
