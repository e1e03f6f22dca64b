import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3 shape Kysely's SqliteDialect expects,
 * so the default database needs no native addon. node:sqlite binds positional parameters as
 * arguments and does not take booleans or Dates, which are converted here. Prepared statements
 * are kept per SQL text (the queries are few and fixed), which saves re-parsing on every request.
 */
function toSqlValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

const STATEMENT_CACHE_SIZE = 500;

export function openSqlite(location: string): { database: SqliteDatabase; raw: DatabaseSync } {
  const raw = new DatabaseSync(location, { timeout: 5000 });
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA foreign_keys = ON');
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();

  const prepared = (sql: string) => {
    let entry = cache.get(sql);
    if (entry) {
      // Most recently used last, so the oldest is evicted first.
      cache.delete(sql);
    } else {
      const statement = raw.prepare(sql);
      entry = { statement, reader: statement.columns().length > 0 };
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, entry);
    return entry;
  };

  const database: SqliteDatabase = {
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = prepared(sql);
      const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlValue);
      return {
        reader,
        all: (parameters) => statement.all(...bind(parameters)),
        run: (parameters) => statement.run(...bind(parameters)),
        iterate: (parameters) => statement.iterate(...bind(parameters)),
      };
    },
  };
  return { database, raw };
}
