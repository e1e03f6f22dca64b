import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../bench/server.ts';
import { postgresBin, startPostgresServer } from './postgres-server.ts';

/**
 * `npm run cluster`: the production shape on 127.0.0.1 (README, "Deployment"): a PostgreSQL server
 * of its own (Debian's, initdb into a temporary directory), two API processes (as `npm start` runs
 * them, ALERTS_WORKER=off), two alert workers (`npm run worker`) and nginx in front with the
 * configuration in deploy/. Prints the URLs and where the logs are; Ctrl-C or SIGTERM stops
 * everything it started and removes the directory (`--keep` keeps it).
 *
 * Options: `--port 8080` (the proxy; the API processes take the next two ports, PostgreSQL
 * 55433), `--synthetic 12000` (a database of synthetic beaches instead of the bundled data:
 * benchmarks only). The environment passes through to the API processes and workers (e.g.
 * WEATHER_PROVIDERS=off). bench/cluster.ts starts the same cluster and injects faults into it.
 */

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface ClusterOptions {
  proxyPort: number;
  apiPorts: number[];
  postgresPort: number;
  workers: number;
  /** Environment of the API processes and workers (over process.env). */
  env?: Record<string, string>;
  /** Runs once the database exists and before any API process starts (e.g. loads synthetic beaches). */
  prepare?: (databaseUrl: string) => Promise<void>;
  log?: (line: string) => void;
  /** Aborted while starting (Ctrl-C): what has started is stopped and startCluster throws. */
  signal?: AbortSignal;
}

/** One process the cluster runs: started again after a fault with start(). */
export interface Managed {
  name: string;
  child: ChildProcess | null;
  start(): Promise<void>;
  /** Sends a signal and waits for the exit (SIGTERM: a graceful stop; SIGKILL: a crash). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface Cluster {
  dir: string;
  proxyUrl: string;
  apiUrls: string[];
  databaseUrl: string;
  apis: Managed[];
  workers: Managed[];
  nginx: Managed;
  postgres: {
    /** `pg_ctl restart -m fast`: every connection ends, the server is back when it returns. */
    restart(): void;
  };
  /** nginx's access log (deploy/nginx.conf's `safeshore` format). */
  accessLog: string;
  stop(): Promise<void>;
}

export async function waitForHttp(url: string, ok: (status: number) => boolean, timeoutMs = 180_000) {
  const started = performance.now();
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (ok(response.status)) return;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function managed(
  name: string,
  spawnIt: () => ChildProcess,
  ready: () => Promise<void>,
  stopSignal: NodeJS.Signals = 'SIGTERM',
): Managed {
  const self: Managed = {
    name,
    child: null,
    async start() {
      const child = spawnIt();
      self.child = child;
      const exited = new Promise<never>((_, reject) =>
        child.once('exit', (code) => reject(new Error(`${name} exited (${code}) while starting`))),
      );
      exited.catch(() => undefined);
      await Promise.race([ready(), exited]);
    },
    async stop(signal = stopSignal) {
      const child = self.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      const code = await exit;
      self.child = null;
      return code;
    },
  };
  return self;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-cluster-'));
  fs.chmodSync(dir, 0o755);
  const logs = path.join(dir, 'logs');
  fs.mkdirSync(logs);
  const stops: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await Promise.resolve(step()).catch(() => undefined);
  };
  const interrupted = () => {
    if (options.signal?.aborted) throw new Error('the cluster was stopped while starting');
  };
  try {
    // PostgreSQL: a server of our own, in the directory.
    const pgDir = path.join(dir, 'pg');
    fs.mkdirSync(pgDir);
    const postgres = startPostgresServer(pgDir, options.postgresPort);
    stops.push(() => postgres.stop());
    interrupted();
    const databaseUrl = postgres.url('safeshore');
    postgres.createDatabase('safeshore');
    log(`PostgreSQL (${postgresBin()}): ${databaseUrl}`);
    await options.prepare?.(databaseUrl);
    interrupted();

    const proxyUrl = `http://127.0.0.1:${options.proxyPort}`;
    const env = {
      ...SERVER_MALLOC_ENV,
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      ALERTS_WORKER: 'off',
      // The proxy's address: client addresses come from X-Forwarded-For, and the proxy's many
      // connections are not held to the per-address cap.
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: proxyUrl,
      PUBLIC_BASE_URL: proxyUrl,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...options.env,
    };
    const output = (name: string) => fs.openSync(path.join(logs, `${name}.log`), 'a');
    const apiUrls = options.apiPorts.map((port) => `http://127.0.0.1:${port}`);
    const apis = options.apiPorts.map((port, i) =>
      managed(
        `api-${i + 1}`,
        () =>
          spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.ts'], {
            cwd: ROOT,
            // The first process builds the web app when its sources changed; the others and every
            // restart serve that build.
            env: { ...env, PORT: String(port), ...(i > 0 ? { SKIP_WEB_BUILD: 'true' } : {}) },
            stdio: ['ignore', output(`api-${i + 1}`), output(`api-${i + 1}`)],
          }),
        () => waitForHttp(`${apiUrls[i]}/healthz`, (status) => status === 200),
      ),
    );
    for (const api of apis) {
      await api.start();
      stops.push(() => api.stop().then(() => undefined));
      interrupted();
      log(`API process ${api.name}: ${apiUrls[apis.indexOf(api)]} (pid ${api.child?.pid})`);
    }

    const workers = Array.from({ length: options.workers }, (_, i) => {
      const name = `worker-${i + 1}`;
      let started: () => void = () => undefined;
      return managed(
        name,
        () => {
          const child = spawn(
            process.execPath,
            ['--max-semi-space-size=8', 'apps/api/src/modules/alerts/run-worker.ts'],
            {
              cwd: ROOT,
              env,
              stdio: ['ignore', 'pipe', output(name)],
            },
          );
          const file = fs.createWriteStream(path.join(logs, `${name}.log`), { flags: 'a' });
          child.stdout!.on('data', (chunk: Buffer) => {
            file.write(chunk);
            if (chunk.toString().includes('alerts worker started')) started();
          });
          return child;
        },
        () => new Promise<void>((resolve) => (started = resolve)),
      );
    });
    for (const worker of workers) {
      await worker.start();
      stops.push(() => worker.stop().then(() => undefined));
      interrupted();
      log(`Alert worker ${worker.name} (pid ${worker.child?.pid})`);
    }

    // nginx, with deploy/'s files and this cluster's ports, in a prefix of its own.
    const prefix = path.join(dir, 'nginx');
    for (const sub of ['logs', 'tmp', 'cache']) fs.mkdirSync(path.join(prefix, sub), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), path.join(prefix, 'nginx.conf'));
    fs.writeFileSync(
      path.join(prefix, 'safeshore-upstreams.conf'),
      `upstream safeshore_api {\n${options.apiPorts
        .map((port) => `  server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;\n`)
        .join('')}  keepalive 32;\n}\n`,
    );
    fs.writeFileSync(path.join(prefix, 'safeshore-listen.conf'), `listen 127.0.0.1:${options.proxyPort};\n`);
    const nginx = managed(
      'nginx',
      () =>
        spawn('nginx', ['-p', `${prefix}/`, '-c', 'nginx.conf', '-g', 'daemon off;'], {
          stdio: ['ignore', output('nginx'), output('nginx')],
        }),
      () => waitForHttp(`${proxyUrl}/proxy-healthz`, (status) => status === 200),
      // SIGQUIT: nginx's graceful stop.
      'SIGQUIT',
    );
    await nginx.start();
    stops.push(() => nginx.stop().then(() => undefined));
    interrupted();
    log(`nginx (deploy/nginx.conf): ${proxyUrl}`);

    return {
      dir,
      proxyUrl,
      apiUrls,
      databaseUrl,
      apis,
      workers,
      nginx,
      postgres: { restart: () => postgres.restart() },
      accessLog: path.join(prefix, 'logs', 'access.log'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function loadSynthetic(databaseUrl: string, count: number): Promise<void> {
  const { loadSyntheticBeaches } = await import('../bench/generate-beaches.ts');
  await loadSyntheticBeaches(databaseUrl, count);
}

if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i === -1 ? undefined : process.argv[i + 1];
  };
  const proxyPort = Number(arg('--port') ?? 8080);
  const synthetic = arg('--synthetic');
  const starting = new AbortController();
  let cluster: Cluster | null = null;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping…');
      if (!cluster) return starting.abort();
      const { dir } = cluster;
      void cluster.stop().then(() => {
        if (!process.argv.includes('--keep')) fs.rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      });
    });
  try {
    cluster = await startCluster({
      signal: starting.signal,
      proxyPort,
      apiPorts: [proxyPort + 1, proxyPort + 2],
      postgresPort: 55_433,
      workers: 2,
      ...(synthetic
        ? {
            prepare: (url: string) => loadSynthetic(url, Number(synthetic)),
            env: { SAFESHORE_ALLOW_SYNTHETIC: 'true' },
          }
        : {}),
    });
  } catch (error) {
    // Ctrl-C while starting: what had started is stopped (its logs stay in the directory).
    if (starting.signal.aborted) process.exit(130);
    throw error;
  }
  console.log(`\nSafeShore: ${cluster.proxyUrl} (through nginx)`);
  console.log(`Logs: ${path.join(cluster.dir, 'logs')}, nginx ${cluster.accessLog}`);
  console.log('Ctrl-C stops everything.');
}
