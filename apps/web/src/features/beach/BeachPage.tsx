import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { offlineBeachId } from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { BeachNotFound } from './BeachNotFound.tsx';
import { ApiError } from '../../data/api.ts';
import { beachPatrolsKey } from '../../data/patrols.ts';
import { beachQuery } from '../../data/queries.ts';
import { useDataMode } from '../../data/source.ts';
import { useOnline } from '../../platform/online.ts';
import { NotSavedOffline } from '../../ui/NotSavedOffline.tsx';
import { BeachDetail } from './BeachDetail.tsx';
import { FollowButton } from './FollowButton.tsx';
import { useBeachReload } from './useBeachReload.ts';

/**
 * /beach/{state}/{area}/{location}/{beachSlug}, or /beach/{beachId} (Offline-Beach, id 1380 when
 * not numeric): loads the beach (reloading on route change and data mode change) and shows it.
 */
export function BeachPage() {
  const { state = '', area = '', location = '', beachSlug = '', beachId: idParam } = useParams();
  const ref =
    idParam !== undefined
      ? { id: offlineBeachId(idParam) }
      : { path: [state, area, location, beachSlug].join('/') };
  const mode = useDataMode();
  const { data, error, isPending, refetch, isFetching, dataUpdatedAt, fetchStatus } = useQuery(
    beachQuery(ref, mode),
  );
  const queryClient = useQueryClient();
  const online = useOnline();
  usePageTitle(data?.beach.title ?? '');
  const beachId = data?.beach.id ?? null;
  useBeachReload({
    beachId,
    dataUpdatedAt,
    reload: () => {
      // cancelRefetch false: join a refetch already running (the query client's own on-focus one).
      void refetch({ cancelRefetch: false });
      if (beachId !== null) {
        void queryClient.invalidateQueries({ queryKey: beachPatrolsKey(beachId) }, { cancelRefetch: false });
      }
    },
  });

  // Offline, a beach the local database does not hold (or no local database at all) says so.
  const notSaved =
    !online &&
    ((isPending && fetchStatus === 'paused') ||
      (mode === 'offline' && error instanceof ApiError && error.status === 404));
  if (notSaved) return <NotSavedOffline what="beach" />;

  if (isPending) {
    return (
      <div className="page page--narrow" aria-busy="true">
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading beach…
        </p>
      </div>
    );
  }

  if (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return <BeachNotFound />;
    return (
      <div className="page page--narrow">
        <h1>Could not load this beach</h1>
        <p>{online ? error.message : 'You are offline. Go online to see this beach.'}</p>
        <p>
          <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching}>
            Try again
          </button>{' '}
          <Link to="/" className="button button--secondary">
            Search for a beach
          </Link>
        </p>
      </div>
    );
  }

  return <BeachDetail detail={data} actions={<FollowButton beachId={data.beach.id} />} />;
}
export default BeachPage;
