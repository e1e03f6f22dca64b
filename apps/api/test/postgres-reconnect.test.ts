import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createAccounts, resolveAccountsSettings } from '../src/modules/accounts/index.ts';
import {
  postgresUnavailable,
  startPostgresServer,
  type PostgresServer,
} from '../../../scripts/postgres-server.ts';
import { testClock } from './clock.ts';
import { CONTENT_DIR } from './helpers.ts';

/**
 * PostgreSQL going away under a running app and coming back (a restart, a fail-over): cached public
 * reads keep answering, a write gets 503 with Retry-After (never 500), /healthz says why, and the
 * app reconnects by itself. It stops the server, so it runs on a server of its own (initdb +
 * pg_ctl into a temporary directory), in the PostgreSQL run of the suite (DATABASE_URL set), and
 * skips, saying why, where it cannot start one.
 */
const why = !process.env.DATABASE_URL
  ? 'the PostgreSQL run of the suite only (DATABASE_URL)'
  : postgresUnavailable();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-pg-reconnect-'));
fs.chmodSync(dir, 0o755);

describe.skipIf(why !== null)(
  `PostgreSQL going away and coming back${why ? ` (skipped: ${why})` : ''}`,
  () => {
    let server: PostgresServer;
    let handle: DatabaseHandle;
    let app: FastifyInstance;
    let beachId: number;
    let token: string;
    const clock = testClock();

    beforeAll(async () => {
      fs.mkdirSync(path.join(dir, 'pg'));
      // A port of its own, away from the suite's server and other files' servers.
      server = startPostgresServer(path.join(dir, 'pg'), 56_000 + Math.floor(Math.random() * 1000));
      server.createDatabase('reconnect');
      // The app's own pool (connection.ts), as main.ts opens it.
      handle = openDatabase({ DATABASE_URL: server.url('reconnect'), SQLITE_PATH: '' });
      await migrateToLatest(handle);
      const at = clock.date().toISOString();
      ({ id: beachId } = await handle.db
        .insertInto('beaches')
        .values({
          key: 'reconnect-beach',
          slug: 'reconnect-beach',
          title: 'Reconnect Beach',
          search_name: 'reconnect beach',
          state: 'NSW',
          area: 'Waverley',
          area_slug: 'waverley',
          city: 'Bondi',
          city_slug: 'bondi',
          postcode: '2026',
          latitude: -33.89,
          longitude: 151.27,
          timezone: 'Australia/Sydney',
          description: '{}',
          data_source: 'test',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
      const settings = resolveAccountsSettings({ PASSWORD_SCRYPT_LOG_N: 10 });
      const accounts = createAccounts(handle.db, settings, { clock: clock.date });
      const { user } = await accounts.createUser({
        email: 'reconnect@example.com',
        first_name: 'Rae',
        last_name: 'Connect',
        password: 'tide-pool-lantern-42',
        email_verified: true,
      });
      token = await accounts.issueTokenFor(user.id, 'test');
      app = await buildApp({
        config: {
          LOG_LEVEL: 'silent',
          WEB_DIST_DIR: path.join(dir, 'no-web'),
          CONTENT_DIR,
          PASSWORD_SCRYPT_LOG_N: 10,
        },
        db: handle.db,
        clock: clock.date,
      });
      await app.ready();
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await handle?.db.destroy().catch(() => undefined);
      try {
        server?.stop();
      } catch {
        // already stopped by a failed test
      }
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('serves cached reads, answers writes 503 with Retry-After, and reconnects by itself', async () => {
      const read = () => app.inject({ method: 'GET', url: `/api/v4/beach/${beachId}` });
      const follow = () =>
        app.inject({
          method: 'POST',
          url: `/api/v4/beach/${beachId}/follow`,
          headers: { authorization: `Bearer ${token}` },
        });
      const before = await read();
      expect(before.statusCode).toBe(200);
      expect((await follow()).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      server.stop();

      // Every pooled connection was ended by the server: the process is still here, and the cached
      // answer is served, also once its 30 s are over (the database cannot be asked again).
      expect((await read()).body).toBe(before.body);
      clock.advance(31_000);
      const stale = await read();
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(before.body);
      // A beach never read before needs the database: 503, like a write.
      const uncached = await app.inject({ method: 'GET', url: `/api/v4/beach/${beachId + 1000}` });
      expect(uncached.statusCode).toBe(503);
      const write = await follow();
      expect(write.statusCode).toBe(503);
      expect(write.headers['retry-after']).toBe('5');
      expect(write.json()).toEqual({ message: expect.stringContaining('cannot reach its database') });
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down' });
      expect(health.json().reason).toEqual(expect.any(String));

      server.start();

      // No restart: the pool opens new connections on the next request.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await follow()).statusCode).toBe(200);
      expect((await read()).statusCode).toBe(200);
    }, 120_000);
  },
);
