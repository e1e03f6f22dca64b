import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Attendances } from '@safeshore/domain';
import { AttendanceSection } from './AttendanceSection.tsx';

afterEach(cleanup);

const record = (hour: number, people: number) => ({
  hour,
  people_on_beach: people,
  swimmers: Math.round(people / 2),
  swimmers_outside_flags: Math.round(people / 10),
  crafts: 3,
});

const attendances: Attendances = {
  'Thu, 19 Nov': [record(8, 40), record(12, 200)],
  'Fri, 20 Nov': [record(9, 60), record(13, 250)],
  'Sat, 21 Nov': [record(7, 20), record(10, 120), record(15, 300)],
};

// 21 Nov 2026 1:05 pm in Sydney (02:05 UTC); still 20 Nov in UTC-10 Honolulu.
const NOW = new Date('2026-11-21T02:05:00Z');
const show = (data = attendances, isSample = false, timeZone = 'Australia/Sydney') =>
  render(<AttendanceSection attendances={data} isSample={isSample} timeZone={timeZone} now={NOW} />);
const tabs = () => screen.getAllByRole('tab').map((t) => [t.textContent, t.getAttribute('aria-selected')]);

describe('AttendanceSection', () => {
  it('selects the latest day when it is today at the beach', () => {
    show();
    expect(tabs()).toEqual([
      ['Thu, 19 Nov', 'false'],
      ['Fri, 20 Nov', 'false'],
      ['Sat, 21 Nov', 'true'],
    ]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: 'Sat, 21 Nov' }).id,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('Public attendance, Sat, 21 Nov');
    expect(screen.queryByText('No attendance records for today')).toBeNull();
  });

  it('otherwise adds a selected "Today" tab with no records', () => {
    const { ['Sat, 21 Nov']: _today, ...older } = attendances;
    show(older);
    expect(tabs()).toEqual([
      ['Thu, 19 Nov', 'false'],
      ['Fri, 20 Nov', 'false'],
      ['Today', 'true'],
    ]);
    expect(within(screen.getByRole('tabpanel')).getByText('No attendance records for today')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Fri, 20 Nov' }));
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('Fri, 20 Nov');
  });

  it('judges "today" in the beach time zone, not the browser’s', () => {
    show(attendances, false, 'Pacific/Honolulu');
    expect(tabs().at(-1)).toEqual(['Today', 'true']);
  });

  it('is one line, with no empty chart or tabs, when there are no records at all', () => {
    show({});
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByTestId('attendance-none').textContent).toBe(
      'No public attendance counts have been recorded for this beach.',
    );
  });

  it('shows the day without its month on phones, keeping the month in the tab name', () => {
    show();
    const tab = screen.getByRole('tab', { name: 'Sat, 21 Nov' });
    expect(tab.querySelector('.attendance__month')?.textContent).toBe('Nov');
  });

  it('charts hours 6 am to 7 pm with the four series', () => {
    const { container } = show();
    const axis = container.querySelector('[data-testid="chart-x-axis"]')!;
    expect([...axis.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      '6 am',
      '7 am',
      '8 am',
      '9 am',
      '10 am',
      '11 am',
      '12 pm',
      '1 pm',
      '2 pm',
      '3 pm',
      '4 pm',
      '5 pm',
      '6 pm',
      '7 pm',
    ]);
    expect(
      [...container.querySelectorAll('[data-series]')].map((g) => g.getAttribute('data-series')),
    ).toEqual(['People on beach', 'Swimmers', 'Swimmers Outside Flags', 'Crafts']);
    const table = screen.getByRole('table');
    const tenAm = within(table).getByRole('rowheader', { name: '10 am' }).closest('tr')!;
    expect([...tenAm.children].map((c) => c.textContent)).toEqual(['10 am', '120', '60', '12', '3']);
    const sixAm = within(table).getByRole('rowheader', { name: '6 am' }).closest('tr')!;
    expect([...sixAm.children].slice(1).map((c) => c.textContent)).toEqual([
      'No data',
      'No data',
      'No data',
      'No data',
    ]);
  });

  it('moves between tabs with the arrow keys, Home and End', () => {
    show();
    const selected = () => screen.getByRole('tab', { selected: true }).textContent;
    const list = screen.getByRole('tablist', { name: 'Attendance day' });
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(selected()).toBe('Thu, 19 Nov');
    expect(document.activeElement?.textContent).toBe('Thu, 19 Nov');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(selected()).toBe('Sat, 21 Nov');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(selected()).toBe('Thu, 19 Nov');
    fireEvent.keyDown(list, { key: 'End' });
    expect(selected()).toBe('Sat, 21 Nov');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('labels sample attendance', () => {
    show(attendances, true);
    expect(screen.getByText('Sample data')).toBeTruthy();
    cleanup();
    show(attendances, false);
    expect(screen.queryByText('Sample data')).toBeNull();
  });
});
