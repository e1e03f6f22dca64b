import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_LAUNCH, CHROMIUM_SOURCE } from '../apps/web/e2e/support/chromium.ts';
import { ROOT, startServer } from './server.ts';
import {
  loadLighthouse,
  type LighthouseFlags as Flags,
  type LighthouseResult as Result,
} from './tools/index.ts';

/**
 * Lighthouse (mobile: the default Moto G Power form factor and simulated slow-4G throttling) on
 * Home and a beach page, served by a fresh server (SQLite, starter data) started the way
 * `npm start` does, in the browser tests' Chromium (the @sparticuz/chromium package's, or CHROMIUM_PATH:
 * apps/web/e2e/support/chromium.ts). Prints the four category scores, the core metrics and
 * the transfer size of each page, the failed accessibility audits with their elements, the top
 * performance opportunities, and any other failed audit. Each page is measured LIGHTHOUSE_RUNS
 * times (default 3), each in a fresh browser, and the run with the median performance score is
 * reported.
 * Reports (HTML and JSON) are written to var/bench/lighthouse/ (LIGHTHOUSE_REPORT_DIR).
 *
 * LIGHTHOUSE_PAGES: the pages to measure, comma-separated names (`home`, `beach`; default both),
 * so two people measuring on one machine can each run their page into their own LIGHTHOUSE_REPORT_DIR.
 * Each page also prints its main-thread breakdown (by category and by script) and its long tasks,
 * which is where the Total Blocking Time comes from.
 *
 * Lighthouse is not a root dependency: its pinned version (bench/tools/package.json) is installed
 * on the first run into node_modules/.cache/safeshore-bench-tools (bench/tools/index.ts).
 *
 * `--assert`: exit 1 when a target is missed (performance 95+, accessibility 100).
 *
 * Simulated throttling computes the metrics from an unthrottled load, where the local API answers in
 * milliseconds: a layout shift that happens only when the API is slow (as on a phone) may show in
 * some runs and not others, so each run's CLS is printed too.
 *
 * Runs with no network: Chromium's background services are off, every host name other than the
 * local server's fails to resolve at once (so a stray third-party request cannot hang the run),
 * and each Lighthouse run has its own time limit (LIGHTHOUSE_TIMEOUT_MS); a failed run is retried once.
 */
const ALL_PAGES = [
  { name: 'Home', path: '/' },
  { name: 'Beach', path: '/beach/nsw/waverley/bondi-beach/bondi-beach' },
];
const BEACH_PATH = ALL_PAGES[1]!.path;
const PAGES = selectPages(process.env.LIGHTHOUSE_PAGES);
const TARGETS = { performance: 95, accessibility: 100 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const RUN_TIMEOUT_MS = Number(process.env.LIGHTHOUSE_TIMEOUT_MS ?? 120_000);
const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_ARGS,
  // No network here: never go through a proxy, and make every host name except the local server's
  // fail to resolve immediately instead of waiting on DNS.
  '--no-proxy-server',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
const REPORT_DIR = path.resolve(
  ROOT,
  process.env.LIGHTHOUSE_REPORT_DIR || path.join('var', 'bench', 'lighthouse'),
);
const assert = process.argv.includes('--assert');

type Audit = Result['audits'][string];
interface TableDetails {
  type: string;
  items?: Array<Record<string, unknown>>;
  overallSavingsMs?: number;
  overallSavingsBytes?: number;
}
interface NodeValue {
  type: 'node';
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
  explanation?: string;
}

const { lighthouse, generateReport, launchChrome, version: lighthouseVersion } = await loadLighthouse();
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 8193) });
const stopServer = () => server.stop().catch(() => undefined);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stopServer().then(() => process.exit(130)));

let missed = false;
try {
  // The beach must exist (starter data), and the server's caches get a first request.
  const api = await fetch(`${server.baseUrl}/api/v4${BEACH_PATH}`);
  if (api.status !== 200) throw new Error(`GET /api/v4${BEACH_PATH}: HTTP ${api.status}`);
  for (const page of PAGES) await (await fetch(server.baseUrl + page.path)).arrayBuffer();
  fs.mkdirSync(REPORT_DIR, { recursive: true });

  console.log(
    `Lighthouse ${lighthouseVersion} in ${CHROMIUM_SOURCE} (mobile, simulated throttling), ${RUNS} run(s) per page, the median run by performance score; fresh server (SQLite, starter data):`,
  );
  for (const page of PAGES) {
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runWithRetry(server.baseUrl + page.path));
    // The run with the median performance score (the lower one of an even count). Lighthouse's own
    // computeMedianRun goes by FCP and TTI alone, so it can pick a run without a layout shift.
    const lhr = [...runs].sort((a, b) => (score(a, 'performance') ?? 0) - (score(b, 'performance') ?? 0))[
      Math.floor((runs.length - 1) / 2)
    ]!;
    const slug = page.name.toLowerCase();
    fs.writeFileSync(path.join(REPORT_DIR, `${slug}.html`), generateReport(lhr, 'html'));
    fs.writeFileSync(path.join(REPORT_DIR, `${slug}.json`), JSON.stringify(lhr));
    missed = printPage(page, lhr, runs) || missed;
  }
  const slugs = PAGES.map((page) => page.name.toLowerCase());
  console.log(
    `\nReports: ${path.relative(ROOT, REPORT_DIR) || '.'}/${slugs.length > 1 ? `{${slugs.join(',')}}` : slugs[0]}.{html,json}`,
  );
  console.log(
    `Targets (performance ${TARGETS.performance}+, accessibility ${TARGETS.accessibility}): ${missed ? 'MISSED' : 'met'}`,
  );
} finally {
  await stopServer();
}
if (missed && assert) process.exit(1);

/** LIGHTHOUSE_PAGES (`home`, `beach`, comma-separated; default all) into the pages to measure. */
function selectPages(setting: string | undefined): typeof ALL_PAGES {
  const names = (setting ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return ALL_PAGES;
  const known = ALL_PAGES.map((page) => page.name.toLowerCase());
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    console.error(`LIGHTHOUSE_PAGES: unknown page(s) ${unknown.join(', ')} (known: ${known.join(', ')})`);
    process.exit(2);
  }
  return ALL_PAGES.filter((page) => names.includes(page.name.toLowerCase()));
}

/** A run that fails (a timeout, a Lighthouse error) is retried once, in a fresh browser. */
async function runWithRetry(url: string): Promise<Result> {
  try {
    return await runLighthouse(url);
  } catch (error) {
    console.warn(`  (run on ${shortUrl(url)} failed, retrying once: ${(error as Error).message})`);
    return runLighthouse(url);
  }
}

/** One Lighthouse run in its own browser, killed (and the run failed) if it overruns. */
async function runLighthouse(url: string): Promise<Result> {
  const chrome = await launchChrome({
    chromePath: CHROMIUM_LAUNCH.executablePath,
    chromeFlags: CHROME_FLAGS,
    ...(CHROMIUM_LAUNCH.env ? { envVars: CHROMIUM_LAUNCH.env } : {}),
    logLevel: 'silent',
    handleSIGINT: false,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      disableFullPageScreenshot: true,
      maxWaitForFcp: 15_000,
      maxWaitForLoad: 30_000,
    };
    const running = lighthouse(url, flags);
    running.catch(() => undefined); // after a timeout nobody awaits it any more
    const result = await Promise.race([
      running,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Lighthouse on ${url} took over ${RUN_TIMEOUT_MS} ms`)),
          RUN_TIMEOUT_MS,
        );
      }),
    ]);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}

function score(lhr: Result, category: string): number | null {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
}

function numeric(lhr: Result, id: string): number | undefined {
  return lhr.audits[id]?.numericValue;
}

function details(audit: Audit | undefined): TableDetails | undefined {
  return audit?.details as TableDetails | undefined;
}

function failed(audit: Audit | undefined): audit is Audit {
  return (
    audit !== undefined &&
    audit.score !== null &&
    audit.score < 1 &&
    (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'metricSavings')
  );
}

function shortUrl(url: string): string {
  return url.startsWith(server.baseUrl) ? url.slice(server.baseUrl.length) : url;
}

function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Prints one page's figures; returns true when a target is missed. */
function printPage(page: { name: string; path: string }, lhr: Result, runs: Result[]): boolean {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)]));
  const ms = (id: string) => `${Math.round(numeric(lhr, id) ?? NaN)} ms`;
  console.log(`\n${page.name} (${page.path})`);
  console.log(
    `  performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores['best-practices']}, SEO ${scores.seo}` +
      (runs.length > 1
        ? ` (runs: ${runs.map((r) => `${score(r, 'performance')} with TBT ${Math.round(numeric(r, 'total-blocking-time') ?? NaN)} ms, CLS ${(numeric(r, 'cumulative-layout-shift') ?? NaN).toFixed(3)}`).join('; ')})`
        : ''),
  );
  console.log(
    `  FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}, CLS ${(numeric(lhr, 'cumulative-layout-shift') ?? NaN).toFixed(3)}, total transfer ${((numeric(lhr, 'total-byte-weight') ?? NaN) / 1024).toFixed(1)} KiB`,
  );
  // How fast this machine was during the run (Lighthouse's CPU benchmark; a loaded machine scores low).
  const benchmarkIndex = (r: Result) =>
    Math.round((r as { environment?: { benchmarkIndex?: number } }).environment?.benchmarkIndex ?? NaN);
  console.log(`  benchmarkIndex ${runs.map(benchmarkIndex).join(', ')} (median run: ${benchmarkIndex(lhr)})`);

  const shifts = runs.map((r) => numeric(r, 'cumulative-layout-shift') ?? 0);
  if (Math.max(...shifts) - Math.min(...shifts) > 0.05)
    console.log('  Note: CLS differs between runs, a timing-dependent layout shift (see above)');

  // Failed accessibility audits, with the elements they name.
  const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(failed);
  console.log(`  Failed accessibility audits:${a11yFailures.length === 0 ? ' none' : ''}`);
  for (const audit of a11yFailures) {
    console.log(`    - ${audit.id}: ${audit.title}`);
    for (const item of (details(audit)?.items ?? []).slice(0, 8)) {
      const node = item.node as NodeValue | undefined;
      if (!node) continue;
      console.log(`        ${node.selector ?? ''}  ${oneLine(node.snippet ?? '', 120)}`);
      if (node.explanation) console.log(`          ${oneLine(node.explanation, 200)}`);
    }
  }

  // What the largest contentful paint was, and where its time went.
  const lcp = details(lhr.audits['largest-contentful-paint-element']);
  const lcpItems = (lcp?.items ?? []) as Array<{ items?: Array<Record<string, unknown>> }>;
  const lcpNode = lcpItems[0]?.items?.[0]?.node as NodeValue | undefined;
  const phases = (lcpItems[1]?.items ?? []) as Array<{ phase?: string; timing?: number }>;
  if (lcpNode)
    console.log(
      `  LCP element: ${lcpNode.selector ?? ''} "${oneLine(lcpNode.nodeLabel ?? '', 60)}"` +
        (phases.length > 0
          ? ` (${phases.map((p) => `${p.phase} ${Math.round(p.timing ?? 0)} ms`).join(', ')})`
          : ''),
    );
  // Where the main thread's time went (Total Blocking Time is the part of each task over 50 ms,
  // between FCP and TTI): by category, by script, and the long tasks themselves. Durations are
  // Lighthouse's simulated ones (4x CPU slowdown).
  const breakdown = (details(lhr.audits['mainthread-work-breakdown'])?.items ?? []) as Array<{
    groupLabel?: string;
    duration?: number;
  }>;
  if (breakdown.length > 0)
    console.log(
      `  Main thread ${Math.round(numeric(lhr, 'mainthread-work-breakdown') ?? NaN)} ms: ${breakdown
        .slice(0, 5)
        .map((b) => `${b.groupLabel ?? '?'} ${Math.round(b.duration ?? 0)}`)
        .join(', ')}`,
    );
  const bootup = (details(lhr.audits['bootup-time'])?.items ?? []) as Array<{
    url?: string;
    total?: number;
    scripting?: number;
    scriptParseCompile?: number;
  }>;
  if (bootup.length > 0)
    console.log(
      `  By script (total/scripting/parse+compile ms): ${bootup
        .slice(0, 4)
        .map(
          (b) =>
            `${shortUrl(b.url ?? '')} ${Math.round(b.total ?? 0)}/${Math.round(b.scripting ?? 0)}/${Math.round(b.scriptParseCompile ?? 0)}`,
        )
        .join(', ')}`,
    );
  const longTasks = (details(lhr.audits['long-tasks'])?.items ?? []) as Array<{
    url?: string;
    duration?: number;
    startTime?: number;
  }>;
  console.log(
    `  Long tasks:${longTasks.length === 0 ? ' none' : ''} ${longTasks
      .slice(0, 6)
      .map(
        (t) =>
          `${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)} ms (${shortUrl(t.url ?? '')})`,
      )
      .join(', ')}`,
  );

  // Performance opportunities and diagnostics: audits of the performance category that did not
  // pass, by the metric savings Lighthouse estimates for them: LCP + FCP + TBT in ms, plus CLS
  // counted as 0.1 = 1,000 ms (both cost a mobile score about as much), then bytes.
  const weight = (o: { total: number; savings: { CLS?: number } }) => o.total + (o.savings.CLS ?? 0) * 10_000;
  const perfRefs = (lhr.categories.performance?.auditRefs ?? []).filter((ref) => ref.group !== 'metrics');
  const opportunities = perfRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is Audit => audit !== undefined && audit.score !== null && audit.score < 0.9)
    .map((audit) => {
      const savings = audit.metricSavings ?? {};
      const total = (savings.LCP ?? 0) + (savings.FCP ?? 0) + (savings.TBT ?? 0);
      return { audit, savings, total, bytes: details(audit)?.overallSavingsBytes ?? 0 };
    })
    .filter((o) => o.total > 0 || o.bytes > 0 || (o.savings.CLS ?? 0) > 0)
    .sort((a, b) => weight(b) - weight(a) || b.bytes - a.bytes)
    .slice(0, 6);
  console.log(`  Top performance opportunities:${opportunities.length === 0 ? ' none' : ''}`);
  for (const { audit, savings, bytes } of opportunities) {
    const saving = [
      ...(['LCP', 'FCP', 'TBT'] as const)
        .filter((metric) => (savings[metric] ?? 0) > 0)
        .map((metric) => `${metric} -${Math.round(savings[metric]!)} ms`),
      (savings.CLS ?? 0) > 0 ? `CLS -${savings.CLS!.toFixed(3)}` : '',
      bytes > 0 ? `${(bytes / 1024).toFixed(1)} KiB` : '',
    ]
      .filter(Boolean)
      .join(', ');
    console.log(
      `    - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}; est. ${saving}`,
    );
  }

  // Anything else that failed (best practices, SEO), briefly.
  const others = (['best-practices', 'seo'] as const).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter(failed)
      .map((audit) => `${category}: ${audit.id} (${audit.title})`),
  );
  if (others.length > 0) console.log(`  Other failed audits:\n${others.map((o) => `    - ${o}`).join('\n')}`);

  // Requests that left the local server (none expected; they would fail here, with no network).
  const requests = (details(lhr.audits['network-requests'])?.items ?? []) as Array<{ url?: string }>;
  const external = requests
    .map((r) => r.url ?? '')
    .filter((url) => /^https?:/.test(url) && new URL(url).hostname !== '127.0.0.1');
  if (external.length > 0)
    console.log(`  Requests to other hosts (failed, no network): ${external.join(', ')}`);
  if (lhr.runWarnings.length > 0)
    console.log(`  Lighthouse warnings: ${lhr.runWarnings.map((w) => oneLine(w)).join(' | ')}`);

  const pageMissed =
    (scores.performance ?? 0) < TARGETS.performance || (scores.accessibility ?? 0) < TARGETS.accessibility;
  if (pageMissed)
    console.log(
      `  MISSED: performance ${scores.performance} (target ${TARGETS.performance}+), accessibility ${scores.accessibility} (target ${TARGETS.accessibility})`,
    );
  return pageMissed;
}
