import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** The Node flags of `npm start` (package.json's `start` script), so the benchmarks run the same server. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

/**
 * The memory allocator's settings of `npm start` (glibc's malloc, read when the process starts;
 * each is a default the environment may override, as the script's `${NAME:-value}` does): two
 * malloc arenas instead of up to 8 per core (one per thread of libuv's pool and V8's workers,
 * each keeping its freed memory), and fixed trim and mmap thresholds of 128 KB instead of glibc's
 * dynamic ones (which rise with the largest block freed, up to 32 and 64 MB, after which freed
 * memory is kept instead of given back). See docs/decisions.md, "National scale at 50,000 beaches".
 */
export const SERVER_MALLOC_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

export interface StartedServer {
  baseUrl: string;
  /** The SQLite file it serves. */
  sqlitePath: string;
  process: ChildProcess;
  msToHealthy: number;
  stop: () => Promise<void>;
}

/** Starts the app exactly as `npm start` does, on a fresh SQLite file, and waits for GET /healthz = 200. */
export async function startServer(options: {
  port: number;
  env?: Record<string, string>;
  /** An existing database to serve (e.g. a synthetic one); default a fresh temporary file. */
  sqlitePath?: string;
}): Promise<StartedServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-bench-'));
  const sqlitePath = options.sqlitePath ?? path.join(dir, 'bench.sqlite');
  const started = performance.now();
  // BENCH_NODE_ARGS: flags for the server's Node only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof",
  // which NODE_OPTIONS does not accept), to profile it under a benchmark's load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  // As package.json's `start` script runs it (its V8 flags and malloc settings: docs/decisions.md,
  // "National scale at 50,000 beaches").
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...SERVER_MALLOC_ENV,
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      SQLITE_PATH: sqlitePath,
      ...(options.sqlitePath ? { SAFESHORE_ALLOW_SYNTHETIC: 'true' } : {}),
      LOG_LEVEL: 'warn',
      // Benchmarks measure the app, not the per-client rate limit.
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const msToHealthy = performance.now() - started;
  return {
    baseUrl,
    sqlitePath,
    process: child,
    msToHealthy,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
