import { formatAge, formatAgeSeconds, waterQualityAdvice, type WaterQuality } from '@safeshore/domain';
import './water-quality.css';

/**
 * NSW Beachwatch water quality (issue 19): the pollution forecast in plain words, when it was
 * issued and the latest sample, with the site, source and licence. Shown only for beaches that have
 * a site: a beach without one shows nothing (which means no information, not clean water).
 */

export type WaterQualityTone = 'ok' | 'caution' | 'danger' | 'unknown';

export function waterQualityTone(forecast: WaterQuality['forecast']): WaterQualityTone {
  return forecast === 'unlikely'
    ? 'ok'
    : forecast === 'possible'
      ? 'caution'
      : forecast === 'likely'
        ? 'danger'
        : 'unknown';
}

/** The lines under the headline: issue time, latest sample (both with ages). */
export function waterQualityLines(wq: WaterQuality, now: Date, timeZone: string): string[] {
  const lines: string[] = [];
  if (wq.forecast === 'unknown' && wq.forecast_text) lines.push(`Beachwatch says: “${wq.forecast_text}”`);
  if (wq.forecast_at) lines.push(`Forecast issued ${formatAge(wq.forecast_at, now, timeZone)}`);
  if (wq.latest_result || wq.latest_result_rating !== null) {
    const result = wq.latest_result ?? 'Result';
    const rating =
      wq.latest_result_rating !== null ? ` (rated ${wq.latest_result_rating} on a scale of 1 to 4)` : '';
    const taken = wq.sampled_at ? `, sample taken ${formatAge(wq.sampled_at, now, timeZone)}` : '';
    lines.push(`Latest water sample: ${result}${rating}${taken}`);
  } else {
    lines.push('No recent water sample result');
  }
  return lines;
}

export function waterQualitySource(wq: WaterQuality, now: Date, timeZone: string): string {
  return `Source: ${wq.source.name}, site “${wq.site.name}” (${formatDistance(wq.site.distance_m)} from the beach), updated ${formatAgeSeconds(wq.age_seconds, now, timeZone)}. ${wq.source.attribution}`;
}

function formatDistance(metres: number): string {
  return metres < 1000 ? `${metres} m` : `${(metres / 1000).toFixed(1)} km`;
}

function StaleMark({ wq }: { wq: WaterQuality }) {
  return wq.stale ? (
    <p className="water-quality__stale">
      <span className="stale-badge">Out of date</span> Beachwatch could not be reached: this is the last
      forecast we have and it may be out of date.
    </p>
  ) : null;
}

/** The card in the beach page's Conditions area. */
export function WaterQualityCard({ wq, now, timeZone }: { wq: WaterQuality; now: Date; timeZone: string }) {
  const { headline, advice } = waterQualityAdvice(wq.forecast);
  const tone = waterQualityTone(wq.forecast);
  return (
    <section
      className={`card water-quality water-quality--${tone}`}
      aria-labelledby="water-quality-heading"
      data-testid="water-quality"
    >
      <h2 id="water-quality-heading">Water quality</h2>
      <p className="water-quality__headline">
        <strong>{headline}</strong>: {advice}
      </p>
      <ul className="water-quality__facts">
        {waterQualityLines(wq, now, timeZone).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <StaleMark wq={wq} />
      <p className="muted water-quality__source">
        {waterQualitySource(wq, now, timeZone)}{' '}
        <a href={wq.source.url} target="_blank" rel="noopener noreferrer">
          Beachwatch<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </section>
  );
}

/** The item in the "Right now" panel's status list (an <li>). */
export function WaterQualityRightNowItem({
  wq,
  now,
  timeZone,
}: {
  wq: WaterQuality;
  now: Date;
  timeZone: string;
}) {
  const { headline, advice } = waterQualityAdvice(wq.forecast);
  return (
    <li className={`rn-item rn-item--${waterQualityTone(wq.forecast)}`} data-testid="right-now-water-quality">
      <div>
        <h3 className="rn-item__label">Water quality</h3>
        <p className="rn-item__value">{headline}</p>
        <p>{advice}</p>
        {wq.forecast_at && <p>Forecast issued {formatAge(wq.forecast_at, now, timeZone)}</p>}
        {wq.stale && (
          <p>
            <span className="stale-badge">Out of date</span> possibly out of date
          </p>
        )}
        <p className="rn-item__source">
          Source: {wq.source.name}, {wq.source.licence}
        </p>
      </div>
    </li>
  );
}

/** One line for a beach in a place list: the forecast in plain words with its age and source. */
export function WaterQualityListLine({
  wq,
  now,
  timeZone,
}: {
  wq: WaterQuality;
  now: Date;
  timeZone: string;
}) {
  const { headline } = waterQualityAdvice(wq.forecast);
  const issued = wq.forecast_at ? `, issued ${formatAge(wq.forecast_at, now, timeZone)}` : '';
  return (
    <p
      className={`beach-card__water water-quality-line water-quality-line--${waterQualityTone(wq.forecast)}`}
      data-testid="list-water-quality"
    >
      Water: {headline}
      {issued}
      {wq.stale && ' (possibly out of date)'} · {wq.source.name}
    </p>
  );
}
