import {
  formatDayHour,
  formatTickLabel,
  formatWeatherValue,
  round2,
  type WeatherResponse,
} from '@safeshore/domain';
import { LineChart } from '../../../ui/LineChart.tsx';
import { chartAxis, toPoints } from '../charts.ts';
import { formatDay } from '../format.ts';
import { SourceLine } from '../SourceLine.tsx';
import { WeatherIcon } from '../WeatherIcon.tsx';

/** Weather tab: the daily forecast and the air temperature chart (ticks every 6 hours). */
export function WeatherTab({
  weather,
  now,
  nowValue,
}: {
  weather: WeatherResponse;
  now: Date;
  nowValue: number;
}) {
  const points = toPoints(
    weather.temperature,
    (p) => p.date_time_local,
    (p) => p.air_temp,
  );
  const axis = chartAxis(
    'temperature',
    points.map((p) => p.x),
    nowValue,
  );
  const source = weather.sources.forecast;
  if (weather.forecast.length === 0 && points.length === 0) {
    return <Unavailable what="The weather forecast" source={source} now={now} />;
  }
  return (
    <div className="conditions-panel">
      {weather.forecast.length > 0 && (
        <ul className="forecast" aria-label="Daily forecast">
          {weather.forecast.map((day) => {
            const min = formatWeatherValue(day.air_temperature_minimum, 'temperature');
            const max = formatWeatherValue(day.air_temperature_maximum, 'temperature');
            return (
              <li key={day.date} className="forecast__day">
                <p className="forecast__date">{formatDay(day.date)}</p>
                <WeatherIcon code={day.forecast_icon_code} label={day.precis ? '' : undefined} />
                <p className="forecast__precis">{day.precis ?? 'No summary'}</p>
                <p className="forecast__temps">
                  {min && <span>Min {min}</span>}
                  {min && max && ' · '}
                  {max && <span>Max {max}</span>}
                  {!min && !max && <span className="muted">No temperatures</span>}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {axis && (
        <LineChart
          title="Air temperature (°C)"
          series={[
            { name: 'Air temperature', color: '#c62828', points: points.filter((p) => axis.contains(p.x)) },
          ]}
          xDomain={axis.xDomain}
          xTicks={axis.xTicks}
          formatX={formatDayHour}
          formatTick={formatTickLabel}
          yUnit="°C"
          formatY={(y) => String(round2(y))}
        />
      )}
      {source && <SourceLine source={source} now={now} />}
    </div>
  );
}

/** A group whose provider had nothing for us: say so plainly, with the source if there is one. */
export function Unavailable({
  what,
  source,
  now,
}: {
  what: string;
  source: WeatherResponse['sources']['forecast'];
  now: Date;
}) {
  return (
    <div className="conditions-panel">
      <p className="muted">{what} is not available right now.</p>
      {source && <SourceLine source={source} now={now} />}
    </div>
  );
}
