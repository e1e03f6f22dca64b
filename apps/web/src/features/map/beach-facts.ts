import type { BeachSummary, ListBeach } from '@safeshore/domain';

type PatrolledToday = NonNullable<ListBeach['is_patrolled_today']>;

/** A beach as lists and the map show it: the summary, plus today's patrol and the sample flag when known. */
export type ShownBeach = BeachSummary & Partial<Pick<ListBeach, 'is_patrolled_today' | 'is_sample'>>;

/** "09:00" -> "9:00 am"; anything else is shown as sent. */
function wallTime(value: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return value;
  const hour = Number(match[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour < 12 ? 'am' : 'pm'}`;
}

/** "Patrolled today 9:00 am – 5:00 pm", "Patrolled today" or "Not patrolled today". */
export function patrolTodayText(today: PatrolledToday): string {
  if (today.flag !== 1) return 'Not patrolled today';
  return today.start && today.end
    ? `Patrolled today ${wallTime(today.start)} – ${wallTime(today.end)}`
    : 'Patrolled today';
}

/** Today's patrol when the server sent it, else what is known about patrols in season. */
export function patrolText(beach: ShownBeach): string {
  if (beach.is_patrolled_today) return patrolTodayText(beach.is_patrolled_today);
  if (beach.patrol === null) return 'Patrol information not available';
  return beach.patrol > 0 ? 'Patrolled in season' : 'Not patrolled';
}

/** Sample data must say so wherever it is shown. */
export function isSampleBeach(beach: ShownBeach): boolean {
  return Boolean(beach.is_sample || beach.is_patrolled_today?.is_sample);
}
