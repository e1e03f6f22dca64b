import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { failureText, login } from '../../data/accounts.ts';
import { intentSearch } from '../../data/sign-in-intent.ts';
import { AppleSignInLink, Field, FormMessageView, formValue, type FormMessage } from './form.tsx';
import { SignInIntentNotice, useFinishSignIn, useSignInIntent } from './sign-in-return.tsx';

/** Login: email and password, Sign in with Apple, Forgot password and Create account; `?error=` shown. */
export function LoginPage() {
  usePageTitle('Login');
  const [params] = useSearchParams();
  const queryError = params.get('error');
  const [message, setMessage] = useState<FormMessage | null>(
    queryError ? { kind: 'error', text: queryError } : null,
  );
  const intent = useSignInIntent();
  const finish = useFinishSignIn();
  const signIn = useMutation({
    mutationFn: (input: { email: string; password: string }) => login(input.email, input.password),
    // Back to the beach the guest wanted to save, followed (issue 16); else Home.
    onSuccess: (session) => finish(session, intent),
    onError: (error) =>
      setMessage({ kind: 'error', text: failureText(error, ACCOUNT_MESSAGES.loginFailed, true) }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = formValue(data, 'email');
    const password = formValue(data, 'password', false);
    if (!email || !password) {
      setMessage({ kind: 'error', text: ACCOUNT_MESSAGES.loginRequired });
      return;
    }
    setMessage(null);
    signIn.mutate({ email, password });
  }

  return (
    <div className="page page--narrow account">
      <h1>Login</h1>
      <SignInIntentNotice intent={intent} action="Log in" />
      <form className="card form" noValidate onSubmit={submit} aria-label="Login">
        <FormMessageView message={message} />
        <fieldset className="form__fields" disabled={signIn.isPending}>
          <Field label="Email" name="email" type="email" autoComplete="email" />
          <Field label="Password" name="password" type="password" autoComplete="current-password" />
          <div className="form__actions">
            <button type="submit" className="button">
              {signIn.isPending ? 'Logging in…' : 'Login'}
            </button>
            <Link to="/reset">Forgot password?</Link>
          </div>
        </fieldset>
      </form>
      <div className="account__alternatives">
        <AppleSignInLink label="Sign in with Apple" intent={intent} />
        <p>
          New to SafeShore? <Link to={`/register${intentSearch(intent)}`}>Create account</Link>
        </p>
        <p className="field__hint">{ACCOUNT_MESSAGES.loginVerifyHint}</p>
      </div>
    </div>
  );
}
