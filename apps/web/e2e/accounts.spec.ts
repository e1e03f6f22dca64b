import type { Page } from '@playwright/test';
import {
  PASSWORD,
  SESSION_KEY,
  answer,
  auth,
  createAccount,
  resetLinkFor,
  signIn,
  uniqueEmail,
  verifyLinkFor,
} from './accounts-helpers.ts';
import { expect, newClockedContext, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';

// Each journey hashes passwords (scrypt, N = 2^17) several times and runs axe on up to four screens:
// on two shared cores that alone takes 25-35 s. These tests check what happens, not how fast.
test.describe.configure({ timeout: 60_000 });

const BONDI = '/beach/nsw/waverley/bondi-beach/bondi-beach';
const NEW_PASSWORD = 'Swim-Between-Flags-99';

const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const storedSession = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY);

async function expectSignedIn(page: Page) {
  await expect(accountMenu(page).getByRole('link')).toHaveText(['My Beaches', 'My Profile', 'Logout']);
}

async function expectSignedOut(page: Page) {
  await expect(accountMenu(page).getByRole('link')).toHaveText(['Login', 'Register']);
  expect(await storedSession(page)).toBeNull();
}

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('register (answering the question), confirm the mailed link, stay signed in after a reload, log out, log in', async ({
  page,
}) => {
  const email = uniqueEmail('journey');
  await page.goto('/');
  await accountMenu(page).getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL('/register');
  await expect(page).toHaveTitle('Register | SafeShore');

  const question = page.locator('input[name="question"]');
  await expect(question).toBeVisible();
  await expectNoAxeViolations(page);

  // Email and password are required before anything is sent.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('You must fill in email and password');

  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Last name').fill('Lifesaver');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  // A wrong answer is a field error, and a new question replaces the used one.
  await question.fill('999');
  const nextQuestion = page.waitForResponse((r) => r.url().endsWith('/api/v4/question'));
  await page.getByRole('button', { name: 'Create account' }).click();
  const errors = page.getByRole('alert');
  await expect(errors).toContainText('Please fix the following errors:');
  await expect(errors.getByRole('listitem')).toHaveText([
    'The answer to the question is not correct. Please answer the new question.',
  ]);
  await nextQuestion;
  await expect(question).toHaveValue('');
  await expect(question).toBeEnabled();

  const text = await question.evaluate((input: HTMLInputElement) => input.labels![0]!.textContent!);
  await question.fill(answer(text));
  await page.getByRole('button', { name: 'Create account' }).click();
  // Nothing is signed in yet: the account is made when the mailed link is opened.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectSignedOut(page);
  await expectNoAxeViolations(page);

  const link = await verifyLinkFor(email);
  await page.goto(link.pathname);
  await expect(page).toHaveTitle('Confirm your email | SafeShore');
  await expectNoAxeViolations(page);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('alert')).toContainText('The password is incorrect.');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page).toHaveURL('/');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }),
  ).toBeVisible();
  await expectSignedIn(page);

  // The session survives a reload, and a signed-in user is kept away from Login and Register.
  await page.reload();
  await expectSignedIn(page);
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await page.goto('/register');
  await expect(page).toHaveURL('/');

  const logout = page.waitForRequest((r) => r.url().endsWith('/api/v4/logout'));
  await accountMenu(page).getByRole('link', { name: 'Logout' }).click();
  expect((await logout).postDataJSON()).toEqual({ token_id: expect.stringMatching(/^\d+$/) });
  await expect(page).toHaveURL('/');
  await expectSignedOut(page);

  await accountMenu(page).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveTitle('Login | SafeShore');
  await expectNoAxeViolations(page);
  await login(page, email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records');
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL('/');
  await expectSignedIn(page);
});

test('follow a beach, see it in My Beaches, unfollow', async ({ page, request }) => {
  const account = await createAccount(request, 'follow');
  await signIn(page, account, BONDI);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');

  const follow = page.getByRole('button', { name: 'Favourite', exact: true });
  await follow.click();
  const unfollow = page.getByRole('button', { name: 'Unfavourite' });
  await expect(unfollow).toBeEnabled();

  await accountMenu(page).getByRole('link', { name: 'My Beaches' }).click();
  await expect(page).toHaveURL('/my-beaches');
  await expect(page).toHaveTitle('My Beaches | SafeShore');
  // My Beaches is a dashboard of cards (issue 16), one per followed beach, titled with its link.
  const blocks = page.getByRole('list', { name: 'Followed beaches' });
  await expect(blocks.getByRole('link')).toHaveText(['Bondi Beach']);
  await expectNoAxeViolations(page);

  await blocks.getByRole('link', { name: 'Bondi Beach' }).click();
  await expect(page).toHaveURL(BONDI);
  await page.getByRole('button', { name: 'Unfavourite' }).click();
  await expect(page.getByRole('button', { name: 'Favourite', exact: true })).toBeEnabled();

  await page.goto('/my-beaches');
  await expect(page.getByText('You can view your favourite beaches here.')).toBeVisible();
  await expect(page.getByText('Search for a beach, and then click follow on the beach page.')).toBeVisible();
});

test('a guest pressing Favourite goes to Login, and guests are kept from signed-in pages', async ({
  page,
}) => {
  await page.goto(BONDI);
  await page.getByRole('button', { name: 'Favourite', exact: true }).click();
  // Login carries the way back and the beach to follow (issue 16; guest-favourite.spec.ts).
  await expect(page).toHaveURL(/\/login\?next=%2Fbeach%2F.+&follow=\d+$/);
  for (const url of ['/profile', '/my-beaches', '/algal-bloom-metrics']) {
    await page.goto(url);
    await expect(page).toHaveURL('/login');
  }
});

test('profile: update details, change the password (fields cleared after any result)', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'password');
  await signIn(page, account, '/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  await expectNoAxeViolations(page);

  const personal = page.getByRole('region', { name: 'Personal information' });
  await personal.getByLabel('First name').fill('Robin');
  await personal.getByRole('button', { name: 'Save changes' }).click();
  await expect(personal.getByRole('status')).toHaveText('Updated profile succesfully.');
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Personal information' }).getByLabel('First name'),
  ).toHaveValue('Robin');

  const section = page.getByRole('region', { name: 'Replace password' });
  const fields = [
    section.getByLabel('Current password'),
    section.getByLabel('New password', { exact: true }),
    section.getByLabel('Confirm new password'),
  ];
  const change = async (current: string) => {
    await fields[0]!.fill(current);
    await fields[1]!.fill(NEW_PASSWORD);
    await fields[2]!.fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Update password' }).click();
  };
  await change('wrong-current-password');
  await expect(section.getByRole('alert')).toContainText('The current password is incorrect.');
  for (const field of fields) await expect(field).toHaveValue('');

  await change(PASSWORD);
  await expect(section.getByRole('status')).toHaveText('Updated password succesfully.');
  for (const field of fields) await expect(field).toHaveValue('');

  const relogin = await request.post('/api/v4/login', {
    data: { email: account.email, password: NEW_PASSWORD },
  });
  expect(relogin.status()).toBe(200);
});

test('devices registered and disabled through the API are listed; enable and remove them', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'devices');
  for (const [token, model, type] of [
    ['push-token-android-e2e', 'Pixel 8', 'Android'],
    ['push-token-ios-e2e', 'iPhone 15', 'iPhone OS'],
  ]) {
    const created = await request.post('/api/v4/user/createDevice', {
      headers: auth(account.token),
      data: { token, model, type },
    });
    expect(created.ok()).toBe(true);
  }
  const { devices } = (await (
    await request.get('/api/v4/user/devices', { headers: auth(account.token) })
  ).json()) as { devices: Array<{ id: number; model: string }> };
  const iphone = devices.find((d) => d.model === 'iPhone 15')!;
  expect(
    (await request.post(`/api/v4/user/device/${iphone.id}/disable`, { headers: auth(account.token) })).ok(),
  ).toBe(true);

  await signIn(page, account, '/profile');
  const section = page.getByRole('region', { name: 'My Devices' });
  const items = section.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'iPhone 15' })).toContainText('iPhone OS · iPhone 15 (disabled)');
  await expect(items.filter({ hasText: 'Pixel 8' })).not.toContainText('(disabled)');

  await section.getByRole('button', { name: 'Enable iPhone 15' }).click();
  await expect(items.filter({ hasText: 'iPhone 15' })).not.toContainText('(disabled)');
  await section.getByRole('button', { name: 'Disable Pixel 8' }).click();
  await expect(items.filter({ hasText: 'Pixel 8' })).toContainText('(disabled)');
  await section.getByRole('button', { name: 'Remove Pixel 8' }).click();
  await section.getByRole('button', { name: 'Remove iPhone 15' }).click();
  await expect(
    section.getByText('No devices registered. Register your device by logging in from the mobile app.'),
  ).toBeVisible();
});

test('delete the account: a wrong email sends nothing, the right one signs out and goes Home', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'delete');
  await signIn(page, account, '/profile');
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE') deletes.push(r.url());
  });

  const open = async () => {
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  // The dialog closes by Cancel, the close button, Escape and a click on the backdrop.
  await (await open()).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await (await open()).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await open();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await open();
  await page.mouse.click(5, 5);
  await expect(page.getByRole('dialog')).toBeHidden();

  const dialog = await open();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Email address').fill(account.email.toUpperCase());
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Email must match exactly as above to confirm account deletion.',
  );
  expect(deletes).toEqual([]);

  // The email alone is not enough: the password proves the owner is asking.
  await dialog.getByLabel('Email address').fill(account.email);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The password is incorrect.');
  expect(deletes).toHaveLength(1);

  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('status').filter({ hasText: 'Account deleted successfully.' })).toBeVisible();
  expect(deletes).toHaveLength(2);
  await expectSignedOut(page);

  const again = await request.post('/api/v4/login', { data: { email: account.email, password: PASSWORD } });
  expect(again.status()).toBe(406);
  const oldToken = await request.get('/api/v4/my-beaches', { headers: auth(account.token) });
  expect(oldToken.status()).toBe(401);
});

test('reset a forgotten password through the emailed link', async ({ page, request }) => {
  const account = await createAccount(request, 'reset');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/reset');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send Reset Password Link' }).click();
  await expect(page.getByRole('alert')).toHaveText('You must fill in the email field.');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Password Link' }).click();
  await expect(page.getByRole('status')).toContainText(account.email);

  const link = await resetLinkFor(account.email);
  expect(link.pathname).toMatch(/^\/reset\/[^/]+$/);
  expect(link.searchParams.get('email')).toBe(account.email);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset Password');
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(account.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('You must fill in all fields.');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset.');

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This password reset link is invalid or has already been used.',
  );

  await page.goto('/login');
  await login(page, account.email, NEW_PASSWORD);
  await expect(page).toHaveURL('/');
  await expectSignedIn(page);
});

test('a 401 from any call removes the token and lands on Login', async ({ page, request }) => {
  const account = await createAccount(request, 'revoked');
  await signIn(page, account, '/');
  await expectSignedIn(page);
  // The token is revoked elsewhere (signed out on another device).
  const revoked = await request.post('/api/v4/logout', { headers: auth(account.token), data: {} });
  expect(revoked.ok()).toBe(true);

  // Whichever call the app makes first with the revoked token (My Beaches' list, or the menu's
  // console check for a signed-in user) gets the 401.
  const refused = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith('/api/') && r.status() === 401,
  );
  await accountMenu(page).getByRole('link', { name: 'My Beaches' }).click();
  await refused;
  await expect(page).toHaveURL('/login');
  await expectSignedOut(page);

  // The same on a public page: the beach page asks for the followed list to show the Favourite button.
  await signIn(page, account, BONDI);
  await expect(page).toHaveURL('/login');
  await expectSignedOut(page);
});

test('a failed social sign-in callback says so', async ({ page }) => {
  await page.goto('/login/oauth?token=not-a-real-code&provider=apple');
  await expect(page.getByRole('alert')).toContainText(
    'Failed to complete authentication. Please try logging in again.',
  );
  await expect(page.getByRole('link', { name: 'Sign in with Apple' })).toHaveCount(0);
  await page.goto('/login?error=Could%20not%20sign%20in%20with%20Apple');
  await expect(page.getByRole('alert')).toHaveText('Could not sign in with Apple');
  await expect(page.getByRole('link', { name: 'Sign in with Apple' })).toHaveAttribute(
    'href',
    '/auth/apple/redirect',
  );
});

test('a registration error shakes the form, unless the user asks for reduced motion', async ({ browser }) => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await newClockedContext(browser, { reducedMotion });
    const page = await context.newPage();
    await page.goto('/register');
    await expect(page.locator('input[name="question"]')).toBeVisible();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('You must fill in email and password');
    // Read the style the error class gives (the class itself goes once the animation ends).
    const animation = await page.getByRole('form', { name: 'Register' }).evaluate((form) => {
      form.classList.add('form--shake');
      return getComputedStyle(form).animationName;
    });
    expect(animation).toBe(reducedMotion === 'reduce' ? 'none' : 'shake');
    await context.close();
  }
});
