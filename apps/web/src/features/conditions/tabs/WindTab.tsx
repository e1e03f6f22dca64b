import {
  arrowDegreesFrom,
  compass16,
  formatDayHour,
  formatWeatherValue,
  localTimeValue,
  thinDirectionArrows,
} from '@safeshore/domain';
import { chartAxis, toPoints } from '../charts.ts';
import { TabChart, TabFrame, type ConditionsTabProps } from './TabFrame.tsx';

/**
 * Wind tab: speed over the next 24 hours (hourly ticks) with an arrow, on the 16-point compass,
 * only where the direction changed by more than 15 degrees.
 */
export function WindTab({ weather, now, nowValue }: ConditionsTabProps) {
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
  const shown = axis ? points.filter((p) => axis.contains(p.x)) : [];
  const speedAt = new Map(shown.map((p) => [p.x, p.y]));
  const directions = weather.windDirection
    .map((p) => ({ x: localTimeValue(p.date_time_local), degrees: p.wind_direction }))
    .filter((p) => speedAt.has(p.x))
    .sort((a, b) => a.x - b.x);
  const arrows = thinDirectionArrows(directions, (p) => p.degrees);
  const current = weather.current.weather;
  const currentSpeed = formatWeatherValue(current?.wind_spd_kmh, 'speed');
  return (
    <TabFrame
      what="Wind"
      available={axis !== null}
      source={weather.sources.forecast}
      now={now}
      facts={
        (currentSpeed || current?.wind_dir) && (
          <dl className="conditions-facts">
            <div>
              <dt>Wind now</dt>
              <dd>{[current?.wind_dir, currentSpeed].filter(Boolean).join(' ')}</dd>
            </div>
          </dl>
        )
      }
      note={
        arrows.length > 0 &&
        'Arrows show where the wind blows to, drawn where its direction changes by more than 15°.'
      }
    >
      {axis && (
        <TabChart
          axis={axis}
          title="Wind speed (km/h)"
          yUnit="km/h"
          series={[{ name: 'Wind speed', color: '#13315c', points: shown }]}
          markers={arrows.map((p) => ({
            x: p.x,
            y: speedAt.get(p.x)!,
            direction: arrowDegreesFrom(p.degrees),
            label: `Wind from ${compass16(p.degrees)}, ${formatDayHour(p.x)}`,
          }))}
        />
      )}
    </TabFrame>
  );
}
