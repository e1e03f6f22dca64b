import { formatDay } from '../format.ts';
import { UvBar } from '../UvBar.tsx';
import { TabFrame, type ConditionsTabProps } from './TabFrame.tsx';

/** UV tab: the index now and each day's maximum, coloured by band on a bar capped at 11. */
export function UvTab({ weather, now }: ConditionsTabProps) {
  const current = weather.current.currentUV;
  return (
    <TabFrame
      what="The UV index"
      available={Boolean(current) || weather.uv.length > 0}
      source={weather.sources.forecast}
      now={now}
      facts={
        current && (
          <div className="uv-now">
            <h3>UV index now</h3>
            <UvBar index={current.index} status={current.status} />
          </div>
        )
      }
      note="When the UV index is 3 or above, protect your skin: slip, slop, slap, seek and slide."
    >
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
    </TabFrame>
  );
}
