import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { myBeachesQuery } from '../../data/account-queries.ts';
import { followBeach } from '../../data/accounts.ts';
import { useSession } from '../../data/session.ts';
import { intentSearch } from '../../data/sign-in-intent.ts';
import { StarFilledIcon, StarIcon } from '../../ui/icons/index.ts';

/**
 * Favourite / Unfavourite (spec sections 2 and 4). A beach counts as followed when it is in the
 * followed list; the button is disabled while the request runs (until the list has been reloaded).
 * A guest pressing it goes to Login, carrying the way back. Failures are logged and only end the in-flight state.
 */
export function FollowButton({ beachId }: { beachId: number }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const userId = session?.user.id ?? 0;
  const followed = useQuery({ ...myBeachesQuery(userId), enabled: session !== null });
  const toggle = useMutation({
    mutationFn: (follow: boolean) => followBeach(beachId, follow),
    onError: (error) => console.warn('Could not change the followed beaches:', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myBeachesQuery(userId).queryKey }),
  });

  if (!session) {
    // Login says which beach it is for and, once signed in, follows it and comes back here (issue 16).
    // A form, so that without JavaScript it still leads to Login with the way back (issue 33).
    const next = `${location.pathname}${location.search}`;
    return (
      <form
        className="follow-form"
        action="/login"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(`/login${intentSearch({ next, follow: beachId })}`);
        }}
      >
        <input type="hidden" name="next" value={next} />
        <input type="hidden" name="follow" value={beachId} />
        <button type="submit" className="button button--secondary">
          <StarIcon size={18} /> Favourite
        </button>
      </form>
    );
  }

  const isFollowed = followed.data?.some((beach) => beach.id === beachId) ?? false;
  const button = (
    <button
      type="button"
      className="button button--secondary"
      disabled={toggle.isPending || followed.isPending}
      onClick={() => toggle.mutate(!isFollowed)}
    >
      {isFollowed ? (
        <>
          <StarFilledIcon size={18} /> Unfavourite
        </>
      ) : (
        <>
          <StarIcon size={18} /> Favourite
        </>
      )}
    </button>
  );
  if (!isFollowed) return button;
  // A followed beach's alerts are chosen on the Notifications screen (issue 18).
  return (
    <span className="beach__follow">
      {button}
      <Link className="button button--secondary" to={`/notifications?beach=${beachId}`}>
        Alerts
      </Link>
    </span>
  );
}
