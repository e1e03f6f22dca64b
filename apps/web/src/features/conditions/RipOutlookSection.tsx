import { Link } from 'react-router';
import {
  RIP_LEVEL_WORDS,
  RIP_LEVEL_THRESHOLDS,
  RIP_TEXT,
  addDays,
  chartTicks,
  compass16,
  formatDayHour,
  formatHour,
  formatTickLabel,
  localDate,
  localNowValue,
  ripOutlookAge,
  ripSourceText,
  type Beach,
  type RipOutlook,
  type RipOutlookDay,
} from '@safeshore/domain';
import { useRipOutlook } from '../../data/rip.ts';
import { RipCurrentIcon } from '../../ui/icons/index.ts';
import { LineChart, type ChartBand } from '../../ui/LineChart.tsx';
import { formatDay } from './format.ts';
import './rip-outlook.css';

const ARTICLE = '/surf-safety/rip-outlook';
/** The level bands (rip-outlook.ts): low under 25 %, moderate to 50 %, high from 50 %. */
const BANDS: ChartBand[] = [
  { from: 0, to: RIP_LEVEL_THRESHOLDS.moderate, label: 'Low', className: 'chart__band--low' },
  {
    from: RIP_LEVEL_THRESHOLDS.moderate,
    to: RIP_LEVEL_THRESHOLDS.high,
    label: 'Moderate',
    className: 'chart__band--moderate',
  },
  { from: RIP_LEVEL_THRESHOLDS.high, to: 100, label: 'High', className: 'chart__band--high' },
];
const Y_TICKS = [0, RIP_LEVEL_THRESHOLDS.moderate, RIP_LEVEL_THRESHOLDS.high, 75, 100];

/**
 * The conditions card's rip-current outlook (issue 29): today's and the next two days' hourly
 * likelihood against the level bands with each day's peak, and under it what it is: a model
 * outlook, its sources and age, how well it has been checked here, and that the flags and the
 * lifesavers come first. No outlook says so, with the reason, never "low". Offline it is the last
 * one kept on this device, with its age.
 */
export function RipOutlookSection({
  beach,
  now,
  hydrating,
}: {
  beach: Beach;
  now: Date;
  hydrating: boolean;
}) {
  const query = useRipOutlook(beach);
  const { mode } = query;
  // As the rest of the card: the server never has it, so hydration renders it loading too.
  const data = hydrating ? undefined : query.data;

  let body;
  if (data) {
    body = data.available ? (
      <Outlook outlook={data} now={now} kept={mode === 'offline'} />
    ) : (
      <>
        <p className="rip-outlook__none" data-testid="rip-outlook-none">
          {data.reason ?? `${RIP_TEXT.noOutlook}.`}
        </p>
        <p className="muted">
          That means we don’t know, not that rips are unlikely.{' '}
          <Link to={ARTICLE}>About the rip outlook</Link>
        </p>
      </>
    );
  } else if (data === null) {
    body = (
      <p className="muted">
        No rip outlook has been kept on this device for this beach. Go online to see it.
      </p>
    );
  } else if (!hydrating && query.waitsForNetwork) {
    body = <p className="muted">Go online to see the rip outlook for this beach.</p>;
  } else if (!hydrating && query.error) {
    body = (
      <div className="conditions__error">
        <p className="muted">The rip outlook is not available right now.</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          Try again <span className="visually-hidden">to load the rip outlook</span>
        </button>
      </div>
    );
  } else {
    body = (
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the rip outlook…
      </p>
    );
  }

  return (
    <section className="rip-outlook" aria-labelledby="rip-outlook-heading" data-testid="rip-outlook">
      <h3 id="rip-outlook-heading" className="rip-outlook__heading">
        <RipCurrentIcon size={20} /> Rip current outlook
      </h3>
      {body}
    </section>
  );
}

/** "Today", "Tomorrow" or "Tue 24 Nov". */
function dayName(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return formatDay(date);
}

function peakWords(day: RipOutlookDay, timeZone: string): string {
  if (day.peak_likelihood === null || !day.peak_time) return 'No forecast for that day';
  const at = formatHour(localNowValue(new Date(day.peak_time), timeZone));
  return `peak ${Math.round(day.peak_likelihood)} % at ${at}`;
}

/** "The beach faces SSE (162°), from the OpenStreetMap coastline (medium confidence: …)." */
function shoreWords(normal: NonNullable<RipOutlook['shore_normal']>): string {
  const faces = `The beach faces ${compass16(normal.degrees)} (${Math.round(normal.degrees)}°)`;
  const note = normal.note?.replace(/\.$/, '');
  if (normal.source === 'import') return `${faces}, as set by an operator${note ? ` (${note})` : ''}.`;
  const doubt = normal.confidence && normal.confidence !== 'high' ? `${normal.confidence} confidence` : null;
  const detail = [doubt, note].filter(Boolean).join(': ');
  return `${faces}, from the OpenStreetMap coastline${detail ? ` (${detail})` : ''}.`;
}

function Outlook({ outlook, now, kept }: { outlook: RipOutlook; now: Date; kept: boolean }) {
  const zone = outlook.timezone;
  const today = localDate(now, zone);
  // A kept copy may be days old: only today and the days after it are shown.
  const days = outlook.days.filter((day) => day.date >= today);
  const points = outlook.hours
    .filter((hour) => localDate(new Date(hour.time), zone) >= today)
    .map((hour) => ({ x: localNowValue(new Date(hour.time), zone), y: hour.likelihood }));
  const age = ripOutlookAge(outlook, now);
  const normal = outlook.shore_normal;
  const first = points[0]?.x;
  const last = points[points.length - 1]?.x;

  return (
    <>
      {days.length === 0 || first === undefined || last === undefined || first >= last ? (
        <p className="muted">The last rip outlook kept on this device is for days that have passed.</p>
      ) : (
        <>
          <LineChart
            title="Rip current likelihood (%), hourly model outlook"
            series={[{ name: 'Rip likelihood', color: '#1d4f91', points }]}
            xDomain={[first, last]}
            xTicks={chartTicks(first, last, 6)}
            formatX={formatDayHour}
            formatTick={formatTickLabel}
            yUnit="%"
            formatY={(y) => String(Math.round(y))}
            yTicks={Y_TICKS}
            bands={BANDS}
            nowX={localNowValue(now, zone)}
            markers={days.flatMap((day) =>
              day.peak_time && day.peak_likelihood !== null && day.level
                ? [
                    {
                      x: localNowValue(new Date(day.peak_time), zone),
                      y: day.peak_likelihood,
                      label: `${dayName(day.date, today)}: ${RIP_LEVEL_WORDS[day.level]}, ${peakWords(day, zone)}`,
                    },
                  ]
                : [],
            )}
          />
          <ul className="rip-days" aria-label="Rip outlook by day">
            {days.map((day) => (
              <li key={day.date} className={`rip-day rip-day--${day.level ?? 'unknown'}`}>
                <span className="rip-day__date">{dayName(day.date, today)}</span>
                <span className="rip-day__level">{day.level ? RIP_LEVEL_WORDS[day.level] : 'Not known'}</span>
                <span className="rip-day__peak">{peakWords(day, zone)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="rip-outlook__label" data-testid="rip-outlook-label">
        <p>
          <strong className="model-label">{RIP_TEXT.label}</strong>
          {age && ` · computed ${age.text}`}
          {age?.stale && <span className="stale-badge">Out of date</span>}
          {kept && ' · kept on this device; go online for a newer one'}
        </p>
        <p>{outlook.standing.text}</p>
        <p className="rip-outlook__first">{RIP_TEXT.lifesaversFirst}</p>
        <p className="rip-outlook__meta">
          {outlook.model.coefficients === 'regional' && outlook.model.region
            ? `${outlook.model.name}, recalibrated for ${outlook.model.region} on ${outlook.model.fitted_observations ?? 'its'} lifesaver observations.`
            : `${outlook.model.name}, with its published coefficients.`}
          {normal && ` ${shoreWords(normal)}`}
        </p>
        <h4 className="rip-outlook__sources-heading">Sources</h4>
        <ul className="rip-outlook__sources">
          {outlook.sources.map((source) => (
            <li key={source.name}>
              {source.url ? (
                <a href={source.url} target="_blank" rel="noopener noreferrer">
                  {source.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                source.name
              )}
              : {ripSourceText(source.attribution, now, zone)}
            </li>
          ))}
        </ul>
        <p>
          <Link to={ARTICLE}>What the rip outlook is, and what it is not</Link>
        </p>
      </div>
    </>
  );
}
