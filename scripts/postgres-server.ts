import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A PostgreSQL server of our own (Debian's binaries, as .ci/run uses them): initdb into a
 * directory, pg_ctl to start, stop and restart it, on 127.0.0.1. For `npm run cluster`, its bench,
 * and the tests that stop the database under a running app. PostgreSQL refuses to run as root:
 * as root, its commands run as the `postgres` user (runuser), as .ci/run does.
 */

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:PORT/<database>`. */
  url(database: string): string;
  createDatabase(name: string): void;
  start(): void;
  /** `-m fast`: connections are ended, the server stops at once (what a restart does to clients). */
  stop(): void;
  restart(): void;
}

/** The newest installed PostgreSQL's bin directory, or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const version = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
  return version ? path.join(root, version, 'bin') : null;
}

/** Why a server of our own cannot be started here, or null when it can. */
export function postgresUnavailable(): string | null {
  if (!postgresBin()) return 'PostgreSQL is not installed (Debian: apt-get install postgresql)';
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0)
    return 'running as root without a postgres user to run PostgreSQL as';
  return null;
}

function run(command: string, args: string[], what: string): void {
  const [cmd, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr || result.stdout}`);
}

/** initdb into `dir` (which must exist and be reachable by the postgres user) and start it on `port`. */
export function startPostgresServer(dir: string, port: number): PostgresServer {
  const bin = postgresBin();
  if (!bin) throw new Error(postgresUnavailable()!);
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres'], 'initdb');
  const pgCtl = (args: string[], what: string) =>
    run(
      path.join(bin, 'pg_ctl'),
      ['-D', data, '-o', `-h 127.0.0.1 -p ${port} -k ${dir}`, '-l', path.join(dir, 'log'), '-w', ...args],
      what,
    );
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const server: PostgresServer = {
    url,
    createDatabase: (name) =>
      run(
        path.join(bin, 'psql'),
        [url('postgres'), '-q', '-c', `create database ${name}`],
        'create database',
      ),
    start: () => pgCtl(['start'], 'pg_ctl start'),
    stop: () => pgCtl(['-m', 'fast', 'stop'], 'pg_ctl stop'),
    restart: () => pgCtl(['-m', 'fast', 'restart'], 'pg_ctl restart'),
  };
  server.start();
  return server;
}
