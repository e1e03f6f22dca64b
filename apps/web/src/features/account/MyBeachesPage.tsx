import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  conditionsNow,
  formatAge,
  ripSummaryToday,
  type BeachSummary,
  type LiveStatusFields,
  type StatusBeach,
  type WarningsInput,
  type WeatherState,
} from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import { myBeachesQuery } from '../../data/account-queries.ts';
import { readFollowedCopy, saveFollowedCopy } from '../../data/followed-copy.ts';
import { beachQuery } from '../../data/queries.ts';
import { useRipOutlook } from '../../data/rip.ts';
import { useSession } from '../../data/session.ts';
import { useDataMode } from '../../data/source.ts';
import { beachWeatherQuery } from '../../data/weather.ts';
import { useOnline } from '../../platform/online.ts';
import { BeachStatusSummary } from '../../ui/BeachStatusSummary.tsx';
import { useNow } from '../conditions/index.ts';
import { SignedOutNotice } from './form.tsx';
import './my-beaches.css';

/** The figures each card shows, in this order (spec: wind, swell, UV and tide). */
const CONDITION_KEYS = ['wind', 'swell', 'uv', 'tide'] as const;

/**
 * My Beaches: a dashboard of the followed beaches (issue 16). Each card says today's patrol status,
 * the marine warnings, the hazard rating, the rip outlook's level (issue 29) and the current wind, swell, UV and tide, each with where
 * it came from and how old it is. Offline the list and each beach come from this device (what it
 * has); anything it does not have is shown as not known. Guests go to Login.
 */
export function MyBeachesPage() {
  usePageTitle('My Beaches');
  const session = useSession();
  if (!session) return <SignedOutNotice />;
  return <FollowedBeaches userId={session.user.id} />;
}

function FollowedBeaches({ userId }: { userId: number }) {
  const online = useOnline();
  const now = useNow();
  const list = useQuery({ ...myBeachesQuery(userId), enabled: online });
  useEffect(() => {
    if (list.data) saveFollowedCopy(userId, list.data, new Date(list.dataUpdatedAt));
  }, [list.data, list.dataUpdatedAt, userId]);
  const copy = online ? null : readFollowedCopy(userId);
  const beaches = list.data ?? copy?.beaches ?? null;

  return (
    <div className="page my-beaches">
      <h1>My Beaches</h1>
      {!online && (
        <p className="my-beaches__note" role="note">
          {copy
            ? `You are offline. This is your list as it was ${formatAge(copy.savedAt, now)}; patrols, warnings and conditions need a connection.`
            : 'You are offline, and your list of beaches has not been saved on this device yet. Go online to see it.'}
        </p>
      )}
      {beaches === null && online && list.isPending ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading your beaches…
        </p>
      ) : beaches === null && list.error ? (
        <div role="alert" className="form-message form-message--error">
          <p>Could not load your beaches. {list.error.message}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void list.refetch()}
            disabled={list.isFetching}
          >
            Try again
          </button>
        </div>
      ) : beaches !== null && beaches.length === 0 ? (
        <div className="card">
          <p>{ACCOUNT_MESSAGES.myBeachesEmpty1}</p>
          <p>{ACCOUNT_MESSAGES.myBeachesEmpty2}</p>
        </div>
      ) : beaches !== null ? (
        <ul className="my-beaches__grid" aria-label="Followed beaches">
          {beaches.map((beach) => (
            <FollowedBeachCard key={beach.id} summary={beach} now={now} online={online} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One followed beach: status now and conditions now, each with its source and age. */
export function FollowedBeachCard({
  summary,
  now,
  online,
}: {
  summary: BeachSummary;
  now: Date;
  online: boolean;
}) {
  const mode = useDataMode();
  // The beach itself (today's patrol flag, time zone, hazard): the server online, this device offline.
  const detail = useQuery({ ...beachQuery({ id: summary.id }, mode), retry: false });
  const weather = useQuery({ ...beachWeatherQuery(summary.id), enabled: online });
  // Online the server's outlook; offline the last one kept here, if this device kept one.
  const rip = useRipOutlook(summary);
  const beach = detail.data?.beach;
  // The beach detail carries the live status (issue 17): Closed/Inclement show first on the card.
  const status: StatusBeach & LiveStatusFields = beach ?? {
    patrol: summary.patrol,
    hazard: summary.hazard,
    is_patrolled_today: null,
  };

  const weatherState: WeatherState = !online
    ? 'offline'
    : weather.data
      ? 'loaded'
      : weather.isError
        ? 'unavailable'
        : 'loading';
  // Warnings: the feed's answer when we have it; unknown offline or when it failed; left out while loading.
  const warnings: WarningsInput | null | undefined = weather.data
    ? { warnings: weather.data.todays_marine_warnings, source: weather.data.sources.warnings }
    : weatherState === 'loading'
      ? undefined
      : null;
  // The rip outlook's level today: "No rip outlook" when the beach has none, "not known" when this
  // device could not get one; nothing while it loads.
  const ripToday = rip.data ? ripSummaryToday(rip.data, now) : undefined;
  const ripSettled = rip.data !== undefined || rip.isError || rip.waitsForNetwork;
  const conditions = conditionsNow(weather.data ?? null, weatherState, now).filter((item) =>
    (CONDITION_KEYS as readonly string[]).includes(item.key),
  );
  const href = mode === 'offline' ? `/beach/${summary.id}` : `/beach${summary.url}`;
  const headingId = `followed-${summary.id}`;

  return (
    <li className="card my-beaches__card" aria-labelledby={headingId}>
      <h2 id={headingId} className="my-beaches__title">
        <Link to={href}>{summary.title}</Link>
      </h2>
      <p className="my-beaches__place">
        {summary.city !== summary.title ? `${summary.city}, ` : ''}
        {summary.state}
      </p>
      <BeachStatusSummary
        beach={{ ...status, timezone: status.timezone ?? rip.data?.timezone ?? null }}
        now={now}
        warnings={warnings}
        rip={ripToday}
        sayMissingRip={ripSettled}
      />
      {mode === 'offline' && detail.isError && (
        <p className="my-beaches__hint">
          Not saved on this device. <Link to="/offline-settings">Offline Settings</Link> can save every beach.
        </p>
      )}
      <dl className="my-beaches__conditions">
        {conditions.map((item) => (
          <div key={item.key} className="my-beaches__condition" data-condition={item.key}>
            <dt>{item.label}</dt>
            <dd>
              <span className="my-beaches__value">{item.value ?? 'Not known'}</span>
              <span className="my-beaches__detail">
                {item.detail}
                {item.stale && ' (could not be updated)'}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
