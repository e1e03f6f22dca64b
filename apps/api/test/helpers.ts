import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { ROOT_DIR } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { DB } from '../src/db/schema.ts';
import { createAccounts, resolveAccountsSettings } from '../src/modules/accounts/index.ts';
import type { AccountsService } from '../src/modules/accounts/accounts.service.ts';
import { syncContent } from '../src/db/seed/articles.ts';
import { seedBundledData } from '../src/db/seed/index.ts';
import { runningClock } from './clock.ts';

export const DATA_DIR = path.join(ROOT_DIR, 'data');
export const CONTENT_DIR = path.join(ROOT_DIR, 'content');
export const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/**
 * A fresh, migrated database for one test file: a temporary SQLite file by default, or, when
 * DATABASE_URL is set, a private schema in that PostgreSQL database (dropped on close).
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: url, max: 5, options: `-c search_path=${schema}` });
    const handle: DatabaseHandle = {
      db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      location: schema,
    };
    await migrateToLatest(handle);
    return {
      ...handle,
      close: async () => {
        await handle.db.destroy().catch(() => undefined);
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop schema ${schema} cascade`);
        await dropper.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-test-'));
  const handle = openDatabase({ SQLITE_PATH: path.join(dir, 'test.sqlite'), DATABASE_URL: undefined });
  await migrateToLatest(handle);
  return {
    ...handle,
    close: async () => {
      await handle.db.destroy().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** The accounts service on the same database and settings (to create users and tokens directly). */
  accounts: AccountsService;
  /** Where this app's mail goes (a temporary directory). */
  outboxDir: string;
  /** The app's clock (the one given, or the shared running test clock). */
  clock: () => Date;
  close: () => Promise<void>;
}

/** The HTTP app on a test database loaded with the bundled places, starter beaches and articles. */
export async function startTestApp(
  options: {
    seed?: boolean;
    webDistDir?: string;
    contentDir?: string;
    config?: Partial<Parameters<typeof buildApp>[0]['config']>;
    /** Default: the shared test clock (TEST_NOW, running), never the real date. */
    clock?: () => Date;
    /** Where the app's log lines go (a test that reads the log); default: pino's own output. */
    logStream?: Writable;
  } = {},
): Promise<TestApp> {
  const handle = await openTestDatabase();
  const contentDir = options.contentDir ?? CONTENT_DIR;
  if (options.seed !== false) {
    await seedBundledData(handle.db, DATA_DIR);
    await syncContent(handle.db, contentDir);
  }
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-outbox-'));
  const config = {
    LOG_LEVEL: 'silent' as const,
    WEB_DIST_DIR: options.webDistDir ?? path.join(os.tmpdir(), 'safeshore-no-web'),
    CONTENT_DIR: contentDir,
    // Cheap password hashes and no account rate limits unless a test asks for them.
    PASSWORD_SCRYPT_LOG_N: 12,
    OUTBOX_DIR: outboxDir,
    RATE_LIMIT_LOGIN_PER_MINUTE: 10_000,
    RATE_LIMIT_REGISTER_PER_MINUTE: 10_000,
    RATE_LIMIT_RESET_PER_MINUTE: 10_000,
    RATE_LIMIT_QUESTION_PER_MINUTE: 10_000,
    ...options.config,
  };
  const clock = options.clock ?? runningClock();
  const app = await buildApp({ config, db: handle.db, clock, logStream: options.logStream });
  await app.ready();
  return {
    app,
    handle,
    accounts: createAccounts(handle.db, resolveAccountsSettings(config), { clock }),
    outboxDir,
    clock,
    close: async () => {
      await app.close();
      await handle.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
