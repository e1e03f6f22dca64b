import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: builds the web app when its sources are newer than the last build, then runs the
 * API server (which migrates the database, loads the bundled data on first start and serves the
 * web app) in this same process.
 */
const root = path.resolve(import.meta.dirname, '..');
const dist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.build-complete');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
/** The build settings (VITE_*) now, as the last build's stamp records them. */
function buildSettings(): string {
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(Object.fromEntries(settings));
}
function builtWithSettings(): string | null {
  try {
    return JSON.stringify((JSON.parse(fs.readFileSync(stamp, 'utf8')) as { settings?: unknown }).settings);
  } catch {
    return null;
  }
}
const stale = Math.max(...sources.map(newestMtime)) > builtAt || builtWithSettings() !== buildSettings();
if (process.env.SKIP_WEB_BUILD !== 'true' && stale) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '--workspace=@safeshore/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../apps/api/src/main.ts');
