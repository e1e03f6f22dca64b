import {
  CHART_TICK_HOURS,
  chartTicks,
  chartWindow,
  localTimeValue,
  type WeatherChart,
} from '@safeshore/domain';

export interface ChartPoint {
  x: number;
  y: number;
}

/** Hours the hourly charts (swell, wind, tide) show; the temperature chart shows every point sent. */
export const HOURLY_CHART_HOURS = 24;

/** Points on the wall-clock axis, in time order; entries with a malformed time or no value are left out. */
export function toPoints<T>(
  items: readonly T[],
  time: (item: T) => string,
  value: (item: T) => number | null,
): ChartPoint[] {
  return items
    .flatMap((item) => {
      const x = localTimeValue(time(item));
      const y = value(item);
      return Number.isFinite(x) && y !== null && Number.isFinite(y) ? [{ x, y }] : [];
    })
    .sort((a, b) => a.x - b.x);
}

export interface ChartAxis {
  xDomain: [number, number];
  xTicks: number[];
  /** Whether x lies in the shown stretch. */
  contains(x: number): boolean;
}

/**
 * The x axis of one chart: the temperature chart spans all its points with 6-hourly ticks; the
 * others show the next 24 hours from now (or from their first point) with hourly ticks.
 */
export function chartAxis(chart: WeatherChart, xs: readonly number[], nowValue: number): ChartAxis | null {
  const window =
    chart === 'temperature'
      ? xs.length > 0
        ? ([Math.min(...xs), Math.max(...xs)] as [number, number])
        : null
      : chartWindow(xs, nowValue, HOURLY_CHART_HOURS);
  if (!window || window[1] <= window[0]) return null;
  const [start, end] = window;
  return {
    xDomain: window,
    xTicks: chartTicks(start, end, CHART_TICK_HOURS[chart]),
    contains: (x) => x >= start && x <= end,
  };
}
