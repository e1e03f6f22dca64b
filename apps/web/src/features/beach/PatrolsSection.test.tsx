import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { patrolsResponse } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { PatrolsSection, patrolDayLabel } from './PatrolsSection.tsx';

// jsdom has no CSS.escape, which react-aria's popover uses.
beforeEach(() => {
  if (typeof CSS === 'undefined')
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/["\\]/g, '\\$&') });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const show = (patrol: number | null = 1) =>
  renderScreen(<PatrolsSection beach={{ id: 1, patrol, title: 'Bondi Beach' }} />, { path: '/beach' });

const days = () =>
  within(screen.getByRole('region', { name: 'North Bondi SLSC' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('PatrolsSection', () => {
  it('first requests today (no date), then the picked day as YYYY-MM-DD, and the columns change', async () => {
    const api = mockApi({
      'GET /api/v4/beach/1/patrols': () => {
        const date = new URL(api.calls.at(-1)!.path, 'http://x').searchParams.get('date');
        return [200, patrolsResponse(date ?? '2026-11-21', { holiday: date ? undefined : 'Test Holiday' })];
      },
    });
    const user = userEvent.setup();
    show();
    await screen.findByRole('region', { name: 'North Bondi SLSC' });
    expect(api.calls.map((c) => c.path)).toEqual(['/api/v4/beach/1/patrols']);
    expect(days()).toEqual([
      'Sat 21 Nov9:00 am – 5:00 pmTest Holiday',
      'Sun 22 Nov9:00 am – 5:00 pm',
      'Mon 23 NovNo patrol',
      'Tue 24 NovNo patrol',
      'Wed 25 NovNo patrol',
      'Thu 26 NovNo patrol',
      'Fri 27 NovNo patrol',
    ]);
    expect(screen.getByTestId('patrols-from').textContent).toBe('From Sat 21 Nov');

    await user.click(screen.getByRole('button', { name: 'Change day' }));
    // The calendar's code loads on first use (a lazy chunk; slow when the machine is busy).
    const calendar = await screen.findByRole('dialog', { name: 'Choose a day' }, { timeout: 10_000 });
    const grid = within(calendar).getByRole('grid');
    await user.click(within(grid).getByRole('button', { name: /25 November 2026|November 25, 2026/ }));

    await waitFor(() => expect(days()[0]).toBe('Wed 25 NovNo patrol'));
    expect(screen.queryByRole('dialog', { name: 'Choose a day' })).toBeNull();
    expect(api.calls.map((c) => c.path)).toEqual([
      '/api/v4/beach/1/patrols',
      '/api/v4/beach/1/patrols?date=2026-11-25',
    ]);
    expect(days()).toHaveLength(7);
    expect(days()[3]).toBe('Sat 28 Nov9:00 am – 5:00 pm');
    expect(screen.getByTestId('patrols-from').textContent).toBe('From Wed 25 Nov');
  }, 20_000);

  it('labels sample schedules', async () => {
    mockApi({
      'GET /api/v4/beach/1/patrols': [
        200,
        patrolsResponse('2026-11-21', { is_sample: true, source: 'Sample data' }),
      ],
    });
    show();
    expect(await screen.findByText('Sample data — not a real patrol roster')).toBeTruthy();
  });

  it('a beach known to be unpatrolled: no services, with a link to surf safety', async () => {
    mockApi({ 'GET /api/v4/beach/1/patrols': [200, patrolsResponse('2026-11-21', { patrols: {} })] });
    show(0);
    const empty = await screen.findByTestId('patrols-empty');
    expect(empty.textContent).toContain(
      'Surf Life Saving Australia currently provides no services for this beach.',
    );
    expect(within(empty).getByRole('link').getAttribute('href')).toBe('/surf-safety');
    // No roster: no other day to choose.
    expect(screen.queryByRole('button', { name: 'Change day' })).toBeNull();
  });

  it('a beach whose patrol is unknown: patrol times not known, with the standing advice, never "no services"', async () => {
    mockApi({ 'GET /api/v4/beach/1/patrols': [200, patrolsResponse('2026-11-21', { patrols: {} })] });
    show(null);
    const empty = await screen.findByTestId('patrols-empty');
    expect(empty.textContent).toContain('Patrol times not known for this beach.');
    expect(empty.textContent).toContain(
      'Swim at a patrolled beach, between the red and yellow flags. In an emergency call Triple Zero (000).',
    );
    expect(empty.textContent).not.toContain('no services');
    expect(screen.queryByRole('button', { name: 'Change day' })).toBeNull();
  });

  it('a failure is logged and shown quietly', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ 'GET /api/v4/beach/1/patrols': [500, { message: 'Boom' }] });
    show();
    expect(await screen.findByText('Patrol times could not be loaded.')).toBeTruthy();
    expect(warn).toHaveBeenCalled();
  });

  it('is hidden offline and makes no request', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = mockApi({ 'GET /api/v4/beach/1/patrols': [200, patrolsResponse()] });
    show();
    expect(screen.queryByRole('heading', { name: 'Patrols' })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});

describe('patrolDayLabel', () => {
  it('uses the schedule dates, else the date itself', () => {
    expect(patrolDayLabel('2026-11-21', [{ day: 'Sat', date: '2026-11-21', simple: '21 Nov' }])).toBe(
      'Sat 21 Nov',
    );
    expect(patrolDayLabel('2026-03-05', [])).toBe('Thu 5 Mar');
  });
});
