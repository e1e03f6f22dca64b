import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../data/session.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { TEST_NOW } from '../../test/clock.ts';
import { installDialogPolyfill, renderScreen } from '../../test/render.tsx';
import { AlgalBloomMetricsPage } from './AlgalBloomMetricsPage.tsx';
import { metricBadge } from './MetricBadge.tsx';

const LIST = 'GET /api/v5/algal-bloom-metrics';

function item(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    title: 'Tamarama Beach',
    image: null,
    url: '/nsw/waverley/tamarama/tamarama-beach',
    photo_of_today: null,
    latest_algal_bloom_metric: null,
    ...overrides,
  };
}

const metric = {
  water_discolour: true,
  beach_foam: false,
  clean_rating: null,
  created_at: new Date(TEST_NOW.getTime() - 5 * 60_000).toISOString(),
  user: { first_name: 'Alex', last_name: 'Algae' },
};

function setWidth(large: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: large,
    media: q,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeAll(installDialogPolyfill);
beforeEach(() => {
  setSession({ token: TOKEN, user: user({ has_algal_role: true }) });
  setWidth(true);
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const render = () => renderScreen(<AlgalBloomMetricsPage />, { path: '/algal-bloom-metrics' });

describe('AlgalBloomMetricsPage', () => {
  it('denies a signed-in user without the algal role, and calls nothing', () => {
    setSession({ token: TOKEN, user: user({ has_algal_role: false }) });
    const api = mockApi({});
    render();
    expect(screen.getByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('You do not have permission to access algal bloom metrics.')).toBeTruthy();
    expect(
      screen.getByText('Please contact your administrator if you believe this is an error.'),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the empty state', async () => {
    mockApi({ [LIST]: [200, { beaches: [] }] });
    render();
    expect(await screen.findByText('No Beaches Available')).toBeTruthy();
    expect(
      screen.getByText('There are currently no beaches available for algal bloom monitoring.'),
    ).toBeTruthy();
    expect(screen.getByText('Showing 0 beaches available for algal bloom monitoring')).toBeTruthy();
  });

  it('shows the load error with the fallback text, and Retry loads again', async () => {
    let fail = true;
    const api = mockApi({
      [LIST]: () => (fail ? [500, {}] : [200, { beaches: [item()] }]),
    });
    render();
    expect(await screen.findByText('Error Loading Beaches')).toBeTruthy();
    expect(screen.getByText('Failed to load beaches. Please try again.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 1 beaches available for algal bloom monitoring')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/v5/algal-bloom-metrics')).toHaveLength(2);
  });

  it('shows the server message on a load error', async () => {
    mockApi({ [LIST]: [403, { message: 'Nope.' }] });
    render();
    expect(await screen.findByText('Nope.')).toBeTruthy();
  });

  it('renders the table with badges, names and the beach link', async () => {
    mockApi({ [LIST]: [200, { beaches: [item({ latest_algal_bloom_metric: metric })] }] });
    render();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Beach',
      'Photo of Today',
      'Abnormal water colour',
      'Abnormal foam',
      'Beach cleaned',
      'Last Updated',
      'Actions',
    ]);
    expect(within(table).getByRole('link').getAttribute('href')).toBe(
      '/beach/nsw/waverley/tamarama/tamarama-beach',
    );
    expect(within(table).getByText('Alex Algae')).toBeTruthy();
    expect(within(table).getByText('5 minutes ago')).toBeTruthy();
    expect(within(table).getByText('No photo today')).toBeTruthy();
    expect(within(table).getByText('N/A').dataset.tone).toBe('grey');
    expect(within(table).getByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it('shows cards on small screens', async () => {
    setWidth(false);
    mockApi({ [LIST]: [200, { beaches: [item()] }] });
    render();
    expect(await screen.findByText('No metrics recorded yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add First Metrics' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('enables Save only when all three are set, resets on close, saves and re-fetches', async () => {
    const api = mockApi({
      [LIST]: [200, { beaches: [item()] }],
      'POST /api/v5/beach/5/algal-bloom-metrics': [
        201,
        {
          metric: {
            id: 1,
            beach_id: 5,
            water_discolour: true,
            beach_foam: false,
            clean_rating: true,
            created_at: new Date().toISOString(),
          },
        },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Metrics - Tamarama Beach' });
    const save = within(dialog).getByRole('button', { name: 'Save Metrics' }) as HTMLButtonElement;
    const choose = (legend: string, answer: 'Yes' | 'No') =>
      userEvent.click(within(within(dialog).getByRole('group', { name: legend })).getByLabelText(answer));
    expect(save.disabled).toBe(true);
    await choose('Abnormal water colour', 'Yes');
    await choose('Abnormal foam', 'No');
    expect(save.disabled).toBe(true);
    await choose('Beach cleaned', 'Yes');
    expect(save.disabled).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const reopened = screen.getByRole('dialog', { name: 'Update Metrics - Tamarama Beach' });
    expect(
      within(reopened)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);

    for (const legend of ['Abnormal water colour', 'Abnormal foam', 'Beach cleaned']) {
      await userEvent.click(
        within(within(reopened).getByRole('group', { name: legend })).getByLabelText('No'),
      );
    }
    await userEvent.click(within(reopened).getByRole('button', { name: 'Save Metrics' }));
    expect(await screen.findByText('Metrics updated successfully!')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      water_discolour: false,
      beach_foam: false,
      clean_rating: false,
    });
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/v5/algal-bloom-metrics')).toHaveLength(2),
    );
  });

  it('prefills the dialog from the latest metric and reports a failed save', async () => {
    const api = mockApi({
      [LIST]: [200, { beaches: [item({ latest_algal_bloom_metric: { ...metric, clean_rating: true } })] }],
      'POST /api/v5/beach/5/algal-bloom-metrics': [500, {}],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Update' }));
    const dialog = screen.getByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save Metrics' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    await userEvent.click(save);
    expect(await screen.findByText('Failed to save metrics')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/v5/algal-bloom-metrics')).toHaveLength(2),
    );
  });

  it('rejects a file that is not JPEG, PNG or WebP without sending it', async () => {
    const api = mockApi({ [LIST]: [200, { beaches: [item()] }] });
    render();
    const input = (await screen.findByTestId('photo-input-5')) as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Please select a valid image file (JPEG, PNG, or WebP)')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('uploads a valid photo, shows the server message and re-fetches', async () => {
    const api = mockApi({
      [LIST]: [200, { beaches: [item()] }],
      'POST /api/v5/beach/5/photo-of-day': [201, { message: 'Photo of the day uploaded successfully.' }],
    });
    render();
    const input = (await screen.findByTestId('photo-input-5')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Photo of the day uploaded successfully.')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/v5/algal-bloom-metrics')).toHaveLength(2),
    );
  });

  it('confirms before removing the photo and reports a failure', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    mockApi({
      [LIST]: [
        200,
        {
          beaches: [
            item({
              photo_of_today: {
                id: 9,
                created_at: new Date().toISOString(),
                timestamp: new Date().toISOString(),
                local_timestamp: '2026-11-21 09:00:00',
                meta: { image_url: '/u/large.jpg', thumbnail_url: '/u/thumb.jpg' },
              },
            }),
          ],
        },
      ],
      'DELETE /api/v5/beach-post/9/photo-of-day': [500, {}],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to remove the photo of the day for Tamarama Beach?',
    );
    expect(await screen.findByText('Failed to remove photo of the day')).toBeTruthy();
  });
});

describe('metricBadge', () => {
  it('colours water colour and foam yes red / no green, cleaned yes green / Pending red, unknown grey', () => {
    expect(metricBadge('water_discolour', true)).toEqual({ label: 'Yes', tone: 'red' });
    expect(metricBadge('beach_foam', false)).toEqual({ label: 'No', tone: 'green' });
    expect(metricBadge('clean_rating', true)).toEqual({ label: 'Yes', tone: 'green' });
    expect(metricBadge('clean_rating', false)).toEqual({ label: 'Pending', tone: 'red' });
    expect(metricBadge('beach_foam', null)).toEqual({ label: 'N/A', tone: 'grey' });
  });
});
