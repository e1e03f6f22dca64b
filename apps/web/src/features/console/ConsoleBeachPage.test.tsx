import '../../test/indexeddb.ts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../data/session.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { installDialogPolyfill, renderScreen } from '../../test/render.tsx';
import { ConsoleBeachPage } from './ConsoleBeachPage.tsx';
import { CLOSED, consoleBeach, consoleMe, emptyQueue } from './test-fixtures.ts';

const ME = 'GET /api/v5/console/me';
const STATUS = 'PUT /api/v5/beach/1/status';
const PATROL = 'PUT /api/v5/beach/1/patrol';
const POSTS = 'POST /api/v5/beach/1/posts';

const stored = (body: Record<string, unknown>) => ({
  beach_id: 1,
  status: body.status,
  status_reason: body.reason ?? null,
  status_message: body.message ?? null,
  status_set_at: new Date().toISOString(),
  status_expires_at: '2026-11-21T08:00:00.000Z',
  status_set_by: 'lifesaver',
});

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

describe('ConsoleBeachPage', () => {
  it('shows what the public sees now: the status in words, its message, who set it and when', async () => {
    mockApi({ [ME]: [200, consoleMe({ beaches: [consoleBeach(CLOSED)] })] });
    render();
    const now = await screen.findByTestId('console-now');
    expect(within(now).getByText('Closed — shark sighting')).toBeTruthy();
    expect(within(now).getByText('Shark seen off the north end.')).toBeTruthy();
    expect(within(now).getByText('Set by lifesavers at 11:42 am · Until 7:00 pm')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Bondi Beach' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear status' })).toBeTruthy();
  });

  it('closing the beach asks for confirmation, then sends it once with an Idempotency-Key', async () => {
    const api = mockApi({
      [ME]: [200, consoleMe()],
      [STATUS]: (body) => [200, stored(body as Record<string, unknown>)],
    });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: /Closed/ }));
    await userEvent.selectOptions(screen.getByLabelText(/Reason/), 'shark_sighting');
    await userEvent.type(screen.getByLabelText(/Message for the public/), 'Shark seen off the north end.');
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));

    const dialog = await screen.findByRole('dialog', { name: 'Close Bondi Beach?' });
    expect(within(dialog).getByText('“Closed — shark sighting”')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, close the beach' }));
    expect(await screen.findByText('Bondi Beach is now shown as “Closed — shark sighting”.')).toBeTruthy();
    const puts = api.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({
      status: 'Closed',
      reason: 'shark_sighting',
      message: 'Shark seen off the north end.',
      expires_at: null,
    });
    expect(puts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(puts[0]!.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('cancelling the confirmation sends nothing', async () => {
    const api = mockApi({ [ME]: [200, consoleMe()] });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: /Closed/ }));
    await userEvent.selectOptions(screen.getByLabelText(/Reason/), 'lightning');
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('says what is missing before sending: a status, and a reason for Closed and Inclement', async () => {
    const api = mockApi({ [ME]: [200, consoleMe()] });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Set status' }));
    expect(screen.getByText('Choose a status.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Inclement/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    expect(
      screen.getByText('The reason field is required when the status is Closed or Inclement.'),
    ).toBeTruthy();
    expect(screen.getByLabelText(/Reason \(required\)/).getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('with no signal the action waits on the phone, is listed, and is sent once when the signal returns', async () => {
    let online = false;
    const api = mockApi({
      [ME]: [200, consoleMe()],
      [STATUS]: (body) => [200, stored(body as Record<string, unknown>)],
    });
    const realFetch = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (!online && init?.method === 'PUT') {
        api.calls.push({ method: 'PUT', path: 'offline', body: null, headers: new Headers(init.headers) });
        throw new TypeError('Failed to fetch');
      }
      return realFetch(input, init);
    });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: /Open/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    expect(await screen.findByText(/No signal: saved on this phone/)).toBeTruthy();
    const queue = await screen.findByTestId('console-queue');
    expect(within(queue).getByText('1 action is', { exact: false })).toBeTruthy();
    expect(within(queue).getByText('Status: Open')).toBeTruthy();
    expect(localStorage.getItem('safeshore.console-pending')).toBe('1');
    const offlineKey = api.calls.find((c) => c.path === 'offline')!.headers.get('Idempotency-Key');

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByTestId('console-queue')).toBeNull());
    const sent = api.calls.filter((c) => c.method === 'PUT' && c.path === '/api/v5/beach/1/status');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get('Idempotency-Key')).toBe(offlineKey);
    expect(sent[0]!.body).toEqual({ status: 'Open', reason: null, message: null, expires_at: null });
    await waitFor(() => expect(localStorage.getItem('safeshore.console-pending')).toBeNull());
  });

  it('shows the server’s refusal of a patrol (422) at its field, and keeps nothing queued', async () => {
    const message = 'The until field must be later than the time now at the beach.';
    mockApi({ [ME]: [200, consoleMe()], [PATROL]: [422, { message, errors: { until: [message] } }] });
    render();
    const until = await screen.findByLabelText('Finish time (beach time)');
    await userEvent.clear(until);
    await userEvent.type(until, '08:00');
    await userEvent.click(screen.getByRole('button', { name: 'On duty' }));
    // Said in the form's alert and at the field.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.getByLabelText('Finish time (beach time)').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(screen.queryByTestId('console-queue')).toBeNull());
  });

  it('sets off duty and on duty until a finish time', async () => {
    const api = mockApi({
      [ME]: [200, consoleMe()],
      [PATROL]: [
        200,
        { beach_id: 1, is_patrolled_today: null, patrol_set_at: null, patrol_set_by: 'lifesaver' },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Off duty' }));
    expect(await screen.findByText('Off duty at Bondi Beach.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'On duty' }));
    expect(await screen.findByText('On duty until 5:00 pm at Bondi Beach.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { on_duty: false },
      { on_duty: true, until: '17:00' },
    ]);
  });

  it('posts today’s conditions: a photo and a short text, both required', async () => {
    const api = mockApi({ [ME]: [200, consoleMe()], [POSTS]: [201, { id: 3 }] });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Post' }));
    expect(screen.getByText('Choose a photo.')).toBeTruthy();
    expect(screen.getByText('The text field is required.')).toBeTruthy();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'beach.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Photo'), photo);
    await userEvent.type(
      screen.getByLabelText('What are the conditions like?'),
      'Small clean waves, light offshore.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Posted: it shows on the Bondi Beach page.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v5/beach/1/posts',
    ]);
  });

  it('where the browser cannot store actions, sends at once and says so when there is no signal', async () => {
    const { consoleQueue } = await import('../../data/console-queue-send.ts');
    const submit = vi.spyOn(consoleQueue(), 'submit').mockRejectedValue(new Error('MissingAPIError'));
    try {
      const api = mockApi({ [ME]: [200, consoleMe()], [PATROL]: [200, { beach_id: 1 }] });
      render();
      await userEvent.click(await screen.findByRole('button', { name: 'Off duty' }));
      expect(await screen.findByText('Off duty at Bondi Beach.')).toBeTruthy();
      expect(api.calls.filter((c) => c.method === 'PUT')[0]!.headers.get('Idempotency-Key')).toMatch(
        /^[0-9a-f-]{36}$/,
      );
      api.fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
      await userEvent.click(screen.getByRole('button', { name: 'Off duty' }));
      expect(await screen.findByText(/this browser cannot keep the action/)).toBeTruthy();
    } finally {
      submit.mockRestore();
    }
  });

  it('says when the beach is not in the user’s console', async () => {
    mockApi({ [ME]: [200, consoleMe({ beaches: [consoleBeach({ id: 2, name: 'Manly Beach' })] })] });
    render();
    expect(await screen.findByText('This beach is not in your console.')).toBeTruthy();
  });

  it('opens from the copy on the phone when the server cannot be reached', async () => {
    localStorage.setItem(
      'safeshore.console-me.7',
      JSON.stringify(consoleMe({ beaches: [consoleBeach(CLOSED)] })),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render();
    expect(await screen.findByText(/No connection: showing what this phone last saw/)).toBeTruthy();
    expect(screen.getByText('Closed — shark sighting')).toBeTruthy();
  });
});
