import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startServer } from './server.ts';

/**
 * Cold start: time from launching `npm start`'s script to the first 200 on /healthz, on a fresh
 * database (migrate + load ~17,000 places and the starter beaches). Measured twice: with the web
 * app already built, and from a clean checkout state (no apps/web/dist, so the build runs too).
 */
const port = Number(process.env.BENCH_PORT ?? 8191);

const warm = await startServer({ port });
await warm.stop();
const second = await startServer({ port });
await second.stop();

fs.rmSync(path.join(ROOT, 'apps', 'web', 'dist'), { recursive: true, force: true });
const clean = await startServer({ port });
await clean.stop();

console.log('Cold npm start -> first 200 on /healthz (fresh database each time):');
console.log(
  `  web app already built:  ${warm.msToHealthy.toFixed(0)} ms, ${second.msToHealthy.toFixed(0)} ms`,
);
console.log(`  including web build:    ${clean.msToHealthy.toFixed(0)} ms`);
