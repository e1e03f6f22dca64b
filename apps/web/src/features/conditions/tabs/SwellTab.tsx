import {
  arrowDegreesFrom,
  compass16,
  formatDayHour,
  formatWeatherValue,
  localTimeValue,
  round2,
  thinDirectionArrows,
} from '@safeshore/domain';
import { chartAxis, toPoints } from '../charts.ts';
import { TabChart, TabFrame, type ConditionsTabProps } from './TabFrame.tsx';

/** Swell tab: height over the next 24 hours (hourly ticks) with direction arrows, and the water temperature. */
export function SwellTab({ weather, now, nowValue }: ConditionsTabProps) {
  const samples = weather.swell
    .map((p) => ({ ...p, x: localTimeValue(p.date_time_local) }))
    .filter((p) => Number.isFinite(p.x))
    .sort((a, b) => a.x - b.x);
  const points = toPoints(
    weather.swell,
    (p) => p.date_time_local,
    (p) => p.height,
  );
  const axis = chartAxis(
    'swell',
    points.map((p) => p.x),
    nowValue,
  );
  const water = formatWeatherValue(weather.current.weather?.water_temperatures, 'temperature');
  const shown = axis ? samples.filter((p) => axis.contains(p.x)) : [];
  const first = shown[0];
  const arrows = thinDirectionArrows(
    shown.filter((p) => p.direction !== null),
    (p) => p.direction!,
  );
  return (
    <TabFrame
      what="Swell"
      available={Boolean(axis || water)}
      source={weather.sources.marine}
      now={now}
      facts={
        <dl className="conditions-facts">
          {first && (
            <div>
              <dt>Swell at {formatDayHour(first.x)}</dt>
              <dd>
                {formatWeatherValue(first.height, 'height')}
                {first.direction !== null && ` from ${compass16(first.direction)}`}
                {first.period !== null && `, period ${round2(first.period)} s`}
              </dd>
            </div>
          )}
          {water && (
            <div>
              <dt>Water temperature</dt>
              <dd>{water}</dd>
            </div>
          )}
        </dl>
      }
    >
      {axis && (
        <TabChart
          axis={axis}
          title="Swell height (m)"
          yUnit="m"
          series={[
            { name: 'Swell height', color: '#0a5fb4', points: points.filter((p) => axis.contains(p.x)) },
          ]}
          markers={arrows.map((p) => ({
            x: p.x,
            y: p.height,
            direction: arrowDegreesFrom(p.direction!),
            label: `Swell from ${compass16(p.direction!)}, ${formatDayHour(p.x)}`,
          }))}
        />
      )}
    </TabFrame>
  );
}
