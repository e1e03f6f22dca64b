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
  // The app's own text: the font the browser really drew it with (the DevTools protocol), whatever
  // fonts the machine has (the browser sees only the package's: scripts/chromium-package.ts).
  await page.goto('/about');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const used = async (selector: string) => {
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  };
  expect(await used('main h1')).toEqual(['Open Sans']);
  expect(await used('main p')).toEqual(['Open Sans']);

  // Every generic family measures as the bundled face: no system font stands in for one.
  const widths = await page.evaluate(async () => {
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
    return {
      bundled: measure('Bundled'),
      systemUi: measure('system-ui'),
      sansSerif: measure('sans-serif'),
      arial: measure('Arial'),
      serif: measure('serif'),
    };
  });
  expect(widths, 'the package’s Open Sans is not visible to the browser (its fonts.conf)').not.toBeNull();
  if (!widths) return;
  expect(widths.bundled).toBeGreaterThan(100);
  // The app's font stack starts with system-ui; sans-serif and Arial are where it ends up elsewhere.
  expect(widths).toEqual({
    bundled: widths.bundled,
    systemUi: widths.bundled,
    sansSerif: widths.bundled,
    arial: widths.bundled,
    serif: widths.bundled,
  });
});
