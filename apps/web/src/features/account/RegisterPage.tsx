import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MIN_LENGTH,
  QUESTION_MIN_ANSWER_MS,
  registrationFieldErrors,
} from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { questionQuery } from '../../data/account-queries.ts';
import { register, resendRegistration, type RegisterInput } from '../../data/accounts.ts';
import { ApiError } from '../../data/api.ts';
import { intentSearch, storeIntent } from '../../data/sign-in-intent.ts';
import {
  AppleSignInLink,
  Field,
  FormMessageView,
  failureMessage,
  formValue,
  useShake,
  type FormMessage,
} from './form.tsx';
import { SignInIntentNotice, useSignInIntent } from './sign-in-return.tsx';

/**
 * Register: names, email, password and confirmation, and the answer to the anti-spam question fetched
 * from the server. The fields are checked here with the server's own rules first (issue 30), so a
 * short or common password never reaches the server, whose every attempt uses the question up.
 * Inputs are disabled while the request runs; an error shakes the form and lists the field errors.
 * A failure the server judged (or may have) replaces the used question with a new one, never
 * leaving the used one on screen; one refused before it was judged (429) keeps question and answer.
 * Success signs nothing in: the page says to open the link we mailed (and can send it again).
 */
export function RegisterPage() {
  usePageTitle('Register');
  const queryClient = useQueryClient();
  const question = useQuery(questionQuery());
  // The question on screen replaced one an attempt used up: its hint says so.
  const [replaced, setReplaced] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const shake = useShake();

  const fail = (next: FormMessage) => {
    setMessage(next);
    shake.shake();
  };

  const intent = useSignInIntent();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const signUp = useMutation({
    // The server refuses an answer sent sooner than a person could read the question: a quick
    // typist's request waits out the rest of that time instead of failing.
    mutationFn: async (input: RegisterInput) => {
      await delay(question.dataUpdatedAt + QUESTION_MIN_ANSWER_MS + 100 - Date.now());
      return register(input);
    },
    // Nothing is signed in yet: the mailed link creates the account. The beach the guest wanted
    // to save (issue 16) waits in this tab for the link to be opened here.
    onSuccess: (text, input) => {
      storeIntent(intent);
      setSent({ email: input.email, message: text });
    },
    onError: (error) => {
      fail(failureMessage(error, ACCOUNT_MESSAGES.registerFailed));
      if (error instanceof ApiError && error.status === 429) return;
      // The old question is dropped at once (it can no longer be answered), then a new one asked.
      setReplaced(true);
      void queryClient.resetQueries({ queryKey: questionQuery().queryKey, exact: true });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!question.data) return;
    const data = new FormData(event.currentTarget);
    const input: RegisterInput = {
      first_name: formValue(data, 'first_name'),
      last_name: formValue(data, 'last_name'),
      email: formValue(data, 'email'),
      password: formValue(data, 'password', false),
      password_confirmation: formValue(data, 'password_confirmation', false),
      question: formValue(data, 'question'),
      question_id: question.data.question_id,
    };
    if (!input.email || !input.password) {
      fail({ kind: 'error', text: ACCOUNT_MESSAGES.loginRequired });
      return;
    }
    const { errors } = registrationFieldErrors(input);
    const list = Object.values(errors).flat();
    if (list.length > 0) {
      fail({ kind: 'errors', list });
      return;
    }
    setMessage(null);
    signUp.mutate(input);
  }

  const busy = signUp.isPending;
  if (sent) return <CheckYourEmail email={sent.email} message={sent.message} />;
  return (
    <div className="page page--narrow account">
      <h1>Register</h1>
      <SignInIntentNotice intent={intent} action="Create an account" />
      <form
        className={`card form ${shake.className}`}
        noValidate
        onSubmit={submit}
        onAnimationEnd={shake.onAnimationEnd}
        aria-label="Register"
      >
        <FormMessageView message={message} />
        <fieldset className="form__fields" disabled={busy}>
          <div className="form__row">
            <Field label="First name" name="first_name" autoComplete="given-name" />
            <Field label="Last name" name="last_name" autoComplete="family-name" />
          </div>
          <Field label="Email" name="email" type="email" autoComplete="email" />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          <Field
            label="Confirm password"
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
          />
          <div className="form__question">
            {question.data ? (
              <Field
                key={question.data.question_id}
                label={question.data.question}
                name="question"
                autoComplete="off"
                hint={
                  replaced
                    ? 'A new question: each one can be answered once. Answer it so we know you are a person.'
                    : 'Answer this question so we know you are a person.'
                }
              />
            ) : question.isError ? (
              <div role="alert" className="form-message form-message--error">
                <p>Could not load the question.</p>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void question.refetch()}
                >
                  Try again
                </button>
              </div>
            ) : (
              <p className="loading" role="status">
                <span className="spinner" aria-hidden="true" /> Loading the question…
              </p>
            )}
          </div>
          <div className="form__actions">
            <button type="submit" className="button" disabled={!question.data || question.isFetching}>
              {busy ? 'Creating your account…' : 'Create account'}
            </button>
          </div>
        </fieldset>
      </form>
      <div className="account__alternatives">
        <AppleSignInLink label="Sign up with Apple" intent={intent} />
        <p>
          Already have an account? <Link to={`/login${intentSearch(intent)}`}>Login</Link>
        </p>
      </div>
    </div>
  );
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** After registering: the link is in the mail; it can be sent again. */
function CheckYourEmail({ email, message }: { email: string; message: string }) {
  const [result, setResult] = useState<FormMessage | null>(null);
  const resend = useMutation({
    mutationFn: () => resendRegistration(email),
    onSuccess: (text) => setResult({ kind: 'success', text }),
    onError: (error) => setResult(failureMessage(error, ACCOUNT_MESSAGES.resendFailed)),
  });
  return (
    <div className="page page--narrow account">
      <h1>Register</h1>
      <section className="card" aria-labelledby="check-email-heading">
        <h2 id="check-email-heading">Check your email</h2>
        <p role="status">{message}</p>
        <p>
          We sent it to <strong>{email}</strong>. Open the link and enter your password to finish creating
          your account.
        </p>
        <FormMessageView message={result} />
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={resend.isPending}
            onClick={() => {
              setResult(null);
              resend.mutate();
            }}
          >
            {resend.isPending ? 'Sending…' : 'Send the link again'}
          </button>
        </div>
        <p>
          Already confirmed? <Link to="/login">Login</Link>
        </p>
      </section>
    </div>
  );
}
