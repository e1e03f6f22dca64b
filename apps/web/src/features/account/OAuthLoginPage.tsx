import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { exchangeOAuthToken } from '../../data/accounts.ts';
import { takeStoredIntent } from '../../data/sign-in-intent.ts';
import { useFinishSignIn } from './sign-in-return.tsx';

/**
 * /login/oauth?token&provider: the end of the web social sign-in. The one-time token is exchanged
 * (once, even when React runs effects twice) for a session, then the user goes Home.
 */
export function OAuthLoginPage() {
  usePageTitle('Signing in');
  const finish = useFinishSignIn();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const provider = params.get('provider') ?? '';
  const [failed, setFailed] = useState(!token || !provider);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token || !provider) return;
    started.current = true;
    // The beach a guest wanted to save before the round trip through the provider (issue 16).
    const intent = takeStoredIntent();
    exchangeOAuthToken(token, provider).then(
      (session) => finish(session, intent),
      () => setFailed(true),
    );
  }, [token, provider, finish]);

  return (
    <div className="page page--narrow account">
      <h1>Signing in</h1>
      {failed ? (
        <div role="alert" className="form-message form-message--error">
          <p>{ACCOUNT_MESSAGES.oauthFailed}</p>
          <p>
            <Link to="/login">Back to Login</Link>
          </p>
        </div>
      ) : (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> {ACCOUNT_MESSAGES.oauthRedirecting}
        </p>
      )}
    </div>
  );
}
