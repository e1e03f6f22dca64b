import type { ReactNode } from 'react';
import {
  formatDayHour,
  formatTickLabel,
  round2,
  type DataSource,
  type WeatherResponse,
} from '@safeshore/domain';
import { LineChart, type LineChartProps } from '../../../ui/LineChart.tsx';
import type { ChartAxis } from '../charts.ts';
import { SourceLine } from '../SourceLine.tsx';

/** What every conditions tab receives. */
export interface ConditionsTabProps {
  weather: WeatherResponse;
  now: Date;
  /** Now on the beach's wall clock (the charts' x axis). */
  nowValue: number;
}

/**
 * The one frame of the conditions tabs (Weather, Swell, Wind, Tide, UV, Radar): the facts, the
 * chart, a note, and where the figures came from and how old they are; or, when the provider had nothing for us, a plain
 * "not available right now" with the source if there is one.
 */
export function TabFrame({
  what,
  available,
  source,
  now,
  facts,
  note,
  predicted = false,
  children,
}: {
  /** "The tide prediction": said when nothing is available. */
  what: string;
  available: boolean;
  source: DataSource | null;
  now: Date;
  facts?: ReactNode;
  note?: ReactNode;
  /** Computed predictions (tides) carry no "updated … ago". */
  predicted?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="conditions-panel">
      {available ? (
        <>
          {facts}
          {children}
          {note && <p className="muted conditions-note">{note}</p>}
        </>
      ) : (
        <p className="muted">{what} is not available right now.</p>
      )}
      {/* The provider's credit sits with the page's sources (ConditionsSources), not between the tabs and the warnings. */}
      {source && <SourceLine source={source} now={now} predicted={predicted} compact />}
    </div>
  );
}

/** A group whose provider had nothing for us (the radar tab's fallback). */
export function Unavailable({ what, source, now }: { what: string; source: DataSource | null; now: Date }) {
  return <TabFrame what={what} available={false} source={source} now={now} />;
}

/** The tabs' hourly chart: the wall-clock axis, hour labels and two-decimal values. */
export function TabChart({
  axis,
  ...props
}: { axis: ChartAxis } & Pick<LineChartProps, 'title' | 'series' | 'yUnit' | 'markers'>) {
  return (
    <LineChart
      {...props}
      xDomain={axis.xDomain}
      xTicks={axis.xTicks}
      formatX={formatDayHour}
      formatTick={formatTickLabel}
      formatY={(y) => String(round2(y))}
    />
  );
}
