import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { myBeachesQuery } from '../../data/account-queries.ts';
import { useSession } from '../../data/session.ts';
import { BeachCard } from '../../ui/BeachCard.tsx';
import { SignedOutNotice } from './form.tsx';

/** My Beaches: the followed beaches as blocks linking to their pages; guests go to Login. */
export function MyBeachesPage() {
  usePageTitle('My Beaches');
  const session = useSession();
  if (!session) return <SignedOutNotice />;
  return <FollowedBeaches userId={session.user.id} />;
}

function FollowedBeaches({ userId }: { userId: number }) {
  const { data, error, isPending, refetch, isFetching } = useQuery(myBeachesQuery(userId));
  return (
    <div className="page my-beaches" aria-busy={isPending}>
      <h1>My Beaches</h1>
      {isPending ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading your beaches…
        </p>
      ) : error ? (
        <div role="alert" className="form-message form-message--error">
          <p>Could not load your beaches. {error.message}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void refetch()}
            disabled={isFetching}
          >
            Try again
          </button>
        </div>
      ) : data.length === 0 ? (
        <div className="card">
          <p>{ACCOUNT_MESSAGES.myBeachesEmpty1}</p>
          <p>{ACCOUNT_MESSAGES.myBeachesEmpty2}</p>
        </div>
      ) : (
        <ul className="beach-blocks">
          {data.map((beach) => (
            <BeachCard key={beach.id} beach={beach} />
          ))}
        </ul>
      )}
    </div>
  );
}
