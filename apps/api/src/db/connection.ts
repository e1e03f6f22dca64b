import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { DB, Database } from './schema.ts';
import { DatabaseBusyError, openSqlite } from './sqlite-adapter.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  dialect: DialectName;
  /** Where the data lives, for logs (the password of a URL is hidden). */
  location: string;
  /** SQLite: a truncating WAL checkpoint now (true when it completed). */
  checkpoint?: () => Promise<boolean>;
}

// PostgreSQL returns int8 (count(*), sums) as strings; our counts always fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** How long a request waits for a new PostgreSQL connection before it fails (503). */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;

export function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'SQLITE_PATH'> & Partial<Pick<Config, 'SQLITE_LOCK_WAIT_MS'>>,
): DatabaseHandle {
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: 10,
      // A server that does not answer (a network partition) fails a request after 5 s instead of
      // holding it until the client gives up: the request gets a 503 (isDatabaseUnavailable).
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
    });
    // A restart of PostgreSQL ends every connection: pg reports it as an 'error' event on the pool
    // (idle connections) or on the client (one in use), and an 'error' event nobody listens to
    // ends the process. The query in flight fails on its own (a 503); the pool drops the broken
    // connection and opens a new one on the next request, so the server reconnects by itself.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const url = new URL(config.DATABASE_URL);
    if (url.password) url.password = '***';
    return {
      db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      location: url.toString(),
    };
  }
  if (config.SQLITE_PATH !== ':memory:') fs.mkdirSync(path.dirname(config.SQLITE_PATH), { recursive: true });
  let opened;
  try {
    opened = openSqlite(config.SQLITE_PATH, { lockWaitMs: config.SQLITE_LOCK_WAIT_MS ?? 3000 });
  } catch (error) {
    throw new DatabaseOpenError(config.SQLITE_PATH, error);
  }
  return {
    db: new Kysely<DB>({ dialect: opened.dialect }),
    dialect: 'sqlite',
    location: config.SQLITE_PATH,
    checkpoint: opened.checkpoint,
  };
}

/** SQLite result codes that mean the file itself is the problem (not a query). */
const FILE_PROBLEMS: Record<number, string> = {
  8: 'the file is read-only',
  10: 'a disk I/O error occurred',
  11: 'the file is corrupt',
  13: 'the disk is full',
  14: 'the file cannot be opened (missing directory or no permission)',
  23: 'access was denied',
  26: 'the file is not a SQLite database',
};

/** The database file could not be opened or read: names the file and the cause. */
export class DatabaseOpenError extends Error {
  readonly location: string;
  constructor(location: string, cause: unknown) {
    super(`Cannot use the database ${location}: ${describeDatabaseFault(cause)}`, { cause });
    this.location = location;
    this.name = 'DatabaseOpenError';
  }
}

function describeDatabaseFault(error: unknown): string {
  const code = (error as { errcode?: unknown }).errcode;
  const known = typeof code === 'number' ? FILE_PROBLEMS[code & 0xff] : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return known ? `${known} (${message})` : message;
}

/**
 * One line for a start-up failure caused by the database file (corrupt, unreadable, read-only,
 * not a database), or null when the error is something else.
 */
export function databaseStartupProblem(error: unknown, location: string): string | null {
  if (error instanceof DatabaseOpenError) return error.message;
  const code = (error as { errcode?: unknown }).errcode;
  if (typeof code === 'number' && FILE_PROBLEMS[code & 0xff]) {
    return new DatabaseOpenError(location, error).message;
  }
  return null;
}

/**
 * PostgreSQL conditions that mean the server is away (restarting, shutting down, unreachable), not
 * that the query is wrong: class 08 (connection exception), 57P01-57P03 (admin shutdown, crash
 * shutdown, cannot connect now) and 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** Socket errors on the way to the server. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** pg's own messages for a connection lost or never made (they carry no code). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)$/;

/**
 * Whether an error means the database cannot be reached right now (the request may succeed when
 * it is back): answered 503 with Retry-After, never 500. pg wraps some in an AggregateError (one
 * error per address tried).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return true;
  return error instanceof Error && UNAVAILABLE_MESSAGE.test(error.message);
}

export async function isDatabaseUp(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export type DatabaseHealth = { up: false } | { up: true; writes: 'ok' | 'busy' | 'failing' };

/**
 * Whether the database answers and takes writes: a write inside a transaction that is rolled back
 * (nothing changes). A read-only file or server fails it; a write lock held elsewhere is "busy".
 */
export async function databaseHealth(db: Database): Promise<DatabaseHealth> {
  if (!(await isDatabaseUp(db))) return { up: false };
  const probe = new Error('health probe: roll back');
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('app_meta')
        .values({ key: 'health-probe', value: 'x' })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'x' }))
        .execute();
      throw probe;
    });
  } catch (error) {
    if (error === probe) return { up: true, writes: 'ok' };
    if (error instanceof DatabaseBusyError) return { up: true, writes: 'busy' };
    return { up: true, writes: 'failing' };
  }
  return { up: true, writes: 'ok' };
}
