import { expect, test } from './support/test.ts';
import { CHROMIUM_SOURCE } from './support/chromium.ts';

// Which browser the run uses: the @sparticuz/chromium package's unless CHROMIUM_PATH names another.
const packaged = /^@sparticuz\/chromium (\d+)\./.exec(CHROMIUM_SOURCE);

test('the tests run in the Chromium of the @sparticuz/chromium package, of its version', async ({
  browser,
}) => {
  test.skip(!packaged, `another browser was chosen: ${CHROMIUM_SOURCE}`);
  expect(browser.version().split('.')[0]).toBe(packaged![1]);
});

test('text renders in the package’s Open Sans, with or without system fonts', async ({ page }) => {
  test.skip(!packaged, `another browser was chosen: ${CHROMIUM_SOURCE}`);
  await page.setContent('<p>Bondi Beach</p>');
  const widths = await page.evaluate(async () => {
    // Loads only if the browser's fontconfig has the font (the package's, via its fonts.conf).
    const bundled = new FontFace('Bundled', 'local("OpenSans-Regular"), local("Open Sans Regular")');
    const loaded = await bundled.load().then(
      (face) => document.fonts.add(face),
      () => null,
    );
    if (!loaded) return null;
    const context = document.createElement('canvas').getContext('2d')!;
    const measure = (font: string) => {
      context.font = `20px ${font}`;
      return context.measureText('Bondi Beach · patrolled 9 am – 5 pm').width;
    };
    return { bundled: measure('Bundled'), systemUi: measure('system-ui'), sansSerif: measure('sans-serif') };
  });
  expect(widths, 'the package’s Open Sans is not visible to the browser (its fonts.conf)').not.toBeNull();
  if (!widths) return;
  expect(widths.bundled).toBeGreaterThan(100);
  // The app's font stack starts with system-ui: it, and sans-serif, are the bundled Open Sans.
  expect(widths.systemUi).toBe(widths.bundled);
  expect(widths.sansSerif).toBe(widths.bundled);
});
