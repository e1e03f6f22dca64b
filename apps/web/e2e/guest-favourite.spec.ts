import { QUESTION_MIN_ANSWER_MS } from '@safeshore/domain';
import { PASSWORD, answer, createAccount, uniqueEmail, verifyLinkFor } from './accounts-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './support/test.ts';

/**
 * Issue 16 item 6: a guest who presses Favourite is told what Login is for, and after signing in
 * (or registering) is back on that beach with it followed.
 */
test.use({ viewport: { width: 1280, height: 900 } });
test.describe.configure({ timeout: 60_000 });

const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';

test('Favourite as a guest -> "Log in to save Bondi Beach" -> signed in, back on Bondi, followed', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'guest-fav');
  await page.goto(BONDI);
  await page.getByRole('button', { name: 'Favourite', exact: true }).click();
  await expect(page).toHaveURL(
    /\/login\?next=%2Fbeach%2Fnsw%2Fwaverley%2Fbondi-beach%2Fbondi-beach&follow=\d+$/,
  );
  await expect(page.getByTestId('sign-in-intent')).toHaveText(/^Log in to save Bondi Beach to My Beaches\./);
  await expectNoAxeViolations(page);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(BONDI);
  await expect(page.getByRole('status').filter({ hasText: 'Saved to My Beaches.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unfavourite' })).toBeEnabled();
  const followed = (await (
    await request.get('/api/v4/my-beaches', { headers: { Authorization: `Bearer ${account.token}` } })
  ).json()) as { beaches: { title: string }[] };
  expect(followed.beaches.map((beach) => beach.title)).toEqual(['Bondi Beach']);
});

test('a crafted Login address cannot send anyone to another site', async ({ page, request }) => {
  const account = await createAccount(request, 'guest-redirect');
  await page.goto('/login?next=%2F%2Fevil.example%2F&follow=1');
  await expect(page.getByTestId('sign-in-intent')).toHaveCount(0);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/');
});

test('Favourite as a guest -> Create account -> the mailed link -> back on Bondi, followed', async ({
  page,
}) => {
  await page.goto(BONDI);
  await page.getByRole('button', { name: 'Favourite', exact: true }).click();
  await page.getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/register\?next=.+&follow=\d+$/);
  await expect(page.getByTestId('sign-in-intent')).toHaveText(/^Create an account to save Bondi Beach/);

  const email = uniqueEmail('guest-register');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Reef');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  const question = page.locator('.form__question label');
  await expect(question).toHaveText(/\?$/);
  await page.getByLabel((await question.textContent())!).fill(answer((await question.textContent())!));
  // The server refuses answers sent sooner than a person could read the question.
  await page.waitForTimeout(QUESTION_MIN_ANSWER_MS);
  await page.getByRole('button', { name: 'Create account' }).click();

  const link = await verifyLinkFor(email);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /Confirm/ }).click();
  await expect(page).toHaveURL(BONDI);
  await expect(page.getByRole('button', { name: 'Unfavourite' })).toBeEnabled();
});
