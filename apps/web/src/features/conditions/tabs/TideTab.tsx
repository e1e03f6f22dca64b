import { formatDayHour, formatWeatherValue, localTimeValue, tideArrow } from '@safeshore/domain';
import { DirectionArrowIcon } from '../../../ui/icons/index.ts';
import { chartAxis } from '../charts.ts';
import { TabChart, TabFrame, type ConditionsTabProps } from './TabFrame.tsx';

const TIDE_STATE_TEXT = { low: 'Low tide', high: 'High tide', rising: 'Rising', falling: 'Falling' } as const;

/** Tide tab: the predicted curve over the next 24 hours (hourly ticks) with high and low marked, and the tide times. */
export function TideTab({ weather, now, nowValue }: ConditionsTabProps) {
  const samples = weather.tides
    .map((p) => ({ ...p, x: localTimeValue(p.date_time_local) }))
    .filter((p) => Number.isFinite(p.x))
    .sort((a, b) => a.x - b.x);
  const axis = chartAxis(
    'tide',
    samples.map((p) => p.x),
    nowValue,
  );
  const shown = axis ? samples.filter((p) => axis.contains(p.x)) : [];
  const turns = shown.filter((p) => p.type !== null);
  const current = weather.current.currentTide;
  const station = weather.tide_station;
  return (
    <TabFrame
      what="The tide prediction"
      available={axis !== null}
      source={weather.sources.tides}
      now={now}
      predicted
      facts={
        current && (
          <p className="tide-now" data-testid="tide-now">
            {/* Down while low or falling, up while rising or high; the words say which. */}
            <DirectionArrowIcon size={20} degrees={tideArrow(current.state) === 'down' ? 180 : 0} />{' '}
            <strong>{`${TIDE_STATE_TEXT[current.state]}, ${formatWeatherValue(current.height, 'height')}`}</strong>
          </p>
        )
      }
      note={
        station &&
        `Predicted for ${station.name}, ${(station.distance_m / 1000).toFixed(2)} km from the beach. Heights are above Lowest Astronomical Tide (LAT). Predictions do not include the effect of weather.`
      }
    >
      {axis && (
        <TabChart
          axis={axis}
          title="Tide height (m above LAT)"
          yUnit="m"
          series={[
            { name: 'Tide height', color: '#00695c', points: shown.map((p) => ({ x: p.x, y: p.height })) },
          ]}
          markers={turns.map((p) => ({
            x: p.x,
            y: p.height,
            direction: p.type === 'high' ? ('up' as const) : ('down' as const),
            label: `${p.type === 'high' ? 'High' : 'Low'} tide ${formatWeatherValue(p.height, 'height')}, ${formatDayHour(p.x)}`,
          }))}
        />
      )}
      {turns.length > 0 && (
        <table className="tide-times">
          <caption>Tide times</caption>
          <thead>
            <tr>
              <th scope="col">Tide</th>
              <th scope="col">Time</th>
              <th scope="col">Height</th>
            </tr>
          </thead>
          <tbody>
            {turns.map((p) => (
              <tr key={p.x}>
                <th scope="row">
                  <DirectionArrowIcon size={16} degrees={p.type === 'high' ? 0 : 180} />{' '}
                  {p.type === 'high' ? 'High' : 'Low'}
                </th>
                <td>{formatDayHour(p.x)}</td>
                <td>{formatWeatherValue(p.height, 'height')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TabFrame>
  );
}
