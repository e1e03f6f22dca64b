import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test.ts';
import type { WeatherResponse } from '@safeshore/domain';
import { expectNoAxeViolations } from './axe.ts';

/**
 * The beach page's conditions against the real server and the fake upstream (weather, marine,
 * radar, warnings: apps/api/test/fakes/upstream-server.ts, started by playwright.config.ts).
 */
const FAKE_UPSTREAM = process.env.FAKE_UPSTREAM_URL ?? 'http://127.0.0.1:8299';
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';
/** A beach no other test asks the weather of, so nothing is cached for it when the upstream is down. */
const SEVEN_MILE_TAS = '/beach/tas/clarence/seven-mile-beach/seven-mile-beach';

// The upstream-down test flips the fake for everyone: keep this file's tests in one worker, in order.
// Axe and the radar's real-time playback make these tests longer than most.
test.describe.configure({ mode: 'default', timeout: 60_000 });

// 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Map and radar tiles never leave the machine: every tile request gets the tiny PNG. */
async function stubTiles(page: Page) {
  // CORS allowed, like the real tile services (the maps ask for CORS tiles).
  const tile = (route: Route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: PNG,
    });
  await page.route(/^https?:\/\/[^/]*tile[^/]*\//, tile);
  await page.route(/\/rainviewer\/tiles\//, tile);
}

async function openBeach(page: Page, path = BONDI): Promise<WeatherResponse> {
  await stubTiles(page);
  const weather = page.waitForResponse((r) => /\/api\/v4\/beach\/\d+\/weather$/.test(r.url()));
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const response = await weather;
  expect(response.status()).toBe(200);
  return (await response.json()) as WeatherResponse;
}

const conditions = (page: Page) => page.getByRole('region', { name: 'Conditions', exact: true });

async function setUpstream(modes: Record<string, string>) {
  const response = await fetch(`${FAKE_UPSTREAM}/__control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(modes),
  });
  expect(response.ok).toBe(true);
}

async function resetUpstream() {
  await fetch(`${FAKE_UPSTREAM}/__control/reset`, { method: 'POST' });
}

test('each weather tab renders from the providers, with source and age; Right now shows the conditions', async ({
  page,
}) => {
  const weather = await openBeach(page);
  const card = conditions(page);
  await expect(card.getByRole('tab')).toHaveText(['Weather', 'Swell', 'Wind', 'Tide', 'UV', 'Radar']);

  // Weather: a day per forecast day and the temperature chart (6-hourly ticks: 12 am shows the day).
  const days = card.getByRole('list', { name: 'Daily forecast' }).getByRole('listitem');
  await expect(days).toHaveCount(weather.forecast.length);
  await expect(days.first()).toContainText(/Min -?\d+(\.\d+)?°C · Max -?\d+(\.\d+)?°C/);
  await expect(card.getByRole('img', { name: /^Air temperature \(°C\)/ })).toBeVisible();
  const ticks = await card.getByTestId('chart-x-axis').locator('text').allTextContents();
  expect(ticks.filter((t) => /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat)$/.test(t)).length).toBeGreaterThan(1);
  expect(ticks.every((t) => /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat|6 am|12 pm|6 pm)$/.test(t))).toBe(true);
  await expect(card.getByRole('tabpanel').getByTestId('source-line')).toContainText(
    /^Open-Meteo forecast · updated (just now|\d+ min ago)/,
  );

  await card.getByRole('tab', { name: 'Swell' }).click();
  await expect(card.getByRole('img', { name: /^Swell height \(m\)/ })).toBeVisible();
  await expect(card.getByText('Water temperature')).toBeVisible();
  await expect(card.getByRole('tabpanel').getByTestId('source-line')).toContainText(
    /^Open-Meteo marine · updated/,
  );

  await card.getByRole('tab', { name: 'Wind' }).click();
  await expect(card.getByRole('img', { name: /^Wind speed \(km\/h\)/ })).toBeVisible();
  // Hourly ticks: consecutive labels an hour (or a day boundary) apart.
  await expect(card.getByTestId('chart-x-axis').locator('text').nth(1)).toHaveText(
    /^(\d{1,2} (am|pm)|Sun|Mon|Tue|Wed|Thu|Fri|Sat)$/,
  );
  const arrows = card.locator('.chart__marker title');
  expect(await arrows.count()).toBeGreaterThan(0);
  await expect(arrows.first()).toHaveText(
    /^Wind from (N|NNE|NE|ENE|E|ESE|SE|SSE|S|SSW|SW|WSW|W|WNW|NW|NNW), /,
  );

  await card.getByRole('tab', { name: 'Tide' }).click();
  await expect(card.getByRole('img', { name: /^Tide height \(m above LAT\)/ })).toBeVisible();
  const tideRows = card.getByRole('table', { name: 'Tide times' }).getByRole('row');
  expect(await tideRows.count()).toBeGreaterThan(2);
  await expect(tideRows.nth(1)).toContainText(/^\s*(High|Low)/);
  await expect(card.getByText(/^Predicted for .+, \d+\.\d{2} km from the beach/)).toBeVisible();
  // A computed prediction: "predicted", never "updated … ago"; its credit is a line with links, not raw URLs.
  const tideSource = card.getByRole('tabpanel').getByTestId('source-line');
  await expect(tideSource).toContainText(/^neaps tide predictions · predicted, not measured/);
  await expect(tideSource).not.toContainText('updated');
  await expect(tideSource).not.toContainText('https://');

  await card.getByRole('tab', { name: 'UV' }).click();
  const uvDays = card.getByRole('list', { name: 'Daily maximum UV index' }).getByRole('listitem');
  await expect(uvDays).toHaveCount(weather.uv.length);
  await expect(uvDays.first().locator('.uv__value')).toHaveText(/^\d+(\.\d{1,2})?\/11\+$/);

  // Marine warnings: a count badge matching the list.
  const warnings = card.getByTestId('marine-warnings');
  await expect(warnings.getByTestId('warning-count')).toHaveText(
    `${weather.todays_marine_warnings.length} warning${weather.todays_marine_warnings.length === 1 ? '' : 's'}`,
  );
  await expect(warnings.getByRole('listitem')).toHaveCount(weather.todays_marine_warnings.length);

  // The weather summary is Right now's conditions: each figure with its source and age.
  const summary = page.getByRole('region', { name: 'Right now' }).getByRole('table');
  await expect(summary.getByRole('rowheader')).toContainText([
    'Weather',
    'Wind',
    'Swell',
    'Water',
    'UV',
    'Tide',
  ]);
  await expect(summary.getByRole('row').filter({ hasText: 'Wind' })).toContainText(/Open-Meteo forecast · /);
  await expect(summary.getByRole('row').filter({ hasText: 'Tide' })).toContainText(
    'Predicted (neaps tide predictions)',
  );

  await expectNoAxeViolations(page);
});

test('radar: loads the map only when opened, plays a frame a second, steps and wraps, and a new size starts over', async ({
  page,
}) => {
  const radarChunk: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/RadarMap-[^/]+\.js$/.test(r.url())) radarChunk.push(r.url());
  });
  const weather = await openBeach(page);
  const radar = weather.radar!;
  expect(radar).not.toBeNull();
  const card = conditions(page);
  await expect(card.getByRole('tab', { name: 'Weather' })).toBeVisible();
  expect(radarChunk).toEqual([]);

  await card.getByRole('tab', { name: 'Radar' }).click();
  const range = card.getByLabel('Range');
  await expect(range).toHaveValue('128');
  const frames = radar.sizes.find((s) => s.size === 128)!.images;
  const frame = card.getByTestId('radar-frame');
  // The frame's time at the beach: the run's clock starts at 10:00 on Sunday in Sydney, so the
  // frames (the last two hours) are all from this morning, shown without a date.
  await expect(frame).toHaveText(new RegExp(`^Frame \\d+ of ${frames.length} · \\d{1,2}:\\d{2} am$`));
  await expect(card.getByTestId('radar-map').locator('.leaflet-tile-container img').first()).toBeAttached();
  expect(radarChunk).toHaveLength(1);

  // Plays: the next frame about a second later, looping after the last.
  const index = async () => Number(await frame.getAttribute('data-frame'));
  const from = await index();
  await expect.poll(index, { timeout: 2500 }).toBe((from + 1) % frames.length);
  const shownTile = (i: number) =>
    card.locator(
      `.leaflet-layer[style*="opacity: 0.7"] img[src*="${new URL(frames[i]!.url.replace(/\{[xyz]\}/g, '0')).pathname.split('/256/')[0]}"]`,
    );

  // Stop holds the frame; the map shows that frame's tiles.
  const toggle = card.getByTestId('radar-toggle');
  await toggle.click();
  await expect(toggle).toHaveText(/Play/);
  const held = await frame.textContent();
  await expect(shownTile(await index()).first()).toBeAttached();
  await page.waitForTimeout(1500);
  await expect(frame).toHaveText(held!);

  // Previous from the first frame wraps to the last; next from the last wraps to the first.
  const next = card.getByRole('button', { name: 'Next frame' });
  const previous = card.getByRole('button', { name: 'Previous frame' });
  while (!(await frame.textContent())!.startsWith('Frame 1 ')) await previous.click();
  await previous.click();
  await expect(frame).toHaveText(new RegExp(`^Frame ${frames.length} of ${frames.length} · `));
  await expect(shownTile(frames.length - 1).first()).toBeAttached();
  await next.click();
  await expect(frame).toHaveText(new RegExp(`^Frame 1 of ${frames.length} · `));

  // Stepping while playing stops playback.
  await toggle.click();
  await expect(toggle).toHaveText(/Stop/);
  await next.click();
  await expect(toggle).toHaveText(/Play/);

  // A new size: first frame, and the map fits the smaller area (deeper zoom in the base tiles).
  const baseZoom = async () =>
    Math.max(
      ...(await card
        .locator('.leaflet-tile-container img')
        .evaluateAll((imgs) =>
          imgs.map((img) => Number(/tile[^/]*\/(\d+)\//.exec((img as HTMLImageElement).src)?.[1] ?? 0)),
        )),
    );
  expect(await baseZoom()).toBe(7);
  // Stopped on a later frame, so the reset is seen however slow the machine is (while playing, a
  // busy machine can move past frame 1 before the check looks).
  await next.click();
  await expect(frame).not.toHaveText(/^Frame 1 of /);
  await range.selectOption('64');
  const small = radar.sizes.find((s) => s.size === 64)!.images;
  await expect(frame).toHaveText(new RegExp(`^Frame 1 of ${small.length} · `));
  await expect.poll(baseZoom).toBeGreaterThan(7);

  // Dragging and scroll-zoom are off.
  await toggle.click();
  const zoomBefore = await baseZoom();
  const map = card.getByTestId('radar-map');
  await map.hover();
  await page.mouse.wheel(0, -600);
  await page.waitForTimeout(600);
  expect(await baseZoom()).toBe(zoomBefore);
  await expect(map).not.toHaveClass(/leaflet-grab/);

  await expectNoAxeViolations(page);
});

test('radar: with reduced motion it does not play by itself', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openBeach(page);
  const card = conditions(page);
  await card.getByRole('tab', { name: 'Radar' }).click();
  const frame = card.getByTestId('radar-frame');
  await expect(frame).toHaveText(/^Frame 1 of /);
  await expect(card.getByTestId('radar-toggle')).toHaveText(/Play/);
  await page.waitForTimeout(2200);
  await expect(frame).toHaveText(/^Frame 1 of /);
  await card.getByTestId('radar-toggle').click();
  await expect(frame).toHaveText(/^Frame 2 of /, { timeout: 2500 });
});

test('offline after load: the Radar tab is hidden and the other tabs stay', async ({ page, context }) => {
  await openBeach(page);
  const card = conditions(page);
  await card.getByRole('tab', { name: 'Radar' }).click();
  await expect(card.getByTestId('radar-frame')).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('You are offline!')).toBeVisible();
  await expect(card.getByRole('tab')).toHaveText(['Weather', 'Swell', 'Wind', 'Tide', 'UV']);
  await expect(card.getByRole('tab', { name: 'Weather' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByRole('list', { name: 'Daily forecast' })).toBeVisible();
  await context.setOffline(false);
  await expect(card.getByRole('tab', { name: 'Radar' })).toBeVisible();
});

test('the weather call failing leaves the rest of the page whole and offers a retry', async ({ page }) => {
  await stubTiles(page);
  let fail = true;
  await page.route(/\/api\/v4\/beach\/\d+\/weather$/, (route) =>
    fail
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' })
      : route.fallback(),
  );
  await page.goto(BONDI);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');
  const card = conditions(page);
  await expect(card.getByText('Conditions are not available right now.')).toBeVisible({ timeout: 10_000 });
  // Right now says so in one line, with no space held for figures that will not come.
  const rightNow = page.getByRole('region', { name: 'Right now' });
  await expect(rightNow.getByRole('table')).toHaveCount(0);
  await expect(rightNow.getByTestId('right-now-conditions')).toHaveText(
    'Weather, wind, swell, water temperature, UV and tide are not available right now.',
  );
  await expect(rightNow.getByTestId('right-now-warnings')).toContainText('Marine warnings not available');
  await expect(page.getByRole('region', { name: 'Patrols' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Near By Beaches' })).toBeVisible();
  await expectNoAxeViolations(page);

  fail = false;
  await card.getByRole('button', { name: 'Try again' }).click();
  // The server may now ask the upstream for the first time.
  await expect(card.getByRole('tab', { name: 'Weather' })).toBeVisible({ timeout: 15_000 });
  await expect(rightNow.getByRole('table')).toBeVisible();
});

test('with every upstream down the beach page still renders, and says what is missing', async ({ page }) => {
  await setUpstream({ forecast: 'down', marine: 'down', radar: 'down', warnings: 'down' });
  // Down for the whole test: the page may ask again (a second reader of the weather query), and
  // must get the same answers.
  try {
    await everyUpstreamDown(page);
  } finally {
    await resetUpstream();
  }
});

async function everyUpstreamDown(page: Page) {
  const weather = await openBeach(page, SEVEN_MILE_TAS);
  expect(weather.sources.forecast).toBeNull();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seven Mile Beach');
  await expect(page.getByRole('region', { name: 'Right now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Near By Beaches' })).toBeVisible();

  const card = conditions(page);
  // One line for every group whose provider is down, not a tab each saying so. The radar's one
  // national answer may still be served from the cache, with its age, when an earlier spec loaded it.
  const radarCached = weather.sources.radar !== null;
  await expect(card.getByTestId('conditions-unavailable')).toHaveText(
    radarCached
      ? 'Weather, swell, wind and UV are not available right now.'
      : 'Weather, swell, wind, UV and radar are not available right now.',
  );
  // Warnings: "not available" when the server holds none for the state; when an earlier spec loaded
  // them, the last answer with its source and age (never "none" without a source).
  const warnings = card.getByTestId('marine-warnings');
  if (weather.sources.warnings === null) {
    await expect(warnings).toContainText('Marine warnings are not available right now.');
  } else {
    await expect(warnings).toContainText(/Bureau of Meteorology · updated (just now|\d+ min ago)/);
  }
  // Tides are predicted on our server and need no upstream: theirs is the first tab left, selected.
  await expect(card.getByRole('tab')).toHaveText(radarCached ? ['Tide', 'Radar'] : ['Tide']);
  await expect(card.getByRole('tab', { name: 'Tide' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByRole('table', { name: 'Tide times' })).toBeVisible();
  await expectNoAxeViolations(page);
}
