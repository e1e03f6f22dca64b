import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './support/test.ts';

/** Issue 30 at 390 px: postcode search in the phone's search modal (items 2, 10), and Register (item 11). */

test('the search modal finds a postcode, says what each suggestion is, and says when nothing matches', async ({
  page,
}) => {
  await page.goto('/about');
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const box = dialog.getByRole('combobox');
  await box.fill('2026');
  const listbox = dialog.getByRole('listbox', { name: 'Search results' });
  const beaches = listbox.getByRole('group', { name: 'Beaches' }).getByRole('option');
  await expect(beaches.filter({ hasText: 'Bondi Beach' })).toContainText('Beach · NSW 2026');
  await expect(beaches.filter({ hasText: 'Tamarama Beach' })).toContainText('Beach · Tamarama NSW 2026');
  await expect(
    listbox.getByRole('group', { name: 'Locations' }).getByRole('option').filter({ hasText: 'North Bondi' }),
  ).toContainText('Suburb or town · NSW 2026');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  await box.fill('zzqxv');
  await box.press('Enter');
  await expect(dialog.getByText('No beaches, places, postcodes or clubs match “zzqxv”.')).toBeVisible();
  await expect(listbox).toBeHidden();
});

test('Register checks a short password before sending it: the question and its answer stay', async ({
  page,
}) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/v4/register')) posts.push(r.url());
  });
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('First name').fill('Sam');
  await form.getByLabel('Last name').fill('Surfer');
  await form.getByLabel('Email').fill('sam.walk@example.com');
  await form.getByLabel('Password', { exact: true }).fill('tiny1');
  await form.getByLabel('Confirm password').fill('tiny1');
  const answer = form.locator('.form__question input');
  await expect(answer).toBeVisible();
  const question = await form.locator('.form__question label').textContent();
  await answer.fill('7');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByRole('alert')).toContainText('The password field must be at least 10 characters.');
  await expect(form.locator('.form__question label')).toHaveText(question!);
  await expect(answer).toHaveValue('7');
  expect(posts).toEqual([]);
  await expectNoAxeViolations(page);
});
