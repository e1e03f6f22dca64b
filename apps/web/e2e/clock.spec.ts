import { e2eNow, expect, test } from './support/test.ts';

/**
 * The run's one clock (support/clock.ts) is the clock of every part: the browser, the server and
 * the fake upstreams all read Sunday 22 November 2026 in Sydney, whatever day the suite runs on.
 */

const MINUTE = 60_000;
const sydneyDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(at);

test('the browser, the server and the fake upstreams share the run’s clock', async ({ page, request }) => {
  const now = e2eNow();
  expect(sydneyDate(now)).toBe('2026-11-22');

  await page.goto('/about');
  const inPage = await page.evaluate(() => Date.now());
  expect(Math.abs(inPage - now.getTime())).toBeLessThan(2 * MINUTE);

  // The server's "today" at Bondi: its patrols answer names the day, and the sample weekend roster
  // has Bondi patrolled today.
  const place = await request.post('/api/v4/location/', { data: { url: '/postcode/2026' } });
  const listed = (
    (await place.json()) as {
      patrolledBeaches: Array<{ id: number; key: string; is_patrolled_today: { flag: number } | null }>;
    }
  ).patrolledBeaches.find((beach) => beach.key === 'nsw-2026-bondi-beach')!;
  expect(listed.is_patrolled_today).toMatchObject({ flag: 1, is_sample: true });
  const patrols = await request.get(`/api/v4/beach/${listed.id}/patrols`);
  expect(((await patrols.json()) as { date: string }).date).toBe('2026-11-22');

  // A beach page is rendered now on the same clock.
  const beach = await request.get('/api/v4/beach/nsw/waverley/bondi-beach/bondi-beach');
  const renderedAt = Date.parse(
    ((await beach.json()) as { beach: { rendered_at: string } }).beach.rendered_at,
  );
  expect(Math.abs(renderedAt - e2eNow().getTime())).toBeLessThan(2 * MINUTE);

  // The fake upstream's latest radar frame is at most 10 minutes before the run's now.
  const maps = await request.get(`${process.env.FAKE_UPSTREAM_URL}/rainviewer/public/weather-maps.json`);
  const frames = ((await maps.json()) as { radar: { past: Array<{ time: number }> } }).radar.past;
  const latest = frames.at(-1)!.time * 1000;
  expect(e2eNow().getTime() - latest).toBeGreaterThanOrEqual(0);
  expect(e2eNow().getTime() - latest).toBeLessThan(10 * MINUTE + MINUTE);
});
