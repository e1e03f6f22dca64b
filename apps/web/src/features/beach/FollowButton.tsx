import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { myBeachesQuery } from '../../data/account-queries.ts';
import { followBeach } from '../../data/accounts.ts';
import { useSession } from '../../data/session.ts';
import { StarFilledIcon, StarIcon } from '../../ui/icons/index.ts';

/**
 * Favourite / Unfavourite (spec sections 2 and 4). A beach counts as followed when it is in the
 * followed list; the button is disabled while the request runs (until the list has been reloaded).
 * A guest pressing it goes to Login. Failures are logged and only end the in-flight state.
 */
export function FollowButton({ beachId }: { beachId: number }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = session?.user.id ?? 0;
  const followed = useQuery({ ...myBeachesQuery(userId), enabled: session !== null });
  const toggle = useMutation({
    mutationFn: (follow: boolean) => followBeach(beachId, follow),
    onError: (error) => console.warn('Could not change the followed beaches:', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myBeachesQuery(userId).queryKey }),
  });

  if (!session) {
    return (
      <button type="button" className="button button--secondary" onClick={() => navigate('/login')}>
        <StarIcon size={18} /> Favourite
      </button>
    );
  }

  const isFollowed = followed.data?.some((beach) => beach.id === beachId) ?? false;
  return (
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
}
