import type { WeatherResponse } from '@safeshore/domain';
import { formatDay } from '../format.ts';
import { SourceLine } from '../SourceLine.tsx';
import { UvBar } from '../UvBar.tsx';
import { Unavailable } from './WeatherTab.tsx';

/** UV tab: the index now and each day's maximum, coloured by band on a bar capped at 11. */
export function UvTab({ weather, now }: { weather: WeatherResponse; now: Date }) {
  const source = weather.sources.forecast;
  const current = weather.current.currentUV;
  if (!current && weather.uv.length === 0)
    return <Unavailable what="The UV index" source={source} now={now} />;
  return (
    <div className="conditions-panel">
      {current && (
        <div className="uv-now">
          <h3>UV index now</h3>
          <UvBar index={current.index} status={current.status} />
        </div>
      )}
      {weather.uv.length > 0 && (
        <ul className="uv-days" aria-label="Daily maximum UV index">
          {weather.uv.map((day) => (
            <li key={day.date} className="uv-day">
              <p className="uv-day__date">{formatDay(day.date)}</p>
              <UvBar index={day.index} status={day.status} />
              {day.description && <p className="uv-day__description">{day.description}</p>}
            </li>
          ))}
        </ul>
      )}
      <p className="muted conditions-note">
        When the UV index is 3 or above, protect your skin: slip, slop, slap, seek and slide.
      </p>
      {source && <SourceLine source={source} now={now} />}
    </div>
  );
}
