import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { SyncResponse } from '@safeshore/domain';
import { markBeachesChanged } from '../apps/api/src/db/changes.ts';
import { openDatabase } from '../apps/api/src/db/connection.ts';
import { createSyntheticDatabase } from './generate-beaches.ts';
import { startServer } from './server.ts';

/**
 * `npm run bench:sync-payload`: what POST /api/v4/sync costs over the wire for 12,000 synthetic
 * beaches (COUNT), served the way `npm start` serves them: the full sync page by page (bytes with
 * brotli and gzip, and the time to the last byte of each page), then a delta of 10 changed beaches.
 * Targets (issue 8): full sync under 2 MB compressed, the delta under 20 KB.
 */
const COUNT = Number(process.env.COUNT ?? 12_000);
const PORT = Number(process.env.BENCH_PORT ?? 8410);
const LIMITS = [1000, 2000];

interface Answer {
  bytes: number;
  ms: number;
  body: Buffer;
}

/** POSTs and returns the bytes as sent (no decompression), and the time to the last byte. */
function post(url: string, body: object, encoding: 'br' | 'gzip' | 'identity'): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'accept-encoding': encoding,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          if (response.statusCode !== 200)
            return reject(new Error(`${response.statusCode}: ${raw.toString()}`));
          const sent = response.headers['content-encoding'];
          const decoded =
            sent === 'br' ? zlib.brotliDecompressSync(raw) : sent === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({ bytes: raw.length, ms: performance.now() - started, body: decoded });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

const source = await createSyntheticDatabase(COUNT);
// A private copy: the delta below changes beaches, and other benchmarks share the generated file.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-sync-bench-'));
const sqlitePath = path.join(dir, 'beaches.sqlite');
fs.copyFileSync(source, sqlitePath);
const server = await startServer({ port: PORT, sqlitePath, env: { SKIP_WEB_BUILD: 'true' } });
const url = `${server.baseUrl}/api/v4/sync`;

try {
  let cursor = '';
  for (const limit of LIMITS) {
    const totals = { br: 0, gzip: 0, identity: 0, pages: 0, beaches: 0 };
    const times: number[] = [];
    let since: string | null = null;
    for (;;) {
      const [br, gzip, identity] = [
        await post(url, { since, limit }, 'br'),
        await post(url, { since, limit }, 'gzip'),
        await post(url, { since, limit }, 'identity'),
      ];
      const page = JSON.parse(br.body.toString()) as SyncResponse;
      totals.br += br.bytes;
      totals.gzip += gzip.bytes;
      totals.identity += identity.bytes;
      totals.pages++;
      totals.beaches += page.beaches_upsert.length;
      times.push(br.ms);
      since = page.cursor;
      if (!page.has_more) break;
    }
    cursor = since ?? '';
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `full sync, limit ${limit}: ${totals.beaches} beaches in ${totals.pages} pages; ` +
        `${mb(totals.br)} br, ${mb(totals.gzip)} gzip, ${mb(totals.identity)} JSON; ` +
        `br page to last byte: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, ` +
        `max ${sorted.at(-1)!.toFixed(0)} ms, all pages ${times.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
    );
  }

  // Ten beaches change (as an import would change them), then the client asks for the delta.
  const handle = openDatabase({ SQLITE_PATH: sqlitePath, DATABASE_URL: undefined });
  const now = new Date().toISOString();
  await handle.db.transaction().execute(async (trx) => {
    const ids = (
      await trx.selectFrom('beaches').select('id').orderBy('id').limit(10).offset(500).execute()
    ).map((b) => b.id);
    await trx.updateTable('beaches').set({ hazard: 5, updated_at: now }).where('id', 'in', ids).execute();
    await markBeachesChanged(trx, ids);
  });
  await handle.db.destroy();
  const delta = {
    br: await post(url, { since: cursor }, 'br'),
    gzip: await post(url, { since: cursor }, 'gzip'),
    identity: await post(url, { since: cursor }, 'identity'),
  };
  const page = JSON.parse(delta.br.body.toString()) as SyncResponse;
  console.log(
    `delta of ${page.beaches_upsert.length} changed beaches: ${kb(delta.br.bytes)} br, ` +
      `${kb(delta.gzip.bytes)} gzip, ${kb(delta.identity.bytes)} JSON; ${delta.br.ms.toFixed(0)} ms`,
  );
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
