import {
  arrowDegreesFrom,
  compass16,
  formatDayHour,
  formatTickLabel,
  formatWeatherValue,
  localTimeValue,
  round2,
  thinDirectionArrows,
  type WeatherResponse,
} from '@safeshore/domain';
import { LineChart } from '../../../ui/LineChart.tsx';
import { chartAxis, toPoints } from '../charts.ts';
import { SourceLine } from '../SourceLine.tsx';
import { Unavailable } from './WeatherTab.tsx';

/**
 * Wind tab: speed over the next 24 hours (hourly ticks) with an arrow, on the 16-point compass,
 * only where the direction changed by more than 15 degrees.
 */
export function WindTab({
  weather,
  now,
  nowValue,
}: {
  weather: WeatherResponse;
  now: Date;
  nowValue: number;
}) {
  const source = weather.sources.forecast;
  const points = toPoints(
    weather.windSpeed,
    (p) => p.date_time_local,
    (p) => p.wind_speed,
  );
  const axis = chartAxis(
    'wind',
    points.map((p) => p.x),
    nowValue,
  );
  if (!axis) return <Unavailable what="Wind" source={source} now={now} />;
  const shown = points.filter((p) => axis.contains(p.x));
  const speedAt = new Map(shown.map((p) => [p.x, p.y]));
  const directions = weather.windDirection
    .map((p) => ({ x: localTimeValue(p.date_time_local), degrees: p.wind_direction }))
    .filter((p) => speedAt.has(p.x))
    .sort((a, b) => a.x - b.x);
  const arrows = thinDirectionArrows(directions, (p) => p.degrees);
  const current = weather.current.weather;
  const currentSpeed = formatWeatherValue(current?.wind_spd_kmh, 'speed');
  return (
    <div className="conditions-panel">
      {(currentSpeed || current?.wind_dir) && (
        <dl className="conditions-facts">
          <div>
            <dt>Wind now</dt>
            <dd>{[current?.wind_dir, currentSpeed].filter(Boolean).join(' ')}</dd>
          </div>
        </dl>
      )}
      <LineChart
        title="Wind speed (km/h)"
        series={[{ name: 'Wind speed', color: '#13315c', points: shown }]}
        xDomain={axis.xDomain}
        xTicks={axis.xTicks}
        formatX={formatDayHour}
        formatTick={formatTickLabel}
        yUnit="km/h"
        formatY={(y) => String(round2(y))}
        markers={arrows.map((p) => ({
          x: p.x,
          y: speedAt.get(p.x)!,
          direction: arrowDegreesFrom(p.degrees),
          label: `Wind from ${compass16(p.degrees)}, ${formatDayHour(p.x)}`,
        }))}
      />
      {arrows.length > 0 && (
        <p className="muted conditions-note">
          Arrows show where the wind blows to, drawn where its direction changes by more than 15°.
        </p>
      )}
      {source && <SourceLine source={source} now={now} />}
    </div>
  );
}
