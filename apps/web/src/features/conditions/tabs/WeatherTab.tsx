import { formatWeatherValue } from '@safeshore/domain';
import { chartAxis, toPoints } from '../charts.ts';
import { formatDay } from '../format.ts';
import { WeatherIcon } from '../WeatherIcon.tsx';
import { TabChart, TabFrame, type ConditionsTabProps } from './TabFrame.tsx';

/** Weather tab: the daily forecast and the air temperature chart (ticks every 6 hours). */
export function WeatherTab({ weather, now, nowValue }: ConditionsTabProps) {
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
  return (
    <TabFrame
      what="The weather forecast"
      available={weather.forecast.length > 0 || points.length > 0}
      source={weather.sources.forecast}
      now={now}
      facts={
        weather.forecast.length > 0 && (
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
        )
      }
    >
      {axis && (
        <TabChart
          axis={axis}
          title="Air temperature (°C)"
          yUnit="°C"
          series={[
            { name: 'Air temperature', color: '#c62828', points: points.filter((p) => axis.contains(p.x)) },
          ]}
        />
      )}
    </TabFrame>
  );
}
