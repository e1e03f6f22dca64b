import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAMP, extractTar, fontsConf, packagedChromium } from './chromium-package.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const MODULE = path.join(import.meta.dirname, 'chromium-package.ts');

/** One ustar entry: a 512-byte header (with its checksum) and the body padded to 512 bytes. */
function tarEntry(name: string, body: string | Buffer = '', type = '0', mode = 0o644): Buffer {
  const data = typeof body === 'string' ? Buffer.from(body) : body;
  const header = Buffer.alloc(512);
  header.write(name, 0, 100);
  header.write(`${mode.toString(8).padStart(7, '0')}\0`, 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write(type, 156);
  header.write('ustar\u000000', 257);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return Buffer.concat([header, data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
}
const tar = (...entries: Buffer[]) => Buffer.concat([...entries, Buffer.alloc(1024)]);
const brotli = (data: Buffer | string) => zlib.brotliCompressSync(data);

let work: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-chromium-test-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

/** A package folder shaped like @sparticuz/chromium's, with a tiny shell script as the browser. */
function fakePackage(version = '153.0.0', padding = 0): string {
  const dir = path.join(work, 'node_modules', '@sparticuz', 'chromium');
  fs.mkdirSync(path.join(dir, 'bin'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@sparticuz/chromium', version }));
  const bin = (name: string, data: Buffer | string) =>
    fs.writeFileSync(path.join(dir, 'bin', name), brotli(data));
  bin('chromium.br', `#!/bin/sh\necho "Chromium 153.0.0.0"\n#${'x'.repeat(padding)}\n`);
  bin(
    'swiftshader.tar.br',
    tar(tarEntry('libEGL.so', 'egl', '0', 0o755), tarEntry('vk_swiftshader_icd.json', '{}')),
  );
  bin('al2023.tar.br', tar(tarEntry('lib/libnss3.so', 'nss', '0', 0o755)));
  bin(
    'fonts.tar.br',
    tar(
      tarEntry('fonts.conf', '<fontconfig><dir>/tmp/fonts</dir></fontconfig>'),
      tarEntry('fonts/', '', '5', 0o755),
      tarEntry('fonts/Open_Sans/OpenSans-Regular.ttf', 'ttf'),
    ),
  );
  return dir;
}

describe('extractTar', () => {
  it('writes files, folders, symbolic links, long (GNU) names and pax paths with their modes', () => {
    const long = `${'a'.repeat(120)}/file.txt`;
    const paxRecord = 'path=pax/x.txt\n';
    const link = tarEntry('dir/alias.sh', '', '2');
    link.write('run.sh', 157);
    extractTar(
      tar(
        tarEntry('dir/', '', '5', 0o755),
        tarEntry('dir/run.sh', '#!/bin/sh\n', '0', 0o755),
        link,
        tarEntry('././@LongLink', `${long}\0`, 'L'),
        tarEntry('truncated', 'long name'),
        tarEntry('PaxHeader', `${paxRecord.length + 3} ${paxRecord}`, 'x'),
        tarEntry('short-name', 'pax'),
      ),
      work,
    );
    expect(fs.readFileSync(path.join(work, 'dir/run.sh'), 'utf8')).toBe('#!/bin/sh\n');
    expect(fs.statSync(path.join(work, 'dir/run.sh')).mode & 0o777).toBe(0o755);
    expect(fs.readlinkSync(path.join(work, 'dir/alias.sh'))).toBe('run.sh');
    expect(fs.readFileSync(path.join(work, long), 'utf8')).toBe('long name');
    expect(fs.readFileSync(path.join(work, 'pax/x.txt'), 'utf8')).toBe('pax');
    expect(fs.existsSync(path.join(work, 'truncated'))).toBe(false);
    expect(fs.existsSync(path.join(work, 'short-name'))).toBe(false);
  });

  it('reads what GNU tar writes', async () => {
    const source = path.join(work, 'source');
    fs.mkdirSync(path.join(source, 'lib'), { recursive: true });
    fs.writeFileSync(path.join(source, 'lib', 'libnss3.so'), Buffer.alloc(70_000, 7));
    fs.writeFileSync(path.join(source, 'x'.repeat(150)), 'long');
    const archive = path.join(work, 'a.tar');
    await promisify(execFile)('tar', ['-cf', archive, '-C', source, '.']);
    extractTar(fs.readFileSync(archive), path.join(work, 'out'));
    expect(fs.readFileSync(path.join(work, 'out', 'lib', 'libnss3.so'))).toEqual(Buffer.alloc(70_000, 7));
    expect(fs.readFileSync(path.join(work, 'out', 'x'.repeat(150)), 'utf8')).toBe('long');
  });

  it('refuses entries and links that would land outside the target folder', () => {
    expect(() => extractTar(tar(tarEntry('../evil.txt', 'x')), path.join(work, 'out'))).toThrow(/outside/);
    expect(() => extractTar(tar(tarEntry('/etc/evil.txt', 'x')), path.join(work, 'out'))).toThrow(/outside/);
    const link = tarEntry('escape', '', '2');
    link.write('../../etc/passwd', 157);
    expect(() => extractTar(tar(link), path.join(work, 'out'))).toThrow(/outside/);
    expect(fs.existsSync(path.join(work, 'evil.txt'))).toBe(false);
  });

  it('refuses a truncated archive and entry types it does not handle', () => {
    expect(() => extractTar(tarEntry('big', 'x'.repeat(2000)).subarray(0, 1024), work)).toThrow(/Truncated/);
    expect(() => extractTar(tar(tarEntry('device', '', '3')), work)).toThrow(
      /Unsupported tar entry type '3'/,
    );
  });
});

describe('packagedChromium', () => {
  it('unpacks the package into a per-version folder with its libraries, fonts and a stamp', () => {
    const packageDir = fakePackage();
    const browser = packagedChromium({ packageDir });
    const dir = path.join(work, 'node_modules', '.cache', 'safeshore-chromium', '153.0.0');
    expect(browser).toEqual({
      version: '153.0.0',
      dir,
      executablePath: path.join(dir, 'chromium'),
      env: {
        LD_LIBRARY_PATH: [path.join(dir, 'lib'), ...(process.env.LD_LIBRARY_PATH ?? '').split(':')]
          .filter(Boolean)
          .join(':'),
        FONTCONFIG_FILE: path.join(dir, 'fonts.conf'),
      },
    });
    expect(fs.statSync(browser.executablePath).mode & 0o111).not.toBe(0);
    expect(fs.existsSync(path.join(dir, 'libEGL.so'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'lib', 'libnss3.so'))).toBe(true);
    const conf = fs.readFileSync(browser.env.FONTCONFIG_FILE, 'utf8');
    expect(conf).toContain(`<dir>${path.join(dir, 'package-fonts', 'fonts')}</dir>`);
    expect(conf).toContain(
      '<alias><family>system-ui</family><prefer><family>Open Sans</family></prefer></alias>',
    );
    expect(conf).toContain(
      '<alias><family>sans-serif</family><prefer><family>Open Sans</family></prefer></alias>',
    );
    // Neither the system's settings nor its font files (a metric-compatible Liberation Sans would
    // stand in for the Arial Chromium asks for as sans-serif).
    expect(conf).not.toContain('/etc/fonts');
    expect(conf).not.toContain('/usr/share/fonts');
    expect(conf).not.toContain('/usr/local/share/fonts');
    expect(fs.existsSync(path.join(dir, 'package-fonts', 'fonts', 'Open_Sans', 'OpenSans-Regular.ttf'))).toBe(
      true,
    );
    expect(JSON.parse(fs.readFileSync(path.join(dir, STAMP), 'utf8'))).toMatchObject({
      version: '153.0.0',
      dir,
    });
    // Nothing left beside it.
    expect(fs.readdirSync(path.dirname(dir))).toEqual(['153.0.0']);
  });

  it('uses a complete folder as it is, and unpacks a new package version into its own folder', () => {
    const packageDir = fakePackage();
    const first = packagedChromium({ packageDir });
    fs.writeFileSync(first.executablePath, 'marker');
    expect(fs.readFileSync(packagedChromium({ packageDir }).executablePath, 'utf8')).toBe('marker');
    fs.writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify({ version: '154.0.0' }));
    const next = packagedChromium({ packageDir });
    expect(next.dir).toBe(path.join(path.dirname(first.dir), '154.0.0'));
    expect(fs.readFileSync(next.executablePath, 'utf8')).toContain('Chromium');
  });

  it('gives a folder unpacked with an older font configuration today’s, keeping the browser', () => {
    const packageDir = fakePackage();
    const first = packagedChromium({ packageDir });
    fs.writeFileSync(first.executablePath, 'marker');
    fs.writeFileSync(first.env.FONTCONFIG_FILE, '<fontconfig><dir>/usr/share/fonts</dir></fontconfig>');
    const again = packagedChromium({ packageDir });
    expect(fs.readFileSync(again.executablePath, 'utf8')).toBe('marker');
    expect(fs.readFileSync(again.env.FONTCONFIG_FILE, 'utf8')).toBe(fontsConf(first.dir));
    expect(fs.readdirSync(first.dir).filter((name) => name.startsWith('fonts.conf'))).toEqual(['fonts.conf']);
  });

  it('redoes an interrupted unpack: a folder without its stamp, and removes stale temporary folders', () => {
    const packageDir = fakePackage();
    const cacheRoot = path.join(work, 'cache');
    const dir = path.join(cacheRoot, '153.0.0');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'chromium'), 'half');
    const stale = path.join(cacheRoot, '.153.0.0.unpacking-old');
    const fresh = path.join(cacheRoot, '.153.0.0.unpacking-now');
    fs.mkdirSync(stale);
    fs.mkdirSync(fresh);
    // An hour before its creation, on the file system's clock (not the process's, which may be moved).
    const hourAgo = (fs.statSync(stale).mtimeMs - 3_600_000) / 1000;
    fs.utimesSync(stale, hourAgo, hourAgo);

    const browser = packagedChromium({ packageDir, cacheRoot });
    expect(fs.readFileSync(browser.executablePath, 'utf8')).toContain('Chromium');
    expect(fs.existsSync(path.join(dir, STAMP))).toBe(true);
    // The stale one (an interrupted unpack) is gone; a recent one may be another process's, kept.
    expect(fs.readdirSync(cacheRoot).sort()).toEqual(['.153.0.0.unpacking-now', '153.0.0']);
  });

  it('unpacks again when the stamp names another folder (a copied or moved cache)', () => {
    const packageDir = fakePackage();
    const browser = packagedChromium({ packageDir });
    const stampFile = path.join(browser.dir, STAMP);
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8')) as Record<string, string>;
    fs.writeFileSync(stampFile, JSON.stringify({ ...stamp, dir: '/elsewhere/153.0.0' }));
    fs.writeFileSync(browser.executablePath, 'old');
    expect(fs.readFileSync(packagedChromium({ packageDir }).executablePath, 'utf8')).toContain('Chromium');
  });

  it('is safe when several processes unpack at once: one complete folder, nothing left over', async () => {
    // A larger executable (16 MB) and a common start time, so the unpacks overlap.
    const packageDir = fakePackage('153.0.0', 16_000_000);
    const cacheRoot = path.join(work, 'cache');
    const startAt = Date.now() + 2_000;
    const script = `import { packagedChromium } from ${JSON.stringify(MODULE)};
      while (Date.now() < ${startAt});
      const b = packagedChromium({ packageDir: ${JSON.stringify(packageDir)}, cacheRoot: ${JSON.stringify(cacheRoot)} });
      process.stdout.write(b.executablePath);`;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT }),
      ),
    );
    const paths = new Set(results.map((r) => r.stdout));
    expect([...paths]).toEqual([path.join(cacheRoot, '153.0.0', 'chromium')]);
    expect(fs.readdirSync(cacheRoot)).toEqual(['153.0.0']);
    expect(fs.existsSync(path.join(cacheRoot, '153.0.0', STAMP))).toBe(true);
    expect(fs.statSync(path.join(cacheRoot, '153.0.0', 'chromium')).size).toBeGreaterThan(16_000_000);
    // Four Node processes each inflating 16 MB: about 2 s on an idle machine, 6 s or more with every
    // core busy (scripts/test-under-load.sh); what is checked is the outcome, not the time.
  }, 60_000);

  it('says what to do when a packaged file is missing', () => {
    const packageDir = fakePackage();
    fs.rmSync(path.join(packageDir, 'bin', 'fonts.tar.br'));
    expect(() => packagedChromium({ packageDir, cacheRoot: path.join(work, 'cache') })).toThrow(
      /fonts\.tar\.br is missing: reinstall the package \(npm ci\) or set CHROMIUM_PATH/,
    );
    expect(fs.readdirSync(path.join(work, 'cache'))).toEqual([]);
  });
});

describe('the browser and the Playwright that drives it', () => {
  const require = createRequire(import.meta.url);
  const json = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const root = json(path.join(ROOT, 'package.json')) as {
    devDependencies: Record<string, string>;
    overrides: Record<string, string>;
  };
  const packageFile = (name: string) => path.join(ROOT, 'node_modules', name, 'package.json');

  it('are pinned to exact versions, one playwright-core for @playwright/test and @axe-core/playwright', () => {
    for (const name of ['@sparticuz/chromium', '@playwright/test', '@axe-core/playwright'])
      expect(root.devDependencies[name], name).toMatch(/^\d+\.\d+\.\d+$/);
    const playwright = root.devDependencies['@playwright/test'];
    expect(root.overrides['playwright-core']).toBe(playwright);
    expect(json(packageFile('@playwright/test')).version).toBe(playwright);
    expect(json(packageFile('playwright-core')).version).toBe(playwright);
    // What @axe-core/playwright and @playwright/test load is that one copy.
    const axe = createRequire(require.resolve('@axe-core/playwright'));
    expect(axe.resolve('playwright-core')).toBe(require.resolve('playwright-core'));
  });

  it('agree on the Chromium major version: Playwright was released for the browser it drives', () => {
    const browsers = json(path.join(ROOT, 'node_modules', 'playwright-core', 'browsers.json')) as {
      browsers: Array<{ name: string; browserVersion: string }>;
    };
    const expected = browsers.browsers.find((b) => b.name === 'chromium')!.browserVersion.split('.')[0];
    const packaged = String(json(packageFile('@sparticuz/chromium')).version).split('.')[0];
    expect(packaged, 'upgrade @playwright/test and @sparticuz/chromium together (docs/decisions.md)').toBe(
      expected,
    );
  });
});
