import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { logout } from '../../data/accounts.ts';
import { clearSession, useSession } from '../../data/session.ts';

/**
 * Logout: revokes the token on the server, then removes the stored session whatever the answer (a
 * failed call must not keep anyone signed in on this device), which sends the page Home. A guest
 * goes Home at once.
 */
export function LogoutPage() {
  usePageTitle('Logout');
  const session = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (!session || started.current) return;
    started.current = true;
    void logout(session.token)
      .catch(() => undefined)
      .finally(clearSession);
  }, [session]);

  if (!session) return <Navigate to="/" replace />;
  return (
    <div className="page page--narrow account">
      <h1>Logout</h1>
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" /> {ACCOUNT_MESSAGES.loggingOut}
      </p>
    </div>
  );
}
