import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { beach, detail, patrolsResponse, summary } from '../../test/fixtures.ts';
import { installDialogPolyfill } from '../../test/render.tsx';
import { weatherFixture } from '../conditions/test-fixtures.ts';
import { BeachDetail } from './BeachDetail.tsx';

beforeAll(installDialogPolyfill);
beforeEach(() => {
  mockApi({ 'GET /api/v4/beach/1/patrols': [200, patrolsResponse()] });
  // jsdom has no matchMedia (the map section asks whether the screen is small).
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (d = detail()) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <BeachDetail detail={d} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');

describe('BeachDetail', () => {
  it('shows the title, breadcrumb links and length in km', () => {
    show(detail({ beach: beach({ length: 1250 }) }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bondi Beach');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('link');
    expect(crumbs.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['New South Wales', '/nsw'],
      ['Waverley', '/nsw/waverley'],
      ['Bondi Beach', '/nsw/waverley/bondi-beach'],
    ]);
    expect(screen.getByTestId('beach-length').textContent).toBe('1.25 km');
    expect(screen.getByRole('link', { name: /Directions/ }).getAttribute('href')).toContain('-33.9,151.27');
  });

  it('says "Not rated" and "Not known" rather than inventing values', () => {
    show(detail({ beach: beach({ hazard: null, length: null, patrol: null }) }));
    expect(screen.getByText('Not rated')).toBeTruthy();
    expect(screen.getByTestId('beach-length').textContent).toBe('Not known');
    expect(screen.getByText('Patrol information not available')).toBeTruthy();
  });

  it.each([
    [2, 'Least hazardous'],
    [5, 'Moderately hazardous'],
    [7, 'Highly hazardous'],
    [9, 'Extremely hazardous'],
  ])('shows a hazard of %s as x/10 with "%s"', (hazard, band) => {
    show(detail({ beach: beach({ hazard }) }));
    expect(screen.getByText(`${hazard}/10`)).toBeTruthy();
    expect(screen.getByText(band)).toBeTruthy();
  });

  it('shows exactly 3 with no band label', () => {
    const { container } = show(detail({ beach: beach({ hazard: 3 }) }));
    expect(
      within(screen.getByRole('region', { name: 'General Hazard Rating' })).getByText('3/10'),
    ).toBeTruthy();
    expect(container.querySelector('.hazard__band')).toBeNull();
  });

  it('shows a 50-word teaser and the sections in the Beach Description dialog', () => {
    show(detail({ beach: beach({ description: { Access: 'Walk down the stairs.', Beach: words(60) } }) }));
    expect(screen.getByText(`${words(50)}…`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Read more' }));
    const dialog = screen.getByRole('dialog', { name: 'Beach Description' });
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Summary', 'Access']);
    expect(within(dialog).getByText('Walk down the stairs.')).toBeTruthy();
  });

  it('groups facilities into Information, Regulations and Hazards', () => {
    show(
      detail({
        beach: beach({
          facilities: [
            { type: 'Facility', name: 'Toilets', url: null },
            { type: 'Regulation', name: 'No dogs', url: null },
            { type: 'Rip', name: 'Permanent rip', url: null },
          ],
        }),
      }),
    );
    const tile = (name: string) => screen.getByRole('region', { name });
    expect(within(tile('Information')).getByText('Toilets')).toBeTruthy();
    expect(within(tile('Regulations')).getByText('No dogs')).toBeTruthy();
    expect(within(tile('Hazards')).getByText('Permanent rip')).toBeTruthy();
  });

  it('shows the first 3 nearby beaches, and related beaches that Near By does not already show', () => {
    const many = Array.from({ length: 6 }, (_, i) => summary({ id: 10 + i, title: `Beach ${i + 1}` }));
    show(detail({ nearBy: many, relatedBeaches: many }));
    const titles = (name: string) =>
      within(screen.getByRole('region', { name }))
        .getAllByRole('link')
        .map((a) => a.textContent);
    expect(titles('Near By Beaches')).toEqual(['Beach 1', 'Beach 2', 'Beach 3']);
    expect(titles('Related Beaches')).toEqual(['Beach 4', 'Beach 5', 'Beach 6']);
    cleanup();
    show(detail({ nearBy: many.slice(0, 3), relatedBeaches: many.slice(0, 2) }));
    // Nothing left to add: no Related card repeating Near By.
    expect(screen.queryByRole('region', { name: 'Related Beaches' })).toBeNull();
  });

  it('shows no breadcrumb twice when the area and the city share a name (issue 30: "Cottesloe › Cottesloe")', () => {
    show(
      detail({
        beach: beach({
          state: 'WA',
          area: 'Cottesloe',
          city: 'Cottesloe',
          area_url: '/wa/cottesloe',
          state_url: '/wa',
          postcode_url: '/wa/cottesloe/cottesloe',
        }),
      }),
    );
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('link');
    expect(crumbs.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Western Australia', '/wa'],
      ['Cottesloe', '/wa/cottesloe/cottesloe'],
    ]);
  });

  it('ends with where the information comes from; the beach key and render time are not shown (issue 30)', () => {
    show();
    const footer = screen.getByRole('heading', { name: 'Where this information comes from' }).parentElement!;
    expect(within(footer).getByTestId('beach-source').textContent).toMatch(/^Source: /);
    expect(footer.textContent).not.toMatch(/Beach key|Rendered @|nsw-2026-bondi-beach/);
    expect(footer.getAttribute('data-beach-key')).toBe('nsw-2026-bondi-beach');
    expect(footer.getAttribute('data-rendered-at')).toBe('2026-11-21T02:05:00.000Z');
  });

  it("credits the conditions' sources at the foot of the page, in words, with the licences behind a disclosure", async () => {
    mockApi({
      'GET /api/v4/beach/1/patrols': [200, patrolsResponse()],
      'GET /api/v4/beach/1/weather': [
        200,
        weatherFixture({
          sources: {
            ...weatherFixture().sources,
            tides: {
              ...weatherFixture().sources.tides!,
              attribution:
                'Neaps tide database (https://github.com/openwatersio/tide-database). Licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/).',
            },
          },
        }),
      ],
    });
    show();
    const sources = await screen.findByTestId('conditions-sources', {}, { timeout: 5000 });
    expect(sources.querySelector('p')!.textContent).toBe(
      'Conditions: Weather, wind and UV from Open-Meteo forecast; Swell and water temperature from Open-Meteo marine; ' +
        'Tide times predicted for Sydney (Fort Denison) by neaps tide predictions; Rain radar from RainViewer; ' +
        'Marine warnings from Bureau of Meteorology.',
    );
    const credits = within(sources).getByRole('group');
    expect(within(credits).getByText('Credits and licences')).toBeTruthy();
    expect(
      within(credits).getByRole('link', { name: /github\.com\/openwatersio\/tide-database/ }),
    ).toBeTruthy();
  });

  it('labels a sample beach', () => {
    show(detail({ beach: beach({ is_sample: true }) }));
    expect(screen.getByText('Sample beach')).toBeTruthy();
  });

  it('photos: none shows nothing, one shows alone, several rotate in a carousel', () => {
    const image = (id: number) => ({
      id,
      url: `/media/${id}.jpg`,
      caption: `View ${id}`,
      credit: null,
      licence: null,
    });
    show();
    // No photos: no photo card at all.
    expect(screen.queryByRole('region', { name: 'Photos' })).toBeNull();
    expect(screen.queryByText(/No photos/)).toBeNull();
    cleanup();
    show(detail({ images: [image(1)] }));
    expect(screen.getByRole('img', { name: 'View 1' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Photos of Bondi Beach' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
    cleanup();
    show(detail({ images: [image(1), image(2), image(3)] }));
    const carousel = screen.getByRole('region', { name: 'Photos of Bondi Beach' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(within(carousel).getByRole('img', { name: 'View 1' })).toBeTruthy();
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next slide' }));
    expect(within(carousel).getByRole('img', { name: 'View 2' })).toBeTruthy();
    expect(within(carousel).queryByRole('img', { name: 'View 1' })).toBeNull();
  });

  it('a broken photo says "Image not available"', () => {
    show(
      detail({ images: [{ id: 1, url: '/media/gone.jpg', caption: 'View', credit: null, licence: null }] }),
    );
    fireEvent.error(screen.getByRole('img', { name: 'View' }));
    expect(screen.getByText('Image not available')).toBeTruthy();
  });

  it('puts "Right now" first, right below the title, with patrol, warnings and hazard', async () => {
    show(detail({ beach: beach({ hazard: null, patrol: 1, is_patrolled_today: null }) }));
    const panel = screen.getByRole('region', { name: 'Right now' });
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label') ?? r.textContent);
    expect(regions[0]).toContain('Right now');
    expect(within(panel).getByText('Patrol times not known for this beach')).toBeTruthy();
    expect(
      within(panel).getByText(/Swim at a patrolled beach, between the red and yellow flags/),
    ).toBeTruthy();
    expect(within(panel).getByText('Not rated')).toBeTruthy();
    // The weather request fails in this test: warnings are not available, never "none".
    expect(await within(panel).findByText('Marine warnings not available right now')).toBeTruthy();
    expect(within(panel).queryByText(/No marine warnings/)).toBeNull();
  });

  it('collapses a beach with no hazard rating, facilities or regulations into one honest line', () => {
    show(detail({ beach: beach({ hazard: null, facilities: [] }) }));
    expect(screen.getByTestId('facilities-unknown').textContent).toMatch(
      /^No hazard rating, facilities, regulations or hazard notes recorded for this beach yet\. That does not mean there are none/,
    );
    for (const name of ['Information', 'Regulations', 'Hazards', 'General Hazard Rating']) {
      expect(screen.queryByRole('region', { name })).toBeNull();
    }
    expect(screen.queryByText('No information')).toBeNull();
  });

  it('has a Map card for the beach and its nearby beaches', () => {
    show(detail({ nearBy: [summary()] }));
    expect(screen.getByRole('region', { name: 'Map' })).toBeTruthy();
  });
});
