import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RipSkillReport } from '@safeshore/domain';
import { clearSession, setSession } from '../../data/session.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { RipSkillPage } from './RipSkillPage.tsx';
import { OPERATOR_ROLE, consoleMe } from './test-fixtures.ts';

const ME = 'GET /api/v5/console/me';
const SKILL = 'GET /api/v5/console/rip-skill';

/** Figures the service computes for these reports (packages/domain ripSkill). */
const REPORT: RipSkillReport = {
  regions: [
    {
      key: 'NSW/waverley',
      region: 'NSW/waverley',
      name: 'Waverley, NSW',
      reports: 3,
      observations: 3,
      brier: 0.1659,
      brier_base: 0.2222,
      base_rate: 0.6667,
      skill: 0.2535,
    },
  ],
  beaches: [
    {
      key: '2',
      region: 'NSW/waverley',
      name: 'Tamarama Beach, NSW',
      reports: 1,
      observations: 1,
      brier: 0.09,
      brier_base: 0,
      base_rate: 0,
      skill: null,
    },
    {
      key: '1',
      region: 'NSW/waverley',
      name: 'Bondi Beach, NSW',
      reports: 2,
      observations: 2,
      brier: 0.2,
      brier_base: 0.25,
      base_rate: 0.5,
      skill: -0.0213,
    },
  ],
};

beforeEach(() => {
  setSession({ token: TOKEN, user: user() });
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const render = () => renderScreen(<RipSkillPage />, { path: '/console/rip-skill' });

/** A table's places: the name, then its figures as shown. */
function rowsOf(table: HTMLElement): string[][] {
  return Array.from(table.querySelectorAll('tbody'), (group) => [
    within(group).getByRole('rowheader').textContent ?? '',
    ...within(group)
      .getAllByRole('cell')
      .map((cell) => cell.textContent ?? ''),
  ]);
}

describe('RipSkillPage', () => {
  it('lists per region and per beach the observations, Brier, base-rate Brier and skill, and says what they mean', async () => {
    const api = mockApi({ [ME]: [200, consoleMe({ roles: [OPERATOR_ROLE] })], [SKILL]: [200, REPORT] });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Rip outlook skill' })).toBeTruthy();
    const regions = await screen.findByRole('table', { name: 'By region' });
    expect(
      within(regions)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Scored reports', 'Brier', 'Base-rate Brier', 'Skill']);
    expect(rowsOf(regions)).toEqual([['Waverley, NSW', '3', '0.17', '0.22', '0.25']]);
    // Beaches by name; a score that cannot be given is said, not shown as 0.
    expect(rowsOf(screen.getByRole('table', { name: 'By beach' }))).toEqual([
      ['Bondi Beach, NSW', '2', '0.20', '0.25', '-0.02'],
      ['Tamarama Beach, NSW', '1', '0.09', '0.00', '—no score'],
    ]);
    expect(screen.getByText(/is the outlook’s average squared miss: 0 is perfect/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/v5/console/rip-skill')!.headers.get('Authorization')).toBe(
      `Bearer ${TOKEN}`,
    );
  });

  it('says honestly when there are no observations yet', async () => {
    mockApi({
      [ME]: [200, consoleMe({ roles: [OPERATOR_ROLE] })],
      [SKILL]: [200, { regions: [], beaches: [] }],
    });
    render();
    expect(await screen.findByRole('heading', { name: 'No rip observations yet' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is for operators: a lifesaver is told so, and the report is not asked for', async () => {
    const api = mockApi({
      [ME]: [200, consoleMe()],
      [SKILL]: [403, { message: 'Only operators may do this.' }],
    });
    render();
    expect(await screen.findByText('Only operators may do this.')).toBeTruthy();
    expect(api.called('GET', '/api/v5/console/rip-skill')).toBe(false);
  });

  it('shows an error it can retry', async () => {
    mockApi({
      [ME]: [200, consoleMe({ roles: [OPERATOR_ROLE] })],
      [SKILL]: [500, { message: 'Something went wrong on our side.' }],
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong on our side.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
