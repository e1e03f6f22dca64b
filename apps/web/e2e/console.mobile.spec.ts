import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext, Page } from '@playwright/test';
import type { RipSkillReport } from '@safeshore/domain';
import { providerUrls } from '../../api/test/fakes/upstream-server.ts';
import { createAccount, auth, signIn, type Account } from './accounts-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';
import { e2eClockEnv } from './support/clock.ts';
import { expect, newClockedContext, test } from './support/test.ts';

/**
 * The lifesaver console at 390 px (issue 17): a lifesaver closes Bondi for a shark sighting and a
 * guest sees it in Right now within a second; then with no signal the lifesaver's next status waits
 * on the phone, is listed as waiting, and is sent once when the signal returns (the audit log has
 * it once). A rip report made with no signal reaches the server once and shows in the operators'
 * skill report (issue 29). Every console screen passes axe.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const BONDI_KEY = 'nsw-2026-bondi-beach';
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';
/** Patrol and post go to a beach no other spec reads (a console patrol stays for the day). */
const CLOVELLY_KEY = 'nsw-2031-clovelly-beach';
/** Rip reports go to a beach no other spec reads (it gets a rip outlook for the run). */
const MAROUBRA_KEY = 'nsw-2035-maroubra-beach';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Operator commands against the same database as the server under test, on the run's clock. */
function admin(...args: string[]) {
  adminWith({}, args);
}

function adminWith(env: Record<string, string>, args: string[]) {
  const result = spawnSync(process.execPath, ['apps/api/src/admin.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...e2eClockEnv(),
      SQLITE_PATH: process.env.E2E_DATABASE!,
      LOG_LEVEL: 'error',
      ...env,
    },
    encoding: 'utf8',
  });
  expect(result.status, result.stdout + result.stderr).toBe(0);
}

/**
 * Gives a beach of this run's database a shore normal (no starter beach has one until the derived
 * values are merged) and computes its rip outlook from the fake Open-Meteo, as the server would.
 */
function giveRipOutlook(key: string, degrees: number) {
  const db = new DatabaseSync(process.env.E2E_DATABASE!);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const { changes } = db
      .prepare(
        `UPDATE beaches SET shore_normal_deg = ?, shore_normal_source = 'import',
           shore_normal_confidence = 'high', shore_normal_note = ? WHERE key = ?`,
      )
      .run(degrees, 'Set by the browser test (console.mobile.spec.ts)', key);
    expect(changes).toBe(1);
  } finally {
    db.close();
  }
  adminWith({ WEATHER_PROVIDERS: 'on', ...providerUrls(process.env.FAKE_UPSTREAM_URL!) }, ['rip-refresh']);
}

async function bondiId(request: APIRequestContext): Promise<number> {
  const response = await request.get(`/api/v4${BONDI}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { beach: { id: number } }).beach.id;
}

/** Full-page screenshots for a person to look at, when SHOTS_DIR is set. */
async function shot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  fs.mkdirSync(process.env.SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `console-${name}.png`), fullPage: true });
}

/** The same screen at 1280 px too, for a person to look at (SHOTS_DIR). */
async function shotWide(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, `${name}-1280`);
  await page.setViewportSize(PHONE.viewport);
}

async function setStatus(page: Page, status: string, reason: string, message: string) {
  await page.getByRole('radio', { name: new RegExp(`^${status}`) }).check();
  await page.getByLabel(/^Reason/).selectOption(reason);
  await page.getByLabel(/^Message for the public/).fill(message);
  await page.getByRole('button', { name: 'Set status' }).click();
}

test.describe.configure({ mode: 'serial' });

let lifesaver: Account;
let operator: Account;
let beachId: number;

test.beforeAll(async ({ request }) => {
  [lifesaver, operator] = await Promise.all([
    createAccount(request, 'lifesaver'),
    createAccount(request, 'operator'),
  ]);
  admin('grant-role', lifesaver.email, 'lifesaver', '--beach', BONDI_KEY, '--beach', CLOVELLY_KEY);
  admin('grant-role', operator.email, 'operator', '--state', 'NSW');
  beachId = await bondiId(request);
});

// Leave Bondi as the other specs expect it: no live status.
test.afterAll(async ({ request }) => {
  if (lifesaver) {
    await request.delete(`/api/v5/beach/${beachId}/status`, { headers: auth(lifesaver.token) });
  }
});

test('a lifesaver closes Bondi for a shark sighting; a guest sees it in Right now within 1 s', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A guest already reading the Bondi page on another phone.
  const guestContext = await newClockedContext(browser, PHONE);
  const guest = await guestContext.newPage();
  await guest.goto(BONDI);
  await expect(guest.getByTestId('right-now-patrol')).toBeVisible();
  await expect(guest.getByTestId('right-now-beach-status')).toHaveCount(0);

  // The lifesaver finds the console in the menu.
  await signIn(page, lifesaver, '/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Lifesaver console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lifesaver console' })).toBeVisible();
  await expect(page.getByText('Lifesaver: Bondi Beach')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'home');

  await page.getByRole('link', { name: /Bondi Beach/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bondi Beach' })).toBeVisible();
  await expectNoAxeViolations(page);

  await setStatus(page, 'Closed', 'shark_sighting', 'Shark seen off the north end. Stay out of the water.');
  const confirm = page.getByRole('dialog', { name: 'Close Bondi Beach?' });
  await expect(confirm).toContainText('“Closed — shark sighting”');
  await expectNoAxeViolations(page);
  await shot(page, 'confirm');
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/v5/beach/${beachId}/status`) && response.request().method() === 'PUT',
  );
  await confirm.getByRole('button', { name: 'Yes, close the beach' }).click();
  expect((await saved).status()).toBe(200);
  const savedAt = Date.now();

  // The guest's page reads the beach again (the app's reload event, as a poll would) and shows it.
  const read = guest.waitForResponse((response) => new URL(response.url()).pathname === `/api/v4${BONDI}`);
  await guest.evaluate(() => window.dispatchEvent(new Event('beachReload')));
  const answer = await read;
  const answeredMs = Date.now() - savedAt;
  expect(((await answer.json()) as { beach: { status: string | null } }).beach.status).toBe('Closed');
  const status = guest.getByTestId('right-now-beach-status');
  await status.getByText('Closed — shark sighting').waitFor({ state: 'visible', timeout: 5_000 });
  const elapsedMs = Date.now() - savedAt;
  // Within 1 s means no cache (ours, the browser's) holds the old answer: the guest's very first read
  // after the save is the closure (asserted above). The time is printed, not asserted: on a shared
  // CI machine it measures the machine's load, not the app.
  console.log(`console-web: saved -> the guest's API answer in ${answeredMs} ms, shown in ${elapsedMs} ms`);
  await expect(status).toContainText('Shark seen off the north end. Stay out of the water.');
  await expect(status).toContainText(/Set by lifesavers at \d{1,2}:\d{2} (am|pm)/);
  await shot(guest, 'guest-right-now');
  // List rows say it too, first in the beach's status line.
  await guest.goto('/nsw/waverley/bondi-beach');
  await expect(
    guest
      .getByTestId('beach-status-summary')
      .filter({ hasText: 'Beach status: Closed — shark sighting' })
      .first(),
  ).toBeVisible();

  // The lifesaver's screen says what the public sees now.
  await expect(page.getByText('Bondi Beach is now shown as “Closed — shark sighting”.')).toBeVisible();
  await expect(page.getByTestId('console-now')).toContainText('Closed — shark sighting');
  await guestContext.close();
});

test('offline, a status waits on the phone, is listed, and is sent once when the signal returns', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, lifesaver, `/console/beach/${beachId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bondi Beach' })).toBeVisible();
  const message = `Big swell at the south end (${Date.now()})`;

  await context.setOffline(true);
  await setStatus(page, 'Inclement', 'dangerous_surf', message);
  await expect(page.getByText(/No signal: saved on this phone/)).toBeVisible();
  const queue = page.getByTestId('console-queue');
  await expect(queue).toContainText('1 action is waiting to be sent');
  await expect(queue).toContainText('Status: Inclement — dangerous surf');
  await expectNoAxeViolations(page);
  await shot(page, 'waiting');

  const sent: string[] = [];
  page.on('requestfinished', (req) => {
    if (req.method() === 'PUT' && req.url().endsWith(`/api/v5/beach/${beachId}/status`)) {
      sent.push(req.headers()['idempotency-key'] ?? '');
    }
  });
  await context.setOffline(false);
  await expect(queue).toBeHidden({ timeout: 30_000 });
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);

  // The audit log holds it once.
  const audit = await request.get(`/api/v5/console/audit?beach_id=${beachId}&limit=50`, {
    headers: auth(operator.token),
  });
  expect(audit.ok(), await audit.text()).toBe(true);
  const { entries } = (await audit.json()) as {
    entries: Array<{ action: string; to: { message?: string } | null }>;
  };
  expect(
    entries.filter((entry) => entry.action === 'status.set' && entry.to?.message === message),
  ).toHaveLength(1);
  await expect(page.getByTestId('console-now')).toContainText('Inclement — dangerous surf');
});

test('operators: audit log, team and imports screens pass axe at 390 px', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, operator, '/console');
  await expect(page.getByRole('navigation', { name: 'Operator tools' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByText('Status set').first()).toBeVisible();
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('safeshore-audit.csv');

  await page.goto('/console/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Lifesaver team' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/console/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: 'roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('not,a,roster\n1,2,3\n'),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('alert').or(page.getByTestId('import-report'))).toBeVisible();
  await expectNoAxeViolations(page);
});

test('patrol now and today’s conditions post: the public sees both', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const me = await request.get('/api/v5/console/me', { headers: auth(lifesaver.token) });
  const clovelly = (
    (await me.json()) as { beaches: Array<{ id: number; key: string; url: string }> }
  ).beaches.find((beach) => beach.key === CLOVELLY_KEY)!;
  await signIn(page, lifesaver, '/console');
  await page.getByRole('link', { name: /Clovelly Beach/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clovelly Beach' })).toBeVisible();

  await page.getByLabel('Finish time (beach time)').fill('17:00');
  await page.getByRole('button', { name: 'On duty' }).click();
  await expect(page.getByText('On duty until 5:00 pm at Clovelly Beach.')).toBeVisible();

  // A PNG named .jpg: the server judges the photo by its content.
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a5fb4' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'surf.jpg', mimeType: 'image/jpeg', buffer: photo });
  const text = `Clean 1 m waves, light offshore (${Date.now()})`;
  await page.getByLabel('What are the conditions like?').fill(text);
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Posted: it shows on the Clovelly Beach page.')).toBeVisible();
  await expect(page.getByTestId('console-now')).toContainText(
    /Patrolled now until 5:00 pm · set by lifesavers at/,
  );
  await expectNoAxeViolations(page);

  const guestContext = await newClockedContext(browser, PHONE);
  const guest = await guestContext.newPage();
  await guest.goto(`/beach${clovelly.url}`);
  await expect(guest.getByTestId('right-now-patrol')).toContainText(
    /Patrolled now until 5:00 pm · set by lifesavers at \d{1,2}:\d{2} (am|pm)/,
  );
  await expect(guest.getByText(text)).toBeVisible();
  await guestContext.close();
});

test('a lifesaver’s rip report, made offline at 390 px, reaches the server once and shows in the skill report', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  giveRipOutlook(MAROUBRA_KEY, 100);
  const reporter = await createAccount(request, 'rip-lifesaver');
  admin('grant-role', reporter.email, 'lifesaver', '--beach', MAROUBRA_KEY);
  const me = await request.get('/api/v5/console/me', { headers: auth(reporter.token) });
  const maroubra = ((await me.json()) as { beaches: Array<{ id: number; key: string }> }).beaches.find(
    (beach) => beach.key === MAROUBRA_KEY,
  )!;
  const outlook = await request.get(`/api/v5/beach/${maroubra.id}/rip-outlook`);
  expect(((await outlook.json()) as { available: boolean }).available).toBe(true);

  await signIn(page, reporter, `/console/beach/${maroubra.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Maroubra Beach' })).toBeVisible();
  const rips = page.getByRole('group', { name: 'Rip activity now' });
  // Three targets side by side, each large enough for a thumb.
  for (const name of [/^None/, /^Some/, /^Strong/]) {
    const box = (await rips.getByRole('button', { name }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(64);
    expect(box.width).toBeGreaterThanOrEqual(96);
  }
  await expectNoAxeViolations(page);
  await rips.scrollIntoViewIfNeeded();
  await shotWide(page, 'rip-control');

  const sent: string[] = [];
  page.on('requestfinished', (req) => {
    if (req.method() === 'POST' && req.url().endsWith(`/api/v5/beach/${maroubra.id}/rip-observations`)) {
      sent.push(req.headers()['idempotency-key'] ?? '');
    }
  });
  await context.setOffline(true);
  await page.getByLabel('Note (optional)').fill('Rip beside the south rocks');
  await rips.getByRole('button', { name: /^Some/ }).click();
  await expect(
    page.getByText(/No signal: saved on this phone \(some rip activity at Maroubra Beach, seen at /),
  ).toBeVisible();
  const queue = page.getByTestId('console-queue');
  await expect(queue).toContainText('1 action is waiting to be sent');
  await expect(queue).toContainText('Some rip activity: “Rip beside the south rocks”');
  await expectNoAxeViolations(page);
  await shotWide(page, 'rip-waiting');

  await context.setOffline(false);
  await expect(queue).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText(/Sent: some rip activity at Maroubra Beach, seen at /)).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
  await expectNoAxeViolations(page);
  // After a reload nothing is left on the phone and nothing is sent again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Maroubra Beach' })).toBeVisible();
  await expect(page.getByTestId('console-queue')).toHaveCount(0);
  expect(sent).toHaveLength(1);

  // The lifesaver has no skill report (the server answers 403) and is not offered one.
  expect((await request.get('/api/v5/console/rip-skill', { headers: auth(reporter.token) })).status()).toBe(
    403,
  );
  await page.goto('/console');
  await expect(page.getByRole('heading', { level: 1, name: 'Lifesaver console' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rip outlook skill' })).toHaveCount(0);

  // The operator's skill report counts it once, before and after a reload.
  const operatorContext = await newClockedContext(browser, PHONE);
  const operatorPage = await operatorContext.newPage();
  await signIn(operatorPage, operator, '/console');
  await operatorPage.getByRole('link', { name: 'Rip outlook skill' }).click();
  await expect(operatorPage.getByRole('heading', { level: 1, name: 'Rip outlook skill' })).toBeVisible();
  // Each place is a row group: its name, then its figures (observations first).
  const row = () =>
    operatorPage
      .getByRole('table', { name: 'By beach' })
      .getByRole('rowgroup')
      .filter({ has: operatorPage.getByRole('rowheader', { name: /^Maroubra Beach/ }) });
  await expect(row().getByRole('cell').first()).toHaveText('1');
  await expectNoAxeViolations(operatorPage);
  await shotWide(operatorPage, 'rip-skill');
  await operatorPage.reload();
  await expect(row().getByRole('cell').first()).toHaveText('1');
  const report = (await (
    await request.get('/api/v5/console/rip-skill', { headers: auth(operator.token) })
  ).json()) as RipSkillReport;
  expect(report.beaches.filter((beach) => beach.key === String(maroubra.id))).toMatchObject([
    { observations: 1 },
  ]);
  await operatorContext.close();
});
