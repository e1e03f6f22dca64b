import { expect, newClockedContext, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';
import { BONDI, keepMapLocal } from './map-helpers.ts';

const EMPTY = 'There are no beaches matching your results!';

test.describe('with the browser position near Bondi', () => {
  test.use({ geolocation: BONDI, permissions: ['geolocation'] });

  test('Home lists the closest and patrolled beaches, offering no filter on facts nobody recorded', async ({
    page,
    context,
  }) => {
    await keepMapLocal(context);
    const lookup = page.waitForRequest((r) => r.url().endsWith('/api/v4/location/') && r.method() === 'POST');
    await page.goto('/');
    expect((await lookup).postDataJSON()).toEqual(BONDI);
    await expect(page.getByTestId('location-note')).toHaveText(
      'Showing beaches near your location: Bondi Beach, New South Wales.',
    );

    const patrolled = page.getByRole('list', { name: 'Patrolled' });
    const closest = page.getByRole('list', { name: 'Closest' });
    // The starter beaches nearest this point: the patrolled ones, and the closest of every kind
    // (the nearest, Bondi, is never hidden from Closest for being patrolled), at most 6 each.
    await expect(patrolled.getByRole('link')).toHaveText([
      'Bondi Beach',
      'Tamarama Beach',
      'Bronte Beach',
      'Clovelly Beach',
      'Coogee Beach',
      'Maroubra Beach',
    ]);
    await expect(closest.getByRole('link')).toHaveCount(6);
    await expect(closest.getByRole('link').first()).toHaveText('Bondi Beach');
    await expect(patrolled.getByRole('listitem').first()).toContainText('Bondi Beach · 0.06 km');
    await expect(patrolled.getByRole('link', { name: 'Bondi Beach' })).toHaveAttribute(
      'href',
      '/beach/nsw/waverley/bondi-beach/bondi-beach',
    );

    // The starter data records no facilities: a toilet, parking or dogs filter could only empty
    // both lists (and imply Bondi has no toilets), so none is offered.
    const row = page.getByRole('region', { name: 'Beaches near Bondi Beach' });
    await expect(row.getByRole('checkbox')).toHaveCount(0);
    await expect(row.getByText(EMPTY)).toHaveCount(0);
    // Each row carries the one-line status (a sample roster reads as a demo, never as patrolled):
    // on the run's Sunday the sample roster has Bondi patrolled today (data/sample/patrols.csv).
    await expect(patrolled.getByTestId('beach-status-summary').first()).toContainText(
      'Patrol: Demo patrol times (not real)',
    );
    // ...and the marine warnings in force at the beach, as its beach page counts them (issue 16):
    // the fake Bureau feed's Sydney Coast gale and statewide surf warnings.
    await expect(closest.getByTestId('beach-status-summary').first()).toContainText(
      'Marine warnings: 2 warnings',
    );

    // The place row links to the closest places; the banner is the rip current campaign.
    const places = page.getByRole('navigation', { name: 'Places near Bondi Beach' });
    await expect(places.getByRole('link')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'Learn More about rip currents' })).toHaveAttribute(
      'href',
      '/surf-safety/ripcurrents',
    );
    await expectNoAxeViolations(page);

    // Every later call names the place being looked at.
    const search = page.waitForRequest((r) => r.url().includes('/api/v4/autocomplete'));
    await page.getByRole('combobox', { name: /Search for a beach/ }).fill('bronte');
    expect((await search).headers()['x-location']).toBe('2026');

    await places.getByRole('link', { name: /Bronte/ }).click();
    await expect(page).toHaveURL('/nsw/waverley/bronte');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bronte');
  });
});

test('without JavaScript, Home arrives with the place found from the address, its lists and announcements', async ({
  browser,
}) => {
  const context = await newClockedContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  // This server's caller (127.0.0.1) has no public address: the default place, as the API answers.
  await expect(page.getByTestId('location-note')).toHaveText(
    'Showing beaches near Bondi Beach, New South Wales, our default location, because we could not find yours.',
  );
  await expect(page.getByRole('region', { name: 'Announcements' })).toContainText('SafeShore is in preview');
  await expect(page.getByRole('list', { name: 'Patrolled' }).getByRole('link').first()).toHaveText(
    'Bondi Beach',
  );
  await expect(page.getByText('Finding beaches near you')).toHaveCount(0);
  await context.close();
});

test('denied geolocation keeps the server lookup the page arrived with, asking nothing more', async ({
  browser,
}) => {
  const context = await newClockedContext(browser, { permissions: [] });
  await keepMapLocal(context);
  // Deny explicitly: the browser answers PERMISSION_DENIED without asking.
  await context.addInitScript(() => {
    navigator.geolocation.getCurrentPosition = (_ok, fail) =>
      fail?.({
        code: 1,
        message: 'User denied Geolocation',
        PERMISSION_DENIED: 1,
      } as GeolocationPositionError);
  });
  const page = await context.newPage();
  const lookups: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v4/location')) lookups.push(r.url());
  });
  await page.goto('/');
  // The server looked up the caller's address (else the default coordinate, Bondi) for the page;
  // the browser's own lookup with no body would get the same answer, so none is made.
  await expect(page.getByTestId('location-note')).toContainText(
    'Showing beaches near Bondi Beach, New South Wales, our default location',
  );
  await expect(page.getByTestId('location-note')).toContainText('Allow location access');
  await page.waitForLoadState('networkidle');
  expect(lookups).toEqual([]);
  await expect(page.getByRole('list', { name: 'Patrolled' }).getByRole('link').first()).toHaveText(
    'Bondi Beach',
  );
  await context.close();
});

test('a location failure shows the server message and clears the lists', async ({ page, context }) => {
  await keepMapLocal(context);
  // With a position the browser looks it up itself (the server's lookup is by address only).
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(BONDI);
  await page.route('**/api/v4/location/', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Try later"}' }),
  );
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText(
    'Error fetching location details, server responded: Try later',
  );
  await expect(page.getByRole('list', { name: 'Closest' })).toHaveCount(0);
  await page.unroute('**/api/v4/location/');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('list', { name: 'Patrolled' })).toBeVisible();
});
