import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { myBeachesQuery } from '../../data/account-queries.ts';
import { followBeach } from '../../data/accounts.ts';
import { beachQuery } from '../../data/queries.ts';
import type { Session } from '../../data/session.ts';
import { intentFromSearch, type SignInIntent } from '../../data/sign-in-intent.ts';

/** The intent Login or Register was opened with (`?next=…&follow=…`), validated; null for none. */
export function useSignInIntent(): SignInIntent | null {
  const [params] = useSearchParams();
  return intentFromSearch(params);
}

/** The title of the beach the guest wanted to save (null while unknown, or when it cannot be read). */
function useBeachTitle(beachId: number | null): string | null {
  const { data } = useQuery({ ...beachQuery({ id: beachId ?? 0 }), enabled: beachId !== null, retry: false });
  return beachId !== null ? (data?.beach.title ?? null) : null;
}

/** "Log in to save Bondi Beach" above the form, when the guest came from a beach's Favourite. */
export function SignInIntentNotice({
  intent,
  action,
}: {
  intent: SignInIntent | null;
  action: 'Log in' | 'Create an account';
}) {
  const title = useBeachTitle(intent?.follow ?? null);
  if (!intent || intent.follow === null) return null;
  return (
    <p className="sign-in-intent" role="note" data-testid="sign-in-intent">
      {action} to save {title ?? 'this beach'} to My Beaches. We will take you back to it.
    </p>
  );
}

/**
 * After login, registration or social sign-in: follow the beach the guest asked to save, then go
 * back to the page they came from (Home when there was none). A failed follow still returns them,
 * with a message, so nothing they typed is lost.
 */
export function useFinishSignIn(): (session: Session, intent: SignInIntent | null) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (session, intent) => {
      if (!intent) {
        await navigate('/', { replace: true });
        return;
      }
      let flash: string | null = null;
      if (intent.follow !== null) {
        try {
          await followBeach(intent.follow, true);
          flash = 'Saved to My Beaches.';
        } catch (error) {
          console.warn('Could not follow the beach after signing in:', error);
          flash = 'We could not save this beach to My Beaches. Press Favourite to try again.';
        }
        await queryClient.invalidateQueries({ queryKey: myBeachesQuery(session.user.id).queryKey });
      }
      await navigate(intent.next, { replace: true, state: flash ? { flash } : null });
    },
    [navigate, queryClient],
  );
}
