import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';

const rawScrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * A fair work queue: at most `concurrency` tasks run at once; waiting tasks are taken one client at
 * a time in turn (round robin), so a client with many tasks waiting delays another client's task
 * by at most one of its own per turn, never by its whole backlog.
 */
export class FairQueue {
  private running = 0;
  /** Waiting tasks per client, clients in turn order (a served client moves to the back). */
  private readonly waiting = new Map<string, Array<() => void>>();
  private concurrency: number;
  constructor(concurrency: number) {
    this.concurrency = Math.max(1, Math.floor(concurrency));
  }

  setConcurrency(concurrency: number): void {
    this.concurrency = Math.max(1, Math.floor(concurrency));
    while (this.running < this.concurrency && this.startNext());
  }

  get stats(): { running: number; waiting: number; concurrency: number } {
    let waiting = 0;
    for (const tasks of this.waiting.values()) waiting += tasks.length;
    return { running: this.running, waiting, concurrency: this.concurrency };
  }

  async run<T>(client: string, task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency && this.waiting.size === 0) this.running++;
    else
      await new Promise<void>((start) =>
        this.waiting.set(client, [...(this.waiting.get(client) ?? []), start]),
      );
    try {
      return await task();
    } finally {
      this.running--;
      this.startNext();
    }
  }

  private startNext(): boolean {
    const next = this.waiting.entries().next();
    if (next.done) return false;
    const [client, tasks] = next.value;
    this.waiting.delete(client);
    const start = tasks.shift()!;
    if (tasks.length > 0) this.waiting.set(client, tasks);
    this.running++;
    start();
    return true;
  }
}

/**
 * scrypt is the costliest thing a request can make the server do (128 MiB and a few hundred ms of
 * a core at N = 2^17). All hashing goes through one queue: half the cores work on it at most (so
 * requests keep a core), and clients take turns, so one client firing many password checks
 * cannot starve everyone else's sign-in.
 */
export const passwordWork = new FairQueue(
  Math.max(1, Math.min(4, Math.floor(os.availableParallelism() / 2))),
);
const passwordClient = new AsyncLocalStorage<string>();

/** Runs `fn` (and everything it awaits) with its password work counted for `client` (e.g. the caller's address). */
export function runAsPasswordClient<T>(client: string, fn: () => T): T {
  return passwordClient.run(client, fn);
}

const scrypt: typeof rawScrypt = (password, salt, keylen, options) =>
  passwordWork.run(passwordClient.getStore() ?? 'server', () => rawScrypt(password, salt, keylen, options));

/** ENGINEERING.md: scrypt with N = 2^17, r = 8, p = 1. */
export const DEFAULT_SCRYPT_LOG_N = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

/** scrypt needs 128·N·r bytes; allow twice that so Node's default 32 MiB cap does not refuse N = 2^17. */
const maxmem = ({ logN, r }: ScryptParams) => 256 * 2 ** logN * r;

const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function parse(stored: string): (ScryptParams & { salt: Buffer; hash: Buffer }) | null {
  const match = PHC.exec(stored);
  if (!match) return null;
  const [, ln, r, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const params = { logN: Number(ln), r: Number(r), p: Number(p) };
  // Bounds keep a corrupted row from turning one login into a memory or CPU bomb.
  if (params.logN < 1 || params.logN > 20 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16)
    return null;
  return { ...params, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** A PHC-style string: `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` (base64 without padding). */
export async function hashPassword(password: string, logN: number = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const params = { logN, r: BLOCK_SIZE, p: PARALLELISM };
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await scrypt(password.normalize('NFKC'), salt, KEY_BYTES, {
    N: 2 ** logN,
    r: params.r,
    p: params.p,
    maxmem: maxmem(params),
  });
  return `$scrypt$ln=${logN},r=${params.r},p=${params.p}$${b64(salt)}$${b64(hash)}`;
}

/** Checks a password against a stored string, with the cost parameters the string records. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const candidate = await scrypt(password.normalize('NFKC'), parsed.salt, parsed.hash.length, {
    N: 2 ** parsed.logN,
    r: parsed.r,
    p: parsed.p,
    maxmem: maxmem(parsed),
  });
  return crypto.timingSafeEqual(candidate, parsed.hash);
}

/** True when a stored hash was made with other parameters than the current ones (rehash on login). */
export function needsRehash(stored: string, logN: number): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.logN !== logN || parsed.r !== BLOCK_SIZE || parsed.p !== PARALLELISM;
}

/** A random password for accounts an operator creates (printed once). */
export function randomPassword(): string {
  return crypto.randomBytes(15).toString('base64url');
}
