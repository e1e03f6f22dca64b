import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { e2eClockEnv } from './support/clock.ts';
import { expect, newClockedContext, test } from './support/test.ts';
import sharp from 'sharp';
import type { User } from '@safeshore/domain';
import { PASSWORD, createAccount, signIn, type Account } from './accounts-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';
/** A small real PNG (named .jpg below: the server must judge by content, not by name). */
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a5fb4' } })
    .png()
    .toBuffer();

/** Operator commands against the same database as the server under test, on the run's clock. */
function admin(...args: string[]) {
  const result = spawnSync(process.execPath, ['apps/api/src/admin.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...e2eClockEnv(), SQLITE_PATH: process.env.E2E_DATABASE!, LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
  expect(result.status, result.stdout + result.stderr).toBe(0);
}

test.describe.configure({ mode: 'serial' });

test('an algal user records metrics and the photo of the day; the public beach page shows them', async ({
  page,
  request,
  browser,
}) => {
  const account = await createAccount(request, 'algal');
  admin('grant-role', account.email, 'algal');
  admin('algal-add-beach', 'nsw-2026-bondi-beach');
  // Sign in again so the session carries the role.
  const login = await request.post('/api/v4/login', { data: { email: account.email, password: PASSWORD } });
  const fresh = (await login.json()) as { token: string; user: User };
  expect(fresh.user.has_algal_role).toBe(true);
  await signIn(
    page,
    { ...account, token: fresh.token, user: fresh.user } satisfies Account,
    '/algal-bloom-metrics',
  );

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Showing \d+ beaches? available for algal bloom monitoring/)).toBeVisible();
  const row = page.getByRole('row', { name: /Bondi Beach/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Never updated')).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: /^(Add|Update)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Metrics - Bondi Beach' });
  const save = dialog.getByRole('button', { name: 'Save Metrics' });
  await expect(save).toBeDisabled();
  await dialog.getByRole('group', { name: 'Abnormal water colour' }).getByLabel('No').check();
  await dialog.getByRole('group', { name: 'Abnormal foam' }).getByLabel('Yes').check();
  await expect(save).toBeDisabled();
  await dialog.getByRole('group', { name: 'Beach cleaned' }).getByLabel('Yes').check();
  await save.click();
  await expect(page.getByText('Metrics updated successfully!')).toBeVisible();
  await expect(row.getByText('Casey Swimmer')).toBeVisible();

  await page
    .getByLabel('Photo of today for Bondi Beach')
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await png() });
  await expect(row.getByRole('button', { name: 'View photo of today for Bondi Beach' })).toBeVisible();

  const guestContext = await newClockedContext(browser);
  const guest = await guestContext.newPage();
  await guest.goto(BONDI);
  await expect(guest.getByText('Beach cleaned')).toBeVisible();
  await expect(
    guest.getByText(
      'This information is based on visual inspection only and does not constitute a safety assessment',
    ),
  ).toBeVisible();
  const card = guest
    .getByRole('region', { name: "Today's Conditions" })
    .getByRole('button', { name: /Photo of the day, added/ });
  await card.click();
  await expect(guest.getByRole('dialog', { name: /Photo of the day \| Added/ })).toBeVisible();
  await guestContext.close();
});

test('a signed-in user without the role sees Access Denied', async ({ page, request }) => {
  const account = await createAccount(request, 'plain');
  await signIn(page, account, '/algal-bloom-metrics');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText('You do not have permission to access algal bloom metrics.')).toBeVisible();
});
