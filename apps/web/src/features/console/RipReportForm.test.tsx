import '../../test/indexeddb.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../data/session.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { TEST_NOW } from '../../test/clock.ts';
import { installDialogPolyfill, renderScreen } from '../../test/render.tsx';
import { ConsoleBeachPage } from './ConsoleBeachPage.tsx';
import { consoleMe, emptyQueue } from './test-fixtures.ts';

const ME = 'GET /api/v5/console/me';
const RIP = 'POST /api/v5/beach/1/rip-observations';

/** The server's answer to a report (the model's likelihood for the hour frozen beside it). */
const recorded = (body: unknown) => {
  const { activity, note, observed_at } = body as {
    activity: string;
    note?: string | null;
    observed_at: string;
  };
  return [201, { id: 5, beach_id: 1, observed_at, activity, note: note ?? null, model_likelihood: 42 }] as [
    number,
    unknown,
  ];
};

beforeAll(installDialogPolyfill);
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

const render = () =>
  renderScreen(<ConsoleBeachPage />, { path: '/console/beach/:beachId', url: '/console/beach/1' });

const ripGroup = async () => screen.findByRole('group', { name: 'Rip activity now' });

describe('Rip activity now (issue 29)', () => {
  it('one tap sends the report once, with the tap’s time and an Idempotency-Key, and says what was recorded', async () => {
    const api = mockApi({ [ME]: [200, consoleMe()], [RIP]: recorded });
    render();
    await userEvent.type(await screen.findByLabelText('Note (optional)'), '  Rip by the north rocks ');
    const tappedAt = Date.now();
    await userEvent.click(within(await ripGroup()).getByRole('button', { name: /^Some/ }));

    expect(
      await screen.findByText(
        'Recorded: some rip activity at Bondi Beach, seen at 12:00 pm, with your note.',
      ),
    ).toBeTruthy();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe('/api/v5/beach/1/rip-observations');
    const body = posts[0]!.body as { activity: string; note: string; observed_at: string };
    expect(body.activity).toBe('some');
    expect(body.note).toBe('Rip by the north rocks');
    expect(Date.parse(body.observed_at)).toBeGreaterThanOrEqual(tappedAt);
    expect(Date.parse(body.observed_at)).toBeLessThan(TEST_NOW.getTime() + 60_000);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]!.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    // Sent: the note is cleared for the next report, and nothing waits on the phone.
    expect((screen.getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByTestId('console-queue')).toBeNull();
  });

  it('with no signal the report waits on the phone, keeps the time it was tapped, and is sent once when the signal returns', async () => {
    let online = false;
    const api = mockApi({ [ME]: [200, consoleMe()], [RIP]: recorded });
    const realFetch = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (!online && init?.method === 'POST') {
        api.calls.push({ method: 'POST', path: 'offline', body: null, headers: new Headers(init.headers) });
        throw new TypeError('Failed to fetch');
      }
      return realFetch(input, init);
    });
    render();
    await userEvent.click(within(await ripGroup()).getByRole('button', { name: /^Strong/ }));
    const waiting = await screen.findByText(/^No signal: saved on this phone/);
    expect(waiting.textContent).toBe(
      'Waiting to send. No signal: saved on this phone (strong rip activity at Bondi Beach, seen at 12:00 pm). It will be sent, once, with its time, as soon as the signal returns.',
    );
    const queue = await screen.findByTestId('console-queue');
    expect(within(queue).getByText('1 action is', { exact: false })).toBeTruthy();
    expect(within(queue).getByText('Strong rip activity')).toBeTruthy();
    const offlineKey = api.calls.find((c) => c.path === 'offline')!.headers.get('Idempotency-Key');

    // The signal returns 25 minutes later: the report still says when it was seen.
    vi.setSystemTime(TEST_NOW.getTime() + 25 * 60_000);
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByTestId('console-queue')).toBeNull());
    expect(
      await screen.findByText('Sent: strong rip activity at Bondi Beach, seen at 12:00 pm.'),
    ).toBeTruthy();
    const sent = api.calls.filter(
      (c) => c.method === 'POST' && c.path === '/api/v5/beach/1/rip-observations',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get('Idempotency-Key')).toBe(offlineKey);
    const body = sent[0]!.body as { activity: string; observed_at: string; note: unknown };
    expect(body.activity).toBe('strong');
    expect(body.note).toBeNull();
    expect(Date.parse(body.observed_at)).toBeLessThan(TEST_NOW.getTime() + 60_000);
  });

  it('a waiting report the server refuses when it is sent (over a day old) is said in the form and listed', async () => {
    const message = 'The observed at field must be within the last 24 hours.';
    let online = false;
    const api = mockApi({
      [ME]: [200, consoleMe()],
      [RIP]: [422, { message, errors: { observed_at: [message] } }],
    });
    const realFetch = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (!online && init?.method === 'POST') throw new TypeError('Failed to fetch');
      return realFetch(input, init);
    });
    render();
    await userEvent.click(within(await ripGroup()).getByRole('button', { name: /^Some/ }));
    await screen.findByText(/^No signal: saved on this phone/);
    await screen.findByTestId('console-queue');

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText(`Not accepted: ${message}`)).toBeTruthy();
    const queue = screen.getByTestId('console-queue');
    expect(within(queue).getByText('Not accepted')).toBeTruthy();
    expect(within(queue).getByText(message)).toBeTruthy();
  });

  it('takes a note of at most 200 characters, and refuses control characters before sending', async () => {
    const api = mockApi({ [ME]: [200, consoleMe()], [RIP]: recorded });
    render();
    const note = (await screen.findByLabelText('Note (optional)')) as HTMLTextAreaElement;
    expect(note.maxLength).toBe(200);
    await userEvent.click(note);
    await userEvent.paste('x'.repeat(205));
    expect(note.value).toHaveLength(200);
    expect(screen.getByText('200 of 200 characters')).toBeTruthy();

    fireEvent.change(note, { target: { value: 'Rip \u202Eby the rocks' } });
    await userEvent.click(within(await ripGroup()).getByRole('button', { name: /^None/ }));
    expect(screen.getByText('The note must not contain control characters.')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows the server’s refusal at the note and in an alert, and keeps nothing queued', async () => {
    const message = 'The note must be at most 200 characters.';
    mockApi({ [ME]: [200, consoleMe()], [RIP]: [422, { message, errors: { note: [message] } }] });
    render();
    await userEvent.type(await screen.findByLabelText('Note (optional)'), 'Long one');
    await userEvent.click(within(await ripGroup()).getByRole('button', { name: /^Some/ }));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    // The refused report is not kept: the form's alert is the only one.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.getByLabelText('Note (optional)').getAttribute('aria-invalid')).toBe('true');
    // The note stays for the user to correct.
    expect((screen.getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('Long one');
    await waitFor(() => expect(screen.queryByTestId('console-queue')).toBeNull());
  });

  it('says so when the user may no longer report for the beach (403)', async () => {
    const message = 'You may not act on this beach.';
    mockApi({ [ME]: [200, consoleMe()], [RIP]: [403, { message }] });
    render();
    await userEvent.click(within(await ripGroup()).getByRole('button', { name: /^None/ }));
    // The form says it (the refused report is not kept on the phone).
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.queryByText(/^Recorded/)).toBeNull();
  });

  it('gives each tap its own report: two taps are two reports with two keys', async () => {
    const api = mockApi({ [ME]: [200, consoleMe()], [RIP]: recorded });
    render();
    const group = await ripGroup();
    await userEvent.click(within(group).getByRole('button', { name: /^None/ }));
    await screen.findByText(/^Recorded: no rip activity/);
    await userEvent.click(within(group).getByRole('button', { name: /^Some/ }));
    await screen.findByText(/^Recorded: some rip activity/);
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => (c.body as { activity: string }).activity)).toEqual(['none', 'some']);
    expect(new Set(posts.map((c) => c.headers.get('Idempotency-Key'))).size).toBe(2);
  });
});
