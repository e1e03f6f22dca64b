import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TodayPost } from '@safeshore/domain';
import { installDialogPolyfill, renderScreen } from '../../test/render.tsx';
import { TodayConditions } from './TodayConditions.tsx';

beforeAll(installDialogPolyfill);
afterEach(cleanup);

const photo = (meta: TodayPost['meta'] = {}): TodayPost => ({
  point_id: 1,
  local_timestamp: '2026-11-21 07:45:00',
  meta: { image_url: '/uploads/today.jpg', ...meta },
});
const show = (posts: TodayPost[]) =>
  renderScreen(<TodayConditions posts={posts} beachTitle="Bondi Beach" />, { path: '/beach' });

describe('TodayConditions', () => {
  it('opens the photo of the day in a dialog titled with the time it was added', () => {
    show([photo()]);
    fireEvent.click(screen.getByRole('button', { name: 'Photo of the day, added 7:45 am' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo of the day | Added 7:45 am' });
    expect(within(dialog).getByRole('img', { name: 'Photo of the day at Bondi Beach' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/beach');
  });

  it('a photo with a link navigates there instead', () => {
    show([photo({ link: '/surf-safety/sun-safety' })]);
    fireEvent.click(screen.getByRole('button', { name: /Photo of the day/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/surf-safety/sun-safety');
  });

  it('small tiles navigate to their link; a tile without a link is not a button', () => {
    show([
      {
        point_id: 4,
        local_timestamp: '2026-11-21 08:00:00',
        meta: { label: 'Bluebottles', link: '/surf-safety/bluebottle' },
      },
      { point_id: 5, local_timestamp: '2026-11-21 08:00:00', meta: { label: 'Crowded' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Crowded' })).toBeNull();
    expect(screen.getByText('Crowded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bluebottles' }));
    expect(screen.getByTestId('where').textContent).toBe('/surf-safety/bluebottle');
  });

  it('labels sample posts "Sample data", in the card and the dialog', () => {
    show([
      photo({ sample: true }),
      { point_id: 3, local_timestamp: '2026-11-21 08:00:00', meta: { label: 'Calm', sample: true } },
    ]);
    expect(screen.getAllByText('Sample data')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Photo of the day, added 7:45 am (sample data)' }));
    expect(within(screen.getByRole('dialog')).getByText('Sample data')).toBeTruthy();
  });

  it('real posts carry no sample label', () => {
    show([photo()]);
    expect(screen.queryByText('Sample data')).toBeNull();
  });
});
