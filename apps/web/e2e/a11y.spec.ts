import { expect, newClockedContext, test } from './support/test.ts';
import { APP_ROUTES } from '@safeshore/domain';
import { expectNoAxeViolations } from './axe.ts';

/** A real address for every route of the app (spec section 2), plus the 404. */
const EXAMPLES: Record<string, string> = {
  Register: '/register',
  Login: '/login',
  SendResetPassword: '/reset',
  ResetPassword: '/reset/abc123?email=someone%40example.com',
  OAuthLogin: '/login/oauth?token=x&provider=apple',
  VerifyEmail: '/verify-email/abc123',
  Logout: '/logout',
  MyBeaches: '/my-beaches',
  OfflineSettings: '/offline-settings',
  Profile: '/profile',
  // Signed in, push.spec.ts checks the screen with axe.
  Notifications: '/notifications',
  Home: '/',
  SurfSafety: '/surf-safety/ripcurrents',
  About: '/about',
  Apps: '/apps',
  'Privacy-Policy': '/privacy-policy',
  LegacyApps: '/legacy-apps',
  Data: '/data',
  AlgalBloomMetrics: '/algal-bloom-metrics',
  // The console screens send a guest to Login; console.mobile.spec.ts checks them signed in.
  Console: '/console',
  ConsoleBeach: '/console/beach/1',
  ConsoleAudit: '/console/audit',
  ConsoleTeam: '/console/team',
  ConsoleImports: '/console/imports',
  ConsoleRipSkill: '/console/rip-skill',
  Beach: '/beach/nsw/waverley/bondi-beach/bondi-beach',
  'Offline-Beach': '/beach/1',
  'Offline-Location': '/postcode/2026',
  Search: '/nsw/waverley/bondi-beach',
  '404': '/no/such/page/here',
};

test('every route has an example here', () => {
  expect(APP_ROUTES.map((route) => route.name).filter((name) => !EXAMPLES[name])).toEqual([]);
});

for (const [name, url] of Object.entries(EXAMPLES)) {
  test(`axe: no WCAG 2.2 AA violations on ${name} (${url})`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('keyboard only: skip link, search, pick a beach, and focus is always visible', async ({ page }) => {
  await page.goto('/');
  // Home: a skip link to the search first (issue 30), then to the main content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to beach search' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  // From the main content, the next stop is the home search box.
  let guard = 0;
  while (
    !(await page
      .getByRole('combobox', { name: /Search for a beach/ })
      .evaluate((el) => el === document.activeElement))
  ) {
    await page.keyboard.press('Tab');
    if (++guard > 40) throw new Error('search box not reachable by Tab');
  }
  await page.keyboard.type('bondi');
  await expect(page.getByRole('option', { name: /Bondi Beach/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bondi Beach');

  // Tab through the beach page: every focused element shows a focus indicator.
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    const indicator = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return 'none';
      const style = getComputedStyle(el);
      return style.outlineStyle !== 'none' && style.outlineWidth !== '0px'
        ? 'outline'
        : style.boxShadow !== 'none'
          ? 'shadow'
          : 'none';
    });
    expect(indicator).not.toBe('none');
  }
});

test('motion is reduced when the user asks for it', async ({ browser }) => {
  const context = await newClockedContext(browser, {
    reducedMotion: 'reduce',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const duration = await page
    .locator('.mobile-menu__panel')
    .evaluate((el) => getComputedStyle(el).animationDuration);
  expect(parseFloat(duration)).toBeLessThan(0.05);
  await context.close();
});
