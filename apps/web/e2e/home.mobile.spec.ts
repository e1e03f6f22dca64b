import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './axe.ts';
import { BONDI, keepMapLocal } from './map-helpers.ts';

test.use({ geolocation: BONDI, permissions: ['geolocation'] });

test('on a phone, Home lists beaches and the Map button opens the map in a dialog', async ({
  page,
  context,
}) => {
  await keepMapLocal(context);
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Patrolled' }).getByRole('link').first()).toHaveText(
    'Bondi Beach',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const section = page.getByRole('region', { name: 'Explore using the Map' });
  await expect(section.getByRole('region', { name: /Map of beaches/ })).toHaveCount(0);

  await section.getByRole('button', { name: 'Map', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Explore using the Map' });
  await expect(dialog).toBeVisible();
  const map = dialog.getByRole('region', { name: 'Map of beaches near Bondi Beach' });
  await expect(map.getByRole('button', { name: 'Bondi Beach', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  const box = (await map.boundingBox())!;
  expect(box.height).toBeGreaterThan(200);
  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
