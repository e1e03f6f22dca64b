import { useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  ATTENDANCE_CHART_HOURS,
  NO_ATTENDANCE_TODAY,
  TODAY_TAB,
  attendanceTabs,
  localDate,
  type AttendanceRecord,
  type Attendances,
} from '@safeshore/domain';
import { LineChart } from '../../ui/LineChart.tsx';
import { hourLabel } from './format.ts';

const HOURS = [...ATTENDANCE_CHART_HOURS];
const FIRST_HOUR = HOURS[0]!;
const LAST_HOUR = HOURS[HOURS.length - 1]!;

const SERIES: Array<{ name: string; color: string; field: keyof Omit<AttendanceRecord, 'hour'> }> = [
  { name: 'People on beach', color: '#0a5fb4', field: 'people_on_beach' },
  { name: 'Swimmers', color: '#2e7d32', field: 'swimmers' },
  { name: 'Swimmers Outside Flags', color: '#c62828', field: 'swimmers_outside_flags' },
  { name: 'Crafts', color: '#6a1b9a', field: 'crafts' },
];

/** "Tue, 05 Mar" with the month in its own span (hidden on phones, still part of the name). */
function TabLabel({ label }: { label: string }) {
  const match = /^(.*\d) (\w+)$/.exec(label);
  if (!match) return <>{label}</>;
  return (
    <>
      {match[1]} <span className="attendance__month">{match[2]}</span>
    </>
  );
}

function AttendanceChart({ day, records }: { day: string; records: AttendanceRecord[] }) {
  const byHour = new Map(records.map((r) => [r.hour, r]));
  return (
    <LineChart
      title={`Public attendance, ${day}`}
      xDomain={[FIRST_HOUR, LAST_HOUR]}
      xTicks={HOURS}
      formatX={hourLabel}
      formatY={(y) => String(Math.round(y))}
      series={SERIES.map((s) => ({
        name: s.name,
        color: s.color,
        points: HOURS.map((hour) => ({ x: hour, y: byHour.get(hour)?.[s.field] ?? null })),
      }))}
    />
  );
}

/**
 * Public attendance (spec section 2): a tab per day and a line chart. The latest day is selected
 * when it is today at the beach; otherwise a "Today" tab says there are no records for today. A
 * beach with no records at all gets one line instead of an empty chart. On phones the tabs show the
 * day without its month (the month stays in the tab's name), so a week fits in two rows.
 */
export function AttendanceSection({
  attendances,
  isSample,
  timeZone,
  now = new Date(),
}: {
  attendances: Attendances;
  isSample: boolean;
  timeZone: string;
  now?: Date;
}) {
  const days = Object.keys(attendances);
  const { tabs, selected: initial } = attendanceTabs(attendances, localDate(now, timeZone));
  const [selected, setSelected] = useState(initial);
  const current = tabs.includes(selected) ? selected : initial;
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const tabId = (tab: string) => `${baseId}-tab-${tabs.indexOf(tab)}`;
  const panelId = `${baseId}-panel`;
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setSelected(tabs[next]!);
    tabRefs.current.get(tabs[next]!)?.focus();
  };

  if (days.length === 0) {
    return (
      <section className="card attendance beach__wide" aria-labelledby="attendance-heading">
        <h2 id="attendance-heading">Public attendance</h2>
        <p className="muted" data-testid="attendance-none">
          No public attendance counts have been recorded for this beach.
        </p>
      </section>
    );
  }
  return (
    <section className="card attendance beach__wide" aria-labelledby="attendance-heading">
      <h2 id="attendance-heading">Public attendance</h2>
      {isSample && days.length > 0 && (
        <p>
          <span className="sample-tag">Sample data</span> These numbers are examples, not real counts.
        </p>
      )}
      <div className="tabs attendance__tabs" role="tablist" aria-label="Attendance day" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              if (el) tabRefs.current.set(tab, el);
              else tabRefs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            className="tabs__tab"
            aria-selected={tab === current}
            aria-controls={panelId}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => setSelected(tab)}
          >
            <TabLabel label={tab} />
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id={panelId} aria-labelledby={tabId(current)} tabIndex={0}>
        {current === TODAY_TAB ? (
          <p className="muted">{NO_ATTENDANCE_TODAY}</p>
        ) : (
          <AttendanceChart day={current} records={attendances[current] ?? []} />
        )}
      </div>
    </section>
  );
}
