import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * First-load JavaScript of the Home page, gzip: the entry script and every chunk index.html
 * preloads. Prints the figures; exits 1 when over the budget (BUDGET_KB, default 150).
 * Run after `npm run build` (WEB_DIST_DIR measures another build directory).
 */
const dist = path.resolve(
  process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', 'apps', 'web', 'dist'),
);
const budgetKb = Number(process.env.BUDGET_KB ?? 150);
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((m) => m[1]!);
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map((m) => m[1]!);

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
let jsTotal = 0;
console.log('Home first load (gzip):');
for (const file of new Set(scripts)) {
  const size = gzipSize(file);
  jsTotal += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const cssTotal = styles.reduce((sum, file) => sum + gzipSize(file), 0);
const htmlSize = zlib.gzipSync(html).length;
console.log(`  JS total:   ${(jsTotal / 1024).toFixed(1)} KB (budget ${budgetKb} KB)`);
console.log(`  CSS total:  ${(cssTotal / 1024).toFixed(1)} KB`);
console.log(`  HTML:       ${(htmlSize / 1024).toFixed(1)} KB`);
if (jsTotal / 1024 > budgetKb) {
  console.error(`Over budget by ${(jsTotal / 1024 - budgetKb).toFixed(1)} KB`);
  process.exit(1);
}
