import { useEffect, useId, useRef, useState } from 'react';

export interface LineSeries {
  name: string;
  color: string;
  /** A null y is a gap in the line (no reading), never drawn as zero. */
  points: Array<{ x: number; y: number | null }>;
}

export interface ChartMarker {
  x: number;
  y: number;
  label: string;
  /** Where the arrow points: up, down, or degrees clockwise from up. */
  direction?: 'up' | 'down' | number;
}

/** A horizontal band behind the lines (levels of a value), named at its foot on the plot's right edge. */
export interface ChartBand {
  from: number;
  to: number;
  label: string;
  /** Its fill and label colour come from CSS (`chart__band--…`). */
  className: string;
}

export interface LineChartProps {
  title: string;
  series: LineSeries[];
  xDomain: [number, number];
  xTicks: number[];
  formatX: (x: number) => string;
  yUnit?: string;
  formatY?: (y: number) => string;
  height?: number;
  markers?: ChartMarker[];
  /** Heading of the x column in the screen-reader table. */
  xLabel?: string;
  /** Axis tick labels when they should be shorter than formatX ("6 am" rather than "Tue 6 am"). */
  formatTick?: (x: number) => string;
  /** A fixed y axis (first tick to last) instead of one fitted to the data, e.g. 0 to 100 %. */
  yTicks?: number[];
  bands?: ChartBand[];
  /** Where now is on the x axis: a labelled vertical line when it falls inside the domain. */
  nowX?: number;
}

const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 260;
const PAD = { top: 12, right: 14, bottom: 30, left: 44 };
/** Tick labels closer than this (px) are thinned so they never overlap. */
const MIN_LABEL_GAP = 40;
/** Dash patterns per series, so lines differ by more than colour (WCAG 1.4.1). */
const DASHES = ['', '7 4', '2 4', '10 4 2 4', '4 2'];

/** 1, 2, 2.5 or 5 times a power of ten at or above `value`, for a readable axis step. */
function niceStep(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const fraction = value / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** The y axis: from 0 (or below it when data is negative) to a nice maximum, about 4 steps. */
export function yScale(values: number[]): { min: number; max: number; ticks: number[] } {
  const dataMin = Math.min(0, ...values);
  const dataMax = Math.max(0, ...values);
  if (dataMax === dataMin) return { min: dataMin, max: dataMin + 1, ticks: [dataMin, dataMin + 1] };
  const step = niceStep((dataMax - dataMin) / 4);
  const min = Math.floor(dataMin / step) * step;
  const max = Math.ceil(dataMax / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's precision so 0.1 + 0.2 never prints as 0.30000000000000004.
  for (let i = 0; min + i * step <= max + step / 1e6; i++)
    ticks.push(Number((min + i * step).toPrecision(12)));
  return { min, max, ticks };
}

function arrowAngle(direction: ChartMarker['direction']): number {
  if (direction === 'down') return 180;
  if (direction === undefined || direction === 'up') return 0;
  return direction;
}

/** Width of the element, following resizes where the browser can tell us. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(Math.max(MIN_WIDTH, measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * A small SVG line chart: y from 0 to a nice maximum with gridlines, a legend, optional arrow
 * markers, and for screen readers an image summary plus a visually hidden data table. The drawing
 * uses the element's own pixel width, so text keeps its size on narrow screens. No animation.
 */
export function LineChart({
  title,
  series,
  xDomain,
  xTicks,
  formatX,
  yUnit,
  formatY = (y) => String(Math.round(y * 100) / 100),
  height = 240,
  markers = [],
  xLabel = 'Time',
  formatTick = formatX,
  yTicks,
  bands = [],
  nowX,
}: LineChartProps) {
  const { ref, width } = useWidth();
  const titleId = useId();
  const unit = yUnit ? ` ${yUnit}` : '';
  const values = series.flatMap((s) => s.points.flatMap((p) => (p.y === null ? [] : [p.y])));
  const { min, max, ticks } =
    yTicks && yTicks.length > 1
      ? { min: yTicks[0]!, max: yTicks[yTicks.length - 1]!, ticks: yTicks }
      : yScale([...values, ...markers.map((m) => m.y)]);
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const [x0, x1] = xDomain;
  const sx = (x: number) => PAD.left + ((x - x0) / (x1 - x0 || 1)) * plotW;
  const sy = (y: number) => PAD.top + plotH - ((y - min) / (max - min)) * plotH;

  const gap = Math.min(plotW, ...xTicks.slice(1).map((t, i) => sx(t) - sx(xTicks[i]!)));
  const every = gap > 0 ? Math.max(1, Math.ceil(MIN_LABEL_GAP / gap)) : 1;

  const summary = series
    .map((s) => {
      const ys = s.points.flatMap((p) => (p.y === null ? [] : [p.y]));
      if (ys.length === 0) return `${s.name}: no data`;
      return `${s.name} from ${formatY(Math.min(...ys))} to ${formatY(Math.max(...ys))}${unit}`;
    })
    .join('; ');
  const label = `${title}, ${formatX(x0)} to ${formatX(x1)}. ${summary}.`;

  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);

  return (
    <figure className="chart" ref={ref}>
      <figcaption id={titleId} className="chart__title">
        {title}
      </figcaption>
      <svg
        className="chart__svg"
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        preserveAspectRatio="xMidYMid meet"
      >
        {bands.map((band) => {
          const top = sy(Math.min(max, band.to));
          const bottom = sy(Math.max(min, band.from));
          return (
            <g key={band.label} className={`chart__band ${band.className}`}>
              <rect x={PAD.left} y={top} width={plotW} height={Math.max(0, bottom - top)} />
              {/* At the band's foot: a line's peaks (and their markers) sit at its top. */}
              <text x={width - PAD.right - 4} y={bottom - 4} textAnchor="end">
                {band.label}
              </text>
            </g>
          );
        })}
        <g className="chart__grid">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={width - PAD.right} y1={sy(t)} y2={sy(t)} />
              <text x={PAD.left - 6} y={sy(t)} textAnchor="end" dominantBaseline="middle">
                {formatY(t)}
              </text>
            </g>
          ))}
        </g>
        <g className="chart__axis" data-testid="chart-x-axis">
          <line x1={PAD.left} x2={width - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} />
          {xTicks.map((t, i) =>
            i % every === 0 ? (
              <text key={t} x={sx(t)} y={height - 8} textAnchor="middle">
                {formatTick(t)}
              </text>
            ) : null,
          )}
        </g>
        {nowX !== undefined && nowX >= x0 && nowX <= x1 && (
          <g className="chart__now">
            <line x1={sx(nowX)} x2={sx(nowX)} y1={PAD.top} y2={PAD.top + plotH} />
            <text x={sx(nowX) + 4} y={PAD.top + 2} dominantBaseline="hanging">
              Now
            </text>
          </g>
        )}
        {series.map((s, index) => {
          const segments: Array<Array<{ x: number; y: number }>> = [[]];
          for (const p of s.points) {
            if (p.y === null) segments.push([]);
            else segments[segments.length - 1]!.push({ x: p.x, y: p.y });
          }
          return (
            <g key={s.name} className="chart__series" data-series={s.name}>
              {segments
                .filter((seg) => seg.length > 1)
                .map((seg, i) => (
                  <path
                    key={i}
                    d={seg.map((p, j) => `${j === 0 ? 'M' : 'L'}${sx(p.x)},${sy(p.y)}`).join(' ')}
                    fill="none"
                    stroke={s.color}
                    strokeWidth={2.5}
                    strokeDasharray={DASHES[index % DASHES.length] || undefined}
                    strokeLinejoin="round"
                    strokeLinecap="round"
                  />
                ))}
              {s.points.map((p) =>
                p.y === null ? null : (
                  <circle key={p.x} cx={sx(p.x)} cy={sy(p.y)} r={3} fill={s.color}>
                    <title>{`${s.name}, ${formatX(p.x)}: ${formatY(p.y)}${unit}`}</title>
                  </circle>
                ),
              )}
            </g>
          );
        })}
        {markers.map((m, i) => (
          <g
            key={i}
            className="chart__marker"
            transform={`translate(${sx(m.x)},${sy(m.y)}) rotate(${arrowAngle(m.direction)})`}
          >
            <title>{m.label}</title>
            <path d="M0,-9 L5,3 L0,0 L-5,3 Z" />
          </g>
        ))}
      </svg>
      <ul className="chart__legend" aria-hidden="true">
        {series.map((s, index) => (
          <li key={s.name}>
            <svg width="24" height="10" viewBox="0 0 24 10" focusable="false">
              <line
                x1="1"
                x2="23"
                y1="5"
                y2="5"
                stroke={s.color}
                strokeWidth={3}
                strokeDasharray={DASHES[index % DASHES.length] || undefined}
              />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
      {/* A table ignores width: 1px, so the wrapper is what hides it (else it widens the page). */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{xLabel}</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                  {unit}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {xs.map((x) => (
              <tr key={x}>
                <th scope="row">{formatX(x)}</th>
                {series.map((s) => {
                  const y = s.points.find((p) => p.x === x)?.y;
                  return <td key={s.name}>{y === null || y === undefined ? 'No data' : formatY(y)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
