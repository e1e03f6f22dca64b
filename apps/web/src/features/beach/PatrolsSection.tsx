import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  LIFE_SAVING_ORG,
  PATROL_TIMES_NOT_KNOWN,
  STANDING_ADVICE,
  type Beach,
  type PatrolDay,
  type PatrolsResponse,
} from '@safeshore/domain';
import { patrolsQuery } from '../../data/patrols.ts';
import { useOnline } from '../../platform/online.ts';
import { CalendarIcon } from '../../ui/icons/index.ts';
import { wallTime } from './format.ts';

const PatrolCalendar = lazy(() => import('./PatrolCalendar.tsx'));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Sat 23 Nov" for a YYYY-MM-DD day, from the response's schedule_dates when it lists the day. */
export function patrolDayLabel(date: string, scheduleDates: PatrolsResponse['schedule_dates']): string {
  const listed = scheduleDates.find((d) => d.date === date);
  if (listed) return `${listed.day} ${listed.simple}`;
  const [year, month, day] = date.split('-').map(Number);
  const stamp = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return `${WEEKDAYS[stamp.getUTCDay()]} ${stamp.getUTCDate()} ${MONTHS[stamp.getUTCMonth()]}`;
}

function patrolHours(day: PatrolDay): string {
  if (day.is_patrol !== 1) return 'No patrol';
  const from = day.start_time ? wallTime(day.start_time) : null;
  const to = day.end_time ? wallTime(day.end_time) : null;
  return from && to ? `${from} – ${to}` : 'Patrolled (hours not known)';
}

/** The Patrols card: hidden offline (spec section 2). */
export function PatrolsSection({ beach }: { beach: Pick<Beach, 'id' | 'patrol' | 'title'> }) {
  const online = useOnline();
  if (!online) return null;
  return <Patrols beach={beach} />;
}

function Patrols({ beach }: { beach: Pick<Beach, 'id' | 'patrol' | 'title'> }) {
  // null: today at the beach (the first request sends no date).
  const [date, setDate] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const changeDay = useRef<HTMLButtonElement>(null);
  const { data, error, isPending, isFetching } = useQuery({
    ...patrolsQuery(beach.id, date),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    // Spec section 8: patrol failures are only logged.
    if (error) console.warn('Could not load patrol times:', error);
  }, [error]);

  const clubs = data ? Object.entries(data.patrols) : [];
  // Another day is worth choosing only when the beach has a roster; once a day is chosen the
  // button stays, so a day without patrols never strands the reader there.
  const canChangeDay = Boolean(data) && (clubs.length > 0 || date !== null);
  return (
    <section className="card patrols beach__wide" aria-labelledby="patrols-heading" aria-busy={isFetching}>
      <div className="patrols__head">
        <h2 id="patrols-heading">Patrols</h2>
        {canChangeDay && (
          <button
            ref={changeDay}
            type="button"
            className="button button--secondary"
            aria-haspopup="dialog"
            aria-expanded={choosing}
            onClick={() => setChoosing(true)}
          >
            <CalendarIcon size={18} /> Change day
          </button>
        )}
      </div>
      {isPending ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading patrol times…
        </p>
      ) : !data ? (
        <p className="muted">Patrol times could not be loaded.</p>
      ) : clubs.length === 0 ? (
        <NoPatrols patrol={beach.patrol} />
      ) : (
        <>
          <p className="patrols__from" data-testid="patrols-from">
            From {patrolDayLabel(data.date, data.schedule_dates)}
            {data.is_sample && <span className="sample-tag">Sample data — not a real patrol roster</span>}
          </p>
          {error && <p className="muted">Patrol times for that day could not be loaded.</p>}
          <div className="patrols__clubs">
            {clubs.map(([clubId, club]) => (
              <section key={clubId} className="patrols__club" aria-labelledby={`club-${clubId}`}>
                <h3 id={`club-${clubId}`}>{club.name}</h3>
                <ol className="patrols__days">
                  {club.days.map((day) => (
                    <li
                      key={day.date}
                      // A sample roster is a demo: never styled as a patrol.
                      className={day.is_patrol === 1 && !data.is_sample ? 'patrols__day--on' : undefined}
                    >
                      <span className="patrols__date">{patrolDayLabel(day.date, data.schedule_dates)}</span>
                      <span className="patrols__hours">{patrolHours(day)}</span>
                      {day.public_holiday && <span className="patrols__holiday">{day.public_holiday}</span>}
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
          {data.source && !data.is_sample && <p className="muted patrols__source">Source: {data.source}</p>}
        </>
      )}
      {choosing && data && (
        <Suspense fallback={null}>
          <PatrolCalendar
            triggerRef={changeDay}
            value={data.date}
            onPick={(picked) => {
              setChoosing(false);
              setDate(picked);
            }}
            onClose={() => setChoosing(false)}
          />
        </Suspense>
      )}
    </section>
  );
}

/**
 * No club patrols in the answer. Only a beach known to be unpatrolled gets the spec's "no services"
 * message; an unknown (or patrolled but unscheduled) beach must not be described as unserviced:
 * its patrol times are not known, with the standing advice.
 */
function NoPatrols({ patrol }: { patrol: number | null }) {
  return (
    <div data-testid="patrols-empty">
      {patrol === 0 ? (
        <p>{LIFE_SAVING_ORG.label} currently provides no services for this beach.</p>
      ) : (
        <p>
          <strong>{PATROL_TIMES_NOT_KNOWN}.</strong>
        </p>
      )}
      <p>
        {STANDING_ADVICE} <Link to="/surf-safety">Learn about surf safety</Link>
      </p>
    </div>
  );
}
