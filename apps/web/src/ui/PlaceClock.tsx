import { formatPlaceTime, placeTimeZone, showsPlaceClock } from '@safeshore/domain';

const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Spec section 9: the place's own clock, shown only when the browser's time zone differs from the
 * place's at this moment (a visitor in Perth looking at Bondi sees Sydney's time; someone in
 * Sydney sees nothing). Presentational: `now` comes from the parent.
 */
export function PlaceClock({
  timeZone,
  now,
  browserTimeZone = BROWSER_TIME_ZONE,
}: {
  timeZone: string | null | undefined;
  now: Date;
  browserTimeZone?: string;
}) {
  if (!showsPlaceClock(browserTimeZone, timeZone, now)) return null;
  const zone = placeTimeZone(timeZone);
  return (
    <p className="place-clock" data-testid="place-clock">
      Local time here: <time dateTime={now.toISOString()}>{formatPlaceTime(now, now, zone)}</time>
    </p>
  );
}
