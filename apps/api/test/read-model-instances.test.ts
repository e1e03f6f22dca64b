import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/connection.ts';
import type { Database, DB } from '../src/db/schema.ts';
import { syncContent } from '../src/db/seed/articles.ts';
import { seedBundledData } from '../src/db/seed/index.ts';
import { CONTENT_DIR, DATA_DIR, openTestDatabase } from './helpers.ts';
import { testClock } from './clock.ts';

/**
 * Two API processes on one database (issue 20): a write committed through one is served by the
 * other within 1 s, on every cached read path. Runs on a SQLite file, or on PostgreSQL when
 * DATABASE_URL is set (each app with its own connection pool, as two processes would have).
 */

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let otherDb: Database;
let writer: FastifyInstance;
let reader: FastifyInstance;
const clock = testClock();
let beachId: number;

function secondConnection(): Database {
  if (handle.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 5,
      options: `-c search_path=${handle.location}`,
    });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  return openDatabase({ SQLITE_PATH: handle.location, DATABASE_URL: undefined }).db;
}

const app = (db: Database) =>
  buildApp({
    config: {
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'safeshore-no-web'),
      CONTENT_DIR,
    },
    db,
    clock: clock.date,
  });

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedBundledData(handle.db, DATA_DIR);
  await syncContent(handle.db, CONTENT_DIR);
  otherDb = secondConnection();
  writer = await app(handle.db);
  reader = await app(otherDb);
  beachId = (
    await handle.db
      .selectFrom('beaches')
      .select('id')
      .where('key', '=', 'nsw-2026-bondi-beach')
      .executeTakeFirstOrThrow()
  ).id;
}, 60_000);
afterAll(async () => {
  await writer?.close();
  await reader?.close();
  await otherDb?.destroy();
  await handle?.close();
});

describe(`two app instances on one database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite file'})`, () => {
  it('a write through one instance is served by the other within 1 s on every cached path', async () => {
    const paths = [
      `/api/v4/beach/${beachId}`,
      '/api/v4/autocomplete?q=bondi',
      '/api/v4/map/beaches?neCoords=-33.85,151.30&swCoords=-33.95,151.20',
    ];
    // Both caches hold the old answers.
    for (const p of paths) {
      for (const instance of [writer, reader]) {
        const body = (await instance.inject(p)).body;
        expect(body).toContain('Bondi');
        expect(body).not.toContain('Renamed Bondi');
      }
    }
    for (const title of ['Renamed Bondi Beach', 'Bondi Beach']) {
      // A console-style write: the change and the version in one transaction. The version is raised
      // with plain SQL, not bumpDataVersion, so neither app learns of it from this process (where
      // both live): they must find it in the database, as a separate process would.
      await handle.db.transaction().execute(async (trx) => {
        await trx.updateTable('beaches').set({ title }).where('id', '=', beachId).execute();
        await trx
          .updateTable('data_version')
          .set((eb) => ({ version: eb('version', '+', 1), changed_at: clock.date().toISOString() }))
          .where('id', '=', 1)
          .execute();
      });
      const committed = performance.now();
      const renamed = title.startsWith('Renamed');
      // Every path on both instances, polled at once. The bound is on staleness: no request that
      // began more than 1 s after the commit may answer with the old data (a slow answer under a
      // busy machine is late, not stale); and the new data must arrive.
      await Promise.all(
        paths.flatMap((p) =>
          (
            [
              ['reader', reader],
              ['writer', writer],
            ] as const
          ).map(async ([name, instance]) => {
            let freshAt: number | null = null;
            while (freshAt === null && performance.now() - committed < 10_000) {
              const began = performance.now() - committed;
              const body = (await instance.inject(p)).body;
              if (body.includes('Renamed Bondi') === renamed) freshAt = began;
              else
                expect(
                  began,
                  `${name} ${p}: old answer to a request begun ${began} ms after the write`,
                ).toBeLessThan(1_000);
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
            expect(freshAt, `${name} ${p}`).not.toBeNull();
          }),
        ),
      );
    }
  });
});
