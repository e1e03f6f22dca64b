import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The Chromium inside the `@sparticuz/chromium` npm package, unpacked for browser tests and browser
 * benchmarks. The package ships a headless Chromium build for linux-x64 as brotli files in its
 * `bin/` folder: `chromium.br` (the executable), `swiftshader.tar.br` (software GL, must sit beside
 * the executable), `al2023.tar.br` (NSS, NSPR and expat, so the browser needs no system libraries
 * beyond glibc) and `fonts.tar.br` (Open Sans).
 *
 * Never the package's own `executablePath()`: it unpacks into a shared `/tmp/chromium` (whichever
 * version got there first wins) and comes with Lambda launch flags. Here each package version gets
 * its own folder, `node_modules/.cache/safeshore-chromium/<version>/`, unpacked into a temporary
 * folder beside it whose completion stamp is written last and which is then renamed into place:
 * an interrupted unpack leaves only a temporary folder (removed later) and is redone, and two
 * processes unpacking at once (two Playwright runs, a benchmark) each finish their own copy and
 * the first rename wins. Everything is synchronous, so `playwright.config.ts` can resolve it.
 */

/** Written last, inside the folder, before the folder is renamed into place. */
export const STAMP = '.safeshore-complete.json';
/** Temporary folders older than this are left over from an interrupted unpack. */
const STALE_MS = 30 * 60_000;

export interface PackagedChromium {
  /** The package's version, e.g. 153.0.0 (its major is Chromium's). */
  version: string;
  dir: string;
  executablePath: string;
  /** What the browser process needs in its environment (added to the caller's). */
  env: { LD_LIBRARY_PATH: string; FONTCONFIG_FILE: string };
}

interface Stamp {
  package: string;
  version: string;
  dir: string;
  unpackedAt: string;
}

export interface PackagedChromiumOptions {
  /** The package's folder (default: where Node resolves `@sparticuz/chromium` from here). */
  packageDir?: string;
  /** Where the per-version folders go (default: `node_modules/.cache/safeshore-chromium`). */
  cacheRoot?: string;
}

/** Finds the package, unpacks it on first use and returns its executable and environment. */
export function packagedChromium(options: PackagedChromiumOptions = {}): PackagedChromium {
  const packageDir = options.packageDir ?? locatePackage();
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  // node_modules/@sparticuz/chromium -> node_modules/.cache/safeshore-chromium
  const cacheRoot = options.cacheRoot ?? path.join(packageDir, '..', '..', '.cache', 'safeshore-chromium');
  const dir = path.resolve(cacheRoot, version);
  if (!isComplete(dir)) unpack(path.join(packageDir, 'bin'), dir, version);
  refreshFontsConf(dir);
  return describe(dir, version);
}

function locatePackage(): string {
  let entry: string;
  try {
    // The package exports only its entry point (build/index.js): its folder is two levels up.
    entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  } catch {
    throw new Error(
      'The browser for tests comes from the @sparticuz/chromium npm package, which is not installed: ' +
        'run `npm install` (or set CHROMIUM_PATH to a Chromium executable).',
    );
  }
  return path.dirname(path.dirname(entry));
}

function describe(dir: string, version: string): PackagedChromium {
  return {
    version,
    dir,
    executablePath: path.join(dir, 'chromium'),
    env: {
      LD_LIBRARY_PATH: [path.join(dir, 'lib'), ...(process.env.LD_LIBRARY_PATH ?? '').split(':')]
        .filter(Boolean)
        .join(':'),
      FONTCONFIG_FILE: path.join(dir, 'fonts.conf'),
    },
  };
}

/** A folder with a stamp naming this very folder (a copied or moved cache is unpacked again). */
function isComplete(dir: string): boolean {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(dir, STAMP), 'utf8')) as Stamp;
    return stamp.dir === dir && fs.existsSync(path.join(dir, 'chromium'));
  } catch {
    return false;
  }
}

function unpack(binDir: string, dir: string, version: string): void {
  const cacheRoot = path.dirname(dir);
  fs.mkdirSync(cacheRoot, { recursive: true });
  removeStaleTemporaries(cacheRoot, version);
  const temporary = fs.mkdtempSync(path.join(cacheRoot, `.${version}.unpacking-`));
  try {
    const inflate = (name: string) => {
      const file = path.join(binDir, name);
      if (!fs.existsSync(file))
        throw new Error(`${file} is missing: reinstall the package (npm ci) or set CHROMIUM_PATH.`);
      return zlib.brotliDecompressSync(fs.readFileSync(file));
    };
    fs.writeFileSync(path.join(temporary, 'chromium'), inflate('chromium.br'), { mode: 0o755 });
    // libEGL, libGLESv2, libvk_swiftshader: Chromium looks for them beside its executable.
    extractTar(inflate('swiftshader.tar.br'), temporary);
    // lib/libnss3.so and friends, put on the browser's LD_LIBRARY_PATH.
    extractTar(inflate('al2023.tar.br'), temporary);
    // fonts/Open_Sans/*.ttf (and the package's own fonts.conf, for Lambda paths: not used).
    extractTar(inflate('fonts.tar.br'), path.join(temporary, 'package-fonts'));
    fs.writeFileSync(path.join(temporary, 'fonts.conf'), fontsConf(dir));
    const stamp: Stamp = {
      package: '@sparticuz/chromium',
      version,
      dir,
      unpackedAt: new Date().toISOString(),
    };
    fs.writeFileSync(path.join(temporary, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
    fs.chmodSync(temporary, 0o755);
    moveIntoPlace(temporary, dir);
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
}

/**
 * Renames the finished folder into place. When the place is taken by a complete folder (another
 * process was faster), that one is used; an incomplete one (no stamp) is moved aside and replaced.
 */
function moveIntoPlace(temporary: string, dir: string): void {
  for (let attempt = 0; ; attempt++) {
    try {
      fs.renameSync(temporary, dir);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      if (isComplete(dir)) return;
      if (attempt > 2) throw error;
      const aside = `${temporary}.incomplete`;
      try {
        fs.renameSync(dir, aside);
      } catch {
        // Another process moved it aside first.
      }
      fs.rmSync(aside, { recursive: true, force: true });
    }
  }
}

/**
 * Now on the clock the file system stamps files with, which is what the ages of the temporary
 * folders are measured on: the process's clock can disagree (a test run on a moved clock, faketime;
 * a network file system), and then a fresh folder of another process would look stale.
 */
function fileSystemNow(dir: string): number {
  const probe = path.join(dir, `.clock-${process.pid}-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(probe, '');
  try {
    return fs.statSync(probe).mtimeMs;
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

function removeStaleTemporaries(cacheRoot: string, version: string): void {
  const now = fileSystemNow(cacheRoot);
  for (const name of fs.readdirSync(cacheRoot)) {
    if (!name.startsWith(`.${version}.unpacking-`)) continue;
    const file = path.join(cacheRoot, name);
    try {
      if (now - fs.statSync(file).mtimeMs > STALE_MS) fs.rmSync(file, { recursive: true, force: true });
    } catch {
      // Gone already.
    }
  }
}

/**
 * The browser's only fonts are the package's Open Sans: every generic family (system-ui,
 * sans-serif, serif, monospace) and every named one falls to it. Neither the system's fontconfig
 * settings (hinting, preferences) nor its font files are used: with Liberation or Arimo installed
 * (Debian's chromium recommends fonts-liberation), Chromium takes them for the Arial it asks for as
 * sans-serif, metric-compatible replacements, and text would measure differently from machine to
 * machine. Glyphs Open Sans lacks (CJK, Devanagari, emoji) show as boxes in tests; none is needed.
 */
export function fontsConf(dir: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const prefer = (generic: string) =>
    `  <alias><family>${generic}</family><prefer><family>Open Sans</family></prefer></alias>`;
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${escape(path.join(dir, 'package-fonts', 'fonts'))}</dir>
  <cachedir>${escape(path.join(dir, 'fontconfig-cache'))}</cachedir>
${['system-ui', 'sans-serif', 'sans', 'serif', 'monospace'].map(prefer).join('\n')}
</fontconfig>
`;
}

/**
 * A folder unpacked by an earlier version of this file keeps its browser but gets today's font
 * configuration (written beside and renamed over, so a browser starting meanwhile reads a whole file).
 */
function refreshFontsConf(dir: string): void {
  const file = path.join(dir, 'fonts.conf');
  const wanted = fontsConf(dir);
  try {
    if (fs.readFileSync(file, 'utf8') === wanted) return;
  } catch {
    // Missing: written below.
  }
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  fs.writeFileSync(temporary, wanted);
  fs.renameSync(temporary, file);
}

/**
 * Extracts a tar archive (ustar/GNU/pax: files, folders, symbolic links) into `dest`, synchronously.
 * Entries that would land outside `dest` are refused.
 */
export function extractTar(archive: Buffer, dest: string): void {
  const root = path.resolve(dest);
  fs.mkdirSync(root, { recursive: true });
  let offset = 0;
  let longName: string | undefined;
  let paxPath: string | undefined;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (start: number, length: number) =>
      header.toString('utf8', start, start + length).replace(/\0[\s\S]*$/, '');
    const octal = (start: number, length: number) => parseInt(text(start, length).trim() || '0', 8);
    const size = octal(124, 12);
    const type = text(156, 1) || '0';
    const body = archive.subarray(offset + 512, offset + 512 + size);
    if (body.length < size) throw new Error('Truncated tar archive');
    offset += 512 + Math.ceil(size / 512) * 512;

    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0[\s\S]*$/, '');
      continue;
    }
    if (type === 'x') {
      paxPath = parsePax(body).path ?? paxPath;
      continue;
    }
    if (type === 'g') continue;
    const prefix = text(345, 155);
    const name = longName ?? paxPath ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100));
    longName = paxPath = undefined;

    const target = path.resolve(root, name);
    if (target !== root && !target.startsWith(root + path.sep))
      throw new Error(`Tar entry outside the target folder: ${name}`);
    if (type === '5') {
      fs.mkdirSync(target, { recursive: true });
    } else if (type === '0' || type === '7') {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, body, { mode: octal(100, 8) & 0o777 || 0o644 });
    } else if (type === '2') {
      const link = text(157, 100);
      if (path.isAbsolute(link) || !path.resolve(path.dirname(target), link).startsWith(root + path.sep))
        throw new Error(`Tar symbolic link outside the target folder: ${name} -> ${link}`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.symlinkSync(link, target);
    } else {
      throw new Error(`Unsupported tar entry type '${type}' for ${name}`);
    }
  }
}

function parsePax(body: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let offset = 0;
  while (offset < body.length) {
    const space = body.indexOf(0x20, offset);
    if (space < 0) break;
    const length = Number(body.toString('utf8', offset, space));
    if (!Number.isInteger(length) || length <= 0) break;
    const record = body.toString('utf8', space + 1, offset + length - 1);
    const equals = record.indexOf('=');
    if (equals > 0) records[record.slice(0, equals)] = record.slice(equals + 1);
    offset += length;
  }
  return records;
}
