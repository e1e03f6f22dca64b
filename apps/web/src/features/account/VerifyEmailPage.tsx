import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { verifyEmail } from '../../data/accounts.ts';
import { getSession, useSession } from '../../data/session.ts';
import { takeStoredIntent } from '../../data/sign-in-intent.ts';
import { Field, FormMessageView, failureMessage, formValue, type FormMessage } from './form.tsx';
import { useFinishSignIn } from './sign-in-return.tsx';

/**
 * /verify-email/{token}: the link we mail to confirm an address (a registration, an account's
 * address, an email change). The mailbox proves the address; the password proves that whoever
 * opens the link is the person who asked (signed in, an account without a password needs none).
 * A registration is signed in and goes on (to the beach it wanted to save, else Home); otherwise
 * the page says the address is confirmed.
 */
export function VerifyEmailPage() {
  usePageTitle('Confirm your email');
  const { token = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: (password: string) => {
      const before = getSession()?.token;
      return verifyEmail(token, password).then((text) => ({
        text,
        signedIn: getSession()?.token !== before,
      }));
    },
    onSuccess: async ({ text, signedIn }) => {
      const now = getSession();
      if (signedIn && now) {
        const intent = takeStoredIntent();
        if (intent) await finish(now, intent);
        else await navigate('/', { replace: true, state: { flash: text } });
        return;
      }
      setDone(text);
    },
    onError: (error) => setMessage(failureMessage(error, ACCOUNT_MESSAGES.verifyFailed)),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    confirm.mutate(formValue(new FormData(event.currentTarget), 'password', false));
  }

  return (
    <div className="page page--narrow account">
      <h1>Confirm your email</h1>
      {done ? (
        <div className="card">
          <p role="status" className="form-message form-message--success">
            {done}
          </p>
          <p>
            <Link to={session ? '/profile' : '/login'}>{session ? 'Back to My Profile' : 'Login'}</Link>
          </p>
        </div>
      ) : (
        <form className="card form" noValidate onSubmit={submit} aria-label="Confirm your email">
          <p>
            Enter the password of the account to confirm this email address.
            {session
              ? ' Signed in to the account already? Leave it empty.'
              : ' An account that signs in only with Apple or Facebook: sign in first, then open the link again.'}
          </p>
          <FormMessageView message={message} />
          <fieldset className="form__fields" disabled={confirm.isPending}>
            <Field label="Password" name="password" type="password" autoComplete="current-password" />
            <div className="form__actions">
              <button type="submit" className="button">
                {confirm.isPending ? 'Confirming…' : 'Confirm my email'}
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </div>
  );
}
