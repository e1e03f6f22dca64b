import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Benchmark-only tools (Lighthouse and its chrome-launcher: about 185 MB of packages) stay out of
 * the root install, so `npm install` for running and testing the app does not pay for them. This
 * folder's package.json and package-lock.json pin them; the first benchmark that needs them runs
 * `npm ci` on a copy of the two files in `node_modules/.cache/safeshore-bench-tools/<hash>/`
 * (a temporary folder, stamped when complete, then renamed into place: an interrupted install is
 * redone, two at once both finish and the first rename wins). A change of the pins is a new hash,
 * so a new install. Needs the npm registry once; tests never use these.
 *
 * package.json's `overrides` pin two dependencies that Lighthouse's trace engine asks for by the
 * dist-tag `latest`: without them `npm ci` refuses the lockfile as soon as a newer version is
 * published.
 */
const HERE = import.meta.dirname;
const ROOT = path.resolve(HERE, '..', '..');
const STAMP = '.safeshore-complete.json';

/** The folder holding the installed tools' package.json and node_modules. */
export async function benchToolsDir(): Promise<string> {
  const manifest = fs.readFileSync(path.join(HERE, 'package.json'));
  const lock = fs.readFileSync(path.join(HERE, 'package-lock.json'));
  const hash = crypto.createHash('sha256').update(manifest).update(lock).digest('hex').slice(0, 16);
  const cacheRoot = path.join(ROOT, 'node_modules', '.cache', 'safeshore-bench-tools');
  const dir = path.join(cacheRoot, hash);
  if (fs.existsSync(path.join(dir, STAMP))) return dir;

  fs.mkdirSync(cacheRoot, { recursive: true });
  const temporary = fs.mkdtempSync(path.join(cacheRoot, `.${hash}.installing-`));
  try {
    fs.writeFileSync(path.join(temporary, 'package.json'), manifest);
    fs.writeFileSync(path.join(temporary, 'package-lock.json'), lock);
    console.log(`Installing the benchmark tools (bench/tools) into ${path.relative(ROOT, dir)}, once…`);
    await npm(['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], temporary);
    fs.writeFileSync(path.join(temporary, STAMP), `${JSON.stringify({ hash, installedAt: new Date() })}\n`);
    try {
      fs.renameSync(temporary, dir);
    } catch (error) {
      // Another run finished first: use its copy.
      if (!fs.existsSync(path.join(dir, STAMP))) throw error;
    }
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
  return dir;
}

/** Runs npm as `npm run` started us (also used by scripts/data: the same way to install on demand). */
export function npm(args: string[], cwd: string): Promise<void> {
  // Under `npm run`, the npm that started us (npm_execpath), run by the project's Node.
  const execPath = process.env.npm_execpath;
  const [command, commandArgs] =
    execPath && execPath.endsWith('.js') ? [process.execPath, [execPath, ...args]] : ['npm', args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm ${args.join(' ')} in ${cwd} failed (exit ${code})`)),
    );
  });
}

async function importTool<T>(name: string): Promise<{ module: T; version: string }> {
  const dir = await benchToolsDir();
  const require = createRequire(path.join(dir, 'package.json'));
  const packageFile = path.join(dir, 'node_modules', name, 'package.json');
  const { version } = JSON.parse(fs.readFileSync(packageFile, 'utf8')) as { version: string };
  return { module: (await import(pathToFileURL(require.resolve(name)).href)) as T, version };
}

// The parts of Lighthouse's and chrome-launcher's types the benchmark uses (their own type
// declarations are not installed for the type check, which runs without the bench tools).

export interface LighthouseFlags {
  port: number;
  output: 'json' | 'html';
  logLevel: 'silent' | 'error' | 'warn' | 'info';
  onlyCategories: string[];
  formFactor: 'mobile' | 'desktop';
  throttlingMethod: 'simulate' | 'devtools' | 'provided';
  disableFullPageScreenshot: boolean;
  maxWaitForFcp: number;
  maxWaitForLoad: number;
}

export interface LighthouseAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: unknown;
  metricSavings?: { LCP?: number; FCP?: number; TBT?: number; CLS?: number; INP?: number };
}

export interface LighthouseResult {
  audits: Record<string, LighthouseAudit>;
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; group?: string }> }>;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
}

export interface Lighthouse {
  version: string;
  lighthouse: (url: string, flags: LighthouseFlags) => Promise<{ lhr: LighthouseResult } | undefined>;
  generateReport: (lhr: LighthouseResult, format: 'html' | 'json') => string;
  launchChrome: (options: {
    chromePath: string;
    chromeFlags: string[];
    envVars?: Record<string, string>;
    logLevel?: 'silent' | 'error' | 'info' | 'verbose';
    handleSIGINT?: boolean;
  }) => Promise<{ port: number; kill: () => void }>;
}

/** Lighthouse and chrome-launcher, installed on first use. */
export async function loadLighthouse(): Promise<Lighthouse> {
  const { module: lh, version } = await importTool<{
    default: Lighthouse['lighthouse'];
    generateReport: Lighthouse['generateReport'];
  }>('lighthouse');
  const { module: launcher } = await importTool<{ launch: Lighthouse['launchChrome'] }>('chrome-launcher');
  return {
    version,
    lighthouse: lh.default,
    generateReport: lh.generateReport,
    launchChrome: launcher.launch,
  };
}
