import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { DB, Database } from './schema.ts';
import { openSqlite } from './sqlite-adapter.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  dialect: DialectName;
  /** Where the data lives, for logs (the password of a URL is hidden). */
  location: string;
}

// PostgreSQL returns int8 (count(*), sums) as strings; our counts always fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'SQLITE_PATH'>): DatabaseHandle {
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 });
    const url = new URL(config.DATABASE_URL);
    if (url.password) url.password = '***';
    return {
      db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      location: url.toString(),
    };
  }
  if (config.SQLITE_PATH !== ':memory:') fs.mkdirSync(path.dirname(config.SQLITE_PATH), { recursive: true });
  const { database } = openSqlite(config.SQLITE_PATH);
  return {
    db: new Kysely<DB>({ dialect: new SqliteDialect({ database }) }),
    dialect: 'sqlite',
    location: config.SQLITE_PATH,
  };
}

export async function isDatabaseUp(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
