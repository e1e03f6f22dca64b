import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  DeleteQueryNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Node's built-in `node:sqlite` as a Kysely dialect, so the default database needs no native
 * addon. node:sqlite is synchronous: a statement that waits for SQLite's write lock (held by an
 * import in another process, say) would stop the whole server while it waits. So:
 *
 * - Two connections to the file. Plain reads go to the reader; in WAL mode they never wait for
 *   a writer, so searches and pages keep answering while another process writes.
 * - Writes and transactions go to the writer, one at a time in this process, with SQLite's busy
 *   timeout at 0: when the lock is taken the statement fails at once, and is retried after a short
 *   async sleep (the event loop keeps serving) until `lockWaitMs` has passed. Then the caller gets
 *   a DatabaseBusyError, which the API answers with 503 and Retry-After.
 * - Transactions start with BEGIN IMMEDIATE, so the lock is taken (or waited for) before any work.
 * - secure_delete overwrites deleted content, and a truncating WAL checkpoint follows deletes
 *   shortly, so removed rows (a deleted account) do not linger in the file or in the WAL.
 */

/** A write that could not get SQLite's write lock within the configured wait. */
export class DatabaseBusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(waitedMs: number) {
    super(`The database is busy: the write lock was not free within ${waitedMs} ms.`);
    this.name = 'DatabaseBusyError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitedMs / 1000));
  }
}

function toSqlValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

/** SQLITE_BUSY or SQLITE_LOCKED, with any extended code. */
function isBusy(error: unknown): boolean {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' && ((code & 0xff) === 5 || (code & 0xff) === 6);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const STATEMENT_CACHE_SIZE = 500;

/** One node:sqlite connection with a cache of prepared statements (most recently used kept). */
class SqliteHandle {
  private readonly cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  readonly raw: DatabaseSync;
  constructor(raw: DatabaseSync) {
    this.raw = raw;
  }

  execute(query: CompiledQuery): QueryResult<unknown> {
    let entry = this.cache.get(query.sql);
    if (entry) {
      this.cache.delete(query.sql);
    } else {
      const statement = this.raw.prepare(query.sql);
      entry = { statement, reader: statement.columns().length > 0 };
      if (this.cache.size >= STATEMENT_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(query.sql, entry);
    const parameters = query.parameters.map(toSqlValue);
    if (entry.reader) return { rows: entry.statement.all(...parameters) };
    const { changes, lastInsertRowid } = entry.statement.run(...parameters);
    return {
      insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
      numAffectedRows: changes != null ? BigInt(changes) : undefined,
      rows: [],
    };
  }

  close(): void {
    this.cache.clear();
    this.raw.close();
  }
}

/** A FIFO lock with a deadline on waiting. */
class WriterLock {
  private held = false;
  private readonly waiters: Array<() => void> = [];

  async acquire(deadline: number, waitedMs: () => number): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          const index = this.waiters.indexOf(grant);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(new DatabaseBusyError(waitedMs()));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.waiters.push(grant);
    });
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

export interface SqliteOptions {
  /** How long a write may wait for the write lock before DatabaseBusyError (ms). */
  lockWaitMs?: number;
  /** A truncating WAL checkpoint runs this long after a delete (ms). */
  checkpointDelayMs?: number;
}

const isReadQuery = (query: CompiledQuery) =>
  SelectQueryNode.is(query.query) || (query.query.kind === 'RawNode' && /^\s*select\b/i.test(query.sql));
const removesData = (query: CompiledQuery) => DeleteQueryNode.is(query.query);

function openConnection(location: string): SqliteHandle {
  // A busy timeout only while the pragmas run at start-up; afterwards waits happen off the event loop.
  const raw = new DatabaseSync(location, { timeout: 5000 });
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA secure_delete = ON');
  raw.exec('PRAGMA busy_timeout = 0');
  return new SqliteHandle(raw);
}

class NodeSqliteDriver implements Driver {
  private readonly lock = new WriterLock();
  private checkpointTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly writer: SqliteHandle;
  private readonly reader: SqliteHandle;
  private readonly options: Required<SqliteOptions>;

  constructor(writer: SqliteHandle, reader: SqliteHandle, options: Required<SqliteOptions>) {
    this.writer = writer;
    this.reader = reader;
    this.options = options;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    if (routed.inTransaction) {
      routed.inTransaction = false;
      this.lock.release();
    }
  }

  /**
   * Takes this process's write lock, then runs `fn`, retrying while another process holds SQLite's
   * lock. On success the caller holds the write lock and must release it.
   */
  async withWriteLock<T>(fn: () => T): Promise<T> {
    const started = Date.now();
    const deadline = started + this.options.lockWaitMs;
    const waited = () => Date.now() - started;
    await this.lock.acquire(deadline, waited);
    try {
      return await this.retryWhileBusy(fn, deadline, waited);
    } catch (error) {
      this.lock.release();
      throw error;
    }
  }

  async retryWhileBusy<T>(fn: () => T, deadline: number, waited: () => number): Promise<T> {
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      try {
        return fn();
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() + pause > deadline) throw new DatabaseBusyError(waited());
        await sleep(pause + Math.random() * pause);
      }
    }
  }

  async read(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const started = Date.now();
    return this.retryWhileBusy(
      () => this.reader.execute(query),
      started + this.options.lockWaitMs,
      () => Date.now() - started,
    );
  }

  /** One statement outside a transaction: takes and releases the write lock. */
  async write(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const result = await this.withWriteLock(() => this.writer.execute(query));
    this.lock.release();
    if (removesData(query)) this.scheduleCheckpoint();
    return result;
  }

  inTransaction(query: CompiledQuery): QueryResult<unknown> {
    if (removesData(query)) this.scheduleCheckpoint();
    return this.writer.execute(query);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.withWriteLock(() => this.writer.raw.exec('BEGIN IMMEDIATE'));
    (connection as RoutedConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.endTransaction(connection, 'COMMIT');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.endTransaction(connection, 'ROLLBACK');
  }

  private async endTransaction(connection: DatabaseConnection, statement: 'COMMIT' | 'ROLLBACK') {
    const routed = connection as RoutedConnection;
    try {
      const started = Date.now();
      await this.retryWhileBusy(
        () => this.writer.raw.exec(statement),
        started + this.options.lockWaitMs,
        () => Date.now() - started,
      );
    } finally {
      if (routed.inTransaction) {
        routed.inTransaction = false;
        this.lock.release();
      }
    }
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${savepointName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${savepointName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release ${savepointName(name)}`));
  }

  /**
   * A truncating checkpoint shortly after data was deleted or overwritten: copies the WAL into
   * the file (where secure_delete has zeroed the old bytes) and empties the WAL. When readers or
   * another process are in the way, it tries again later.
   */
  private scheduleCheckpoint(delay = this.options.checkpointDelayMs): void {
    if (this.checkpointTimer || this.closed) return;
    this.checkpointTimer = setTimeout(() => {
      this.checkpointTimer = undefined;
      void this.checkpoint().then(
        (done) => (done ? undefined : this.scheduleCheckpoint(Math.max(delay * 2, 1000))),
        () => this.scheduleCheckpoint(Math.max(delay * 2, 1000)),
      );
    }, delay);
    this.checkpointTimer.unref();
  }

  /** PRAGMA wal_checkpoint(TRUNCATE); true when it completed. */
  async checkpoint(): Promise<boolean> {
    if (this.closed) return true;
    const row = await this.withWriteLock(
      () => this.writer.raw.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number } | undefined,
    );
    this.lock.release();
    return row?.busy === 0;
  }

  async destroy(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.checkpointTimer);
    if (this.reader !== this.writer) this.reader.close();
    this.writer.close();
  }
}

/** Savepoint names are identifiers we choose; anything else is refused rather than quoted. */
function savepointName(name: string): string {
  if (!/^\w+$/.test(name)) throw new Error(`Invalid savepoint name "${name}"`);
  return `"${name}"`;
}

/** A connection as Kysely sees it: reads go to the reader, writes and transactions to the writer. */
class RoutedConnection implements DatabaseConnection {
  inTransaction = false;
  private readonly driver: NodeSqliteDriver;
  constructor(driver: NodeSqliteDriver) {
    this.driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.driver.inTransaction(query) as QueryResult<R>;
    if (isReadQuery(query)) return (await this.driver.read(query)) as QueryResult<R>;
    return (await this.driver.write(query)) as QueryResult<R>;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the node:sqlite driver');
  }
}

/** The adapter says several connections exist, so Kysely does not serialise every query. */
class NodeSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export interface OpenedSqlite {
  dialect: Dialect;
  /** Runs a truncating WAL checkpoint now; true when it completed. */
  checkpoint: () => Promise<boolean>;
}

/** Opens the file (":memory:" gets one connection for both roles) as a Kysely dialect. */
export function openSqlite(location: string, options: SqliteOptions = {}): OpenedSqlite {
  const writer = openConnection(location);
  let reader = writer;
  if (location !== ':memory:') {
    try {
      reader = openConnection(location);
    } catch (error) {
      writer.close();
      throw error;
    }
  }
  const driver = new NodeSqliteDriver(writer, reader, {
    lockWaitMs: options.lockWaitMs ?? 3000,
    checkpointDelayMs: options.checkpointDelayMs ?? 1000,
  });
  return {
    dialect: {
      createAdapter: () => new NodeSqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    checkpoint: () => driver.checkpoint(),
  };
}
