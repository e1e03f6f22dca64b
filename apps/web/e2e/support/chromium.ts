import fs from 'node:fs';
import type { Browser, BrowserType } from '@playwright/test';
import { packagedChromium } from '../../../../scripts/chromium-package.ts';

/**
 * Which Chromium browser tests and browser benchmarks start, and how.
 *
 * - `CHROMIUM_PATH` set: that executable (any Chromium or Chrome).
 * - Otherwise, on linux-x64: the Chromium inside the `@sparticuz/chromium` npm package (a root
 *   devDependency, pinned), unpacked on first use into `node_modules/.cache/safeshore-chromium/<version>/`
 *   by scripts/chromium-package.ts. Always that one, even where a system Chromium exists, so every
 *   machine (developer, CI) tests in the same browser version; nothing is downloaded, no apt step.
 * - Other platforms (the package ships linux-x64 only): `/usr/bin/chromium` if present, else an
 *   error saying to set `CHROMIUM_PATH`.
 *
 * Never `playwright install`, and never the package's own Lambda flags (`--single-process`,
 * `--disable-web-security`, `--no-zygote`…: they would make the CORS and app-shell tests
 * meaningless). The flags below are the project's: no sandbox (root in containers), no GPU, and none
 * of the background connections this machine's closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface ChromiumBrowser {
  executablePath: string;
  /** Where it came from, for logs: `CHROMIUM_PATH`, `@sparticuz/chromium 153.0.0`, `/usr/bin/chromium`. */
  source: string;
  /** The environment to start it in (the caller's plus its libraries and fonts), when it needs one. */
  env?: Record<string, string>;
}

export function resolveChromium(): ChromiumBrowser {
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    if (!fs.existsSync(override)) throw new Error(`CHROMIUM_PATH=${override}: no such file.`);
    return { executablePath: override, source: 'CHROMIUM_PATH' };
  }
  if (process.platform === 'linux' && process.arch === 'x64') {
    const packaged = packagedChromium();
    return {
      executablePath: packaged.executablePath,
      source: `@sparticuz/chromium ${packaged.version}`,
      env: { ...definedEnv(), ...packaged.env },
    };
  }
  if (fs.existsSync('/usr/bin/chromium'))
    return { executablePath: '/usr/bin/chromium', source: '/usr/bin/chromium' };
  throw new Error(
    `The test browser from the @sparticuz/chromium npm package runs on linux-x64 only (this is ` +
      `${process.platform}-${process.arch}) and there is no /usr/bin/chromium: set CHROMIUM_PATH to a ` +
      `Chromium or Chrome executable, e.g. CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome".`,
  );
}

function definedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

const browser = resolveChromium();

/** Playwright launch options (`use.launchOptions`, `chromium.launch`). */
export const CHROMIUM_LAUNCH: { executablePath: string; args: string[]; env?: Record<string, string> } = {
  executablePath: browser.executablePath,
  args: CHROMIUM_ARGS,
  ...(browser.env ? { env: browser.env } : {}),
};
export const CHROMIUM_SOURCE = browser.source;

/**
 * The browser for the tests that need notifications (push.spec.ts): the headless shell above reports
 * Notification.permission "denied" whatever a context grants, so they run in a full Chromium, in
 * its new headless mode, with the project's flags: CHROMIUM_PATH when set, else Debian's `chromium`
 * package (/usr/bin/chromium, which .ci/run installs). Only a candidate: launchNotifyingChromium
 * starts it, and only a browser that starts counts.
 */
export const NOTIFYING_CHROMIUM: { executablePath: string; args: string[] } | null = process.env.CHROMIUM_PATH
  ? { executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS }
  : fs.existsSync('/usr/bin/chromium')
    ? { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS }
    : null;

/**
 * Starts the notifying Chromium, or says why there is none: no candidate, or a file that is not a
 * working browser (a wrapper for a browser that is not installed, missing libraries, another
 * architecture), which fails to start.
 */
export async function launchNotifyingChromium(
  chromium: BrowserType,
): Promise<{ browser: Browser } | { reason: string }> {
  if (!NOTIFYING_CHROMIUM)
    return {
      reason:
        'Needs a full Chromium (Debian’s `chromium` package at /usr/bin/chromium, or CHROMIUM_PATH): the default test browser, the @sparticuz/chromium headless shell, reports Notification.permission "denied" whatever is granted.',
    };
  try {
    return { browser: await chromium.launch({ ...NOTIFYING_CHROMIUM, timeout: 30_000 }) };
  } catch (error) {
    const first = String((error as Error).message).split('\n')[0];
    return {
      reason: `${NOTIFYING_CHROMIUM.executablePath} does not start as a browser (${first}): run this test with a full Chromium (CHROMIUM_PATH).`,
    };
  }
}
