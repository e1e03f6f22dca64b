import '../../test/indexeddb.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserMenu } from '../../app/Header.tsx';
import { consoleQueue } from '../../data/console-queue-send.ts';
import { clearSession, setSession } from '../../data/session.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { AuditPage } from './AuditPage.tsx';
import { ConsolePage } from './ConsolePage.tsx';
import { ImportsPage } from './ImportsPage.tsx';
import { TeamPage } from './TeamPage.tsx';
import { CLOSED, OPERATOR_ROLE, consoleBeach, consoleMe, emptyQueue } from './test-fixtures.ts';

const ME = 'GET /api/v5/console/me';
const NO_ROLE: [number, unknown] = [403, { message: 'You do not have a lifesaver or operator role.' }];

beforeEach(async () => {
  localStorage.clear();
  setSession({ token: TOKEN, user: user() });
  await emptyQueue(7);
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('ConsolePage', () => {
  it('lists the user’s beaches with their live status in words, each a link to its console', async () => {
    mockApi({
      [ME]: [
        200,
        consoleMe({
          beaches: [
            consoleBeach(CLOSED),
            consoleBeach({ id: 2, name: 'Manly Beach', key: 'nsw-2095-manly-beach' }),
          ],
        }),
      ],
    });
    renderScreen(<ConsolePage />, { path: '/console' });
    const bondi = await screen.findByRole('link', { name: /Bondi Beach/ });
    expect(bondi.getAttribute('href')).toBe('/console/beach/1');
    expect(within(bondi).getByText('Closed — shark sighting')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /Manly Beach/ })).getByText('No status set')).toBeTruthy();
    expect(screen.getByText('Lifesaver: Bondi Beach')).toBeTruthy();
    // A lifesaver has no operator tools (the API answers them 403 for these).
    expect(screen.queryByRole('navigation', { name: 'Operator tools' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Rip outlook skill' })).toBeNull();
  });

  it('gives operators the audit log, team, imports and the rip outlook’s skill', async () => {
    mockApi({ [ME]: [200, consoleMe({ roles: [OPERATOR_ROLE] })] });
    renderScreen(<ConsolePage />, { path: '/console' });
    const tools = await screen.findByRole('navigation', { name: 'Operator tools' });
    expect(
      within(tools)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/console/audit', '/console/team', '/console/imports', '/console/rip-skill']);
  });

  it('tells a user without a console role so', async () => {
    mockApi({ [ME]: NO_ROLE });
    renderScreen(<ConsolePage />, { path: '/console' });
    expect(await screen.findByText('You do not have a lifesaver or operator role.')).toBeTruthy();
  });

  it('lists what is waiting on the phone and what failed, and a failed one can be dismissed', async () => {
    mockApi({ [ME]: [200, consoleMe()] });
    const queue = consoleQueue();
    const waiting = await queue.enqueue({
      userId: 7,
      beachId: 1,
      beachName: 'Bondi Beach',
      action: { kind: 'patrol', body: { on_duty: true, until: '17:00' } },
    });
    const failed = await queue.enqueue({
      userId: 7,
      beachId: 1,
      beachName: 'Bondi Beach',
      action: { kind: 'status', body: { status: 'Open', reason: null, message: null, expires_at: null } },
    });
    // The second one was refused by the server (a 4xx) earlier: mark it the way the queue does.
    const { Dexie } = await import('dexie');
    const db = new Dexie('safeshore-console-queue');
    db.version(1).stores({ items: '++id, userId' });
    await db.table('items').update(failed.id, { state: 'failed', error: 'You may not act on this beach.' });
    db.close();

    // Nothing is sent in this test: the server is unreachable.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    localStorage.setItem('safeshore.console-me.7', JSON.stringify(consoleMe()));
    renderScreen(<ConsolePage />, { path: '/console' });
    const list = await screen.findByTestId('console-queue');
    await waitFor(() => expect(within(list).getByText('On duty until 17:00')).toBeTruthy());
    expect(within(list).getByText('1 action is', { exact: false })).toBeTruthy();
    expect(within(list).getByText('You may not act on this beach.')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(list).queryByText('You may not act on this beach.')).toBeNull());
    expect((await queue.list(7)).map((item) => item.id)).toEqual([waiting.id]);
  });
});

describe('the menu entry', () => {
  function renderMenu() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ul>
            <UserMenu />
          </ul>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('shows "Lifesaver console" to users with a console role only', async () => {
    mockApi({ [ME]: [200, consoleMe()] });
    renderMenu();
    expect((await screen.findByRole('link', { name: 'Lifesaver console' })).getAttribute('href')).toBe(
      '/console',
    );
    cleanup();
    mockApi({ [ME]: NO_ROLE });
    renderMenu();
    await screen.findByRole('link', { name: 'My Beaches' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Lifesaver console' })).toBeNull();
  });

  it('asks nothing for a guest', () => {
    clearSession();
    const api = mockApi({});
    renderMenu();
    expect(api.calls).toEqual([]);
  });
});

describe('operator screens', () => {
  it('are refused to a lifesaver', async () => {
    mockApi({ [ME]: [200, consoleMe()] });
    renderScreen(<TeamPage />, { path: '/console/team' });
    expect(await screen.findByText('Only operators may do this.')).toBeTruthy();
  });

  it('team: grants and revokes the lifesaver role by email for a beach', async () => {
    const api = mockApi({
      [ME]: [200, consoleMe({ roles: [OPERATOR_ROLE] })],
      'POST /api/v5/console/roles': [
        201,
        {
          message: 'Role granted.',
          email: 'kim@example.com',
          role: { role: 'lifesaver', scope: 'beach', scope_id: '1', scope_name: 'Bondi Beach' },
        },
      ],
      'DELETE /api/v5/console/roles': [422, { message: 'That user does not hold this role.' }],
    });
    renderScreen(<TeamPage />, { path: '/console/team' });
    await userEvent.click(await screen.findByRole('button', { name: 'Grant lifesaver' }));
    expect(screen.getByText('Choose a beach.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Lifesaver’s email'), 'kim@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Beach'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Grant lifesaver' }));
    expect(await screen.findByText('Role granted. kim@example.com: lifesaver for Bondi Beach.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke lifesaver' }));
    expect(await screen.findByText('That user does not hold this role.')).toBeTruthy();
    expect(
      api.calls.filter((c) => c.path === '/api/v5/console/roles').map((c) => [c.method, c.body]),
    ).toEqual([
      ['POST', { email: 'kim@example.com', role: 'lifesaver', beach_id: 1 }],
      ['DELETE', { email: 'kim@example.com', role: 'lifesaver', beach_id: 1 }],
    ]);
  });

  it('imports: a dry run first, its report, and Import only for a file with no rejected row', async () => {
    let rejected = [{ row: 3, reason: 'Unknown beach "nsw-9999-nowhere".' }];
    const api = mockApi({
      [ME]: [200, consoleMe({ roles: [OPERATOR_ROLE] })],
      'POST /api/v5/console/imports/rosters': () => [
        200,
        {
          kind: 'rosters',
          applied: !api.calls.at(-1)!.path.includes('dry_run') && rejected.length === 0,
          added: 2,
          updated: 0,
          unchanged: 1,
          rejected,
        },
      ],
    });
    renderScreen(<ImportsPage />, { path: '/console/imports' });
    const importButton = await screen.findByRole('button', { name: 'Import' });
    expect((importButton as HTMLButtonElement).disabled).toBe(true);
    await userEvent.upload(
      screen.getByLabelText('File'),
      new File(['beach,club\n'], 'roster.csv', { type: 'text/csv' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    const report = await screen.findByTestId('import-report');
    expect(
      within(report).getByText('Not imported: fix the rejected rows and check the file again.'),
    ).toBeTruthy();
    expect(within(report).getByRole('cell', { name: 'Unknown beach "nsw-9999-nowhere".' })).toBeTruthy();
    expect((importButton as HTMLButtonElement).disabled).toBe(true);

    rejected = [];
    await userEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(
      await screen.findByText('The file is fine: nothing is written yet. Press Import to import it.'),
    ).toBeTruthy();
    await waitFor(() => expect((importButton as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(importButton);
    expect(await screen.findByText('Imported.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v5/console/imports/rosters?dry_run=true',
      '/api/v5/console/imports/rosters?dry_run=true',
      '/api/v5/console/imports/rosters',
    ]);
  });

  it('audit: lists the changes in words, newest first, pages on, and filters by beach', async () => {
    const entry = (id: number, action: string) => ({
      id,
      at: '2026-11-21T00:42:00.000Z',
      actor: 'Sam Surfer <sam@example.com>',
      actor_role: 'lifesaver',
      actor_user_id: 7,
      actor_now: 'Sam Surfer <sam@example.com>',
      beach_id: 1,
      beach_name: 'Bondi Beach',
      action,
      from: null,
      to: { status: 'Closed', reason: 'shark_sighting', message: null },
    });
    const api = mockApi({
      [ME]: [200, consoleMe({ roles: [OPERATOR_ROLE] })],
      'GET /api/v5/console/audit': (_body, _path) => {
        const last = api.calls.at(-1)!.path;
        return last.includes('cursor=c2')
          ? [200, { entries: [entry(1, 'patrol.on')], next_cursor: null }]
          : [200, { entries: [entry(2, 'status.set')], next_cursor: 'c2' }];
      },
    });
    renderScreen(<AuditPage />, { path: '/console/audit' });
    expect(await screen.findByText('Status set')).toBeTruthy();
    expect(screen.getByText('none → Closed — shark sighting')).toBeTruthy();
    expect(screen.getByText(/Sam Surfer <sam@example.com> \(lifesaver\) · account #7 ·/)).toBeTruthy();
    expect(screen.getByText('11:42 am')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await screen.findByText('On duty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Beach'), '1');
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/v5/console/audit?beach_id=1')).toBe(true),
    );
  });
});
