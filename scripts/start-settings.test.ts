import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../bench/server.ts';

/**
 * `npm start` and the benchmarks' server (bench/server.ts) run Node with the same V8 flags and the
 * same malloc settings (docs/decisions.md, "National scale at 50,000 beaches"): the benchmarks'
 * memory and throughput figures are those of `npm start`.
 */
const root = path.resolve(import.meta.dirname, '..');
const startScript = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts.start!;
/** The script's environment assignments, before `node`. */
const assignments = startScript.slice(0, startScript.indexOf('node '));

describe('npm start and the benchmarks run the same server', () => {
  it('gives Node the benchmarks’ flags', () => {
    const nodeArgs = startScript.slice(startScript.indexOf('node ')).split(/\s+/);
    expect(nodeArgs.slice(1, -1)).toEqual(SERVER_NODE_FLAGS);
    expect(nodeArgs.at(-1)).toBe('scripts/start.ts');
  });

  it('sets the benchmarks’ malloc settings as defaults the environment can override', () => {
    const envOf = (env: Record<string, string>) => {
      // The script's own assignments, run by a POSIX shell as npm runs scripts on Linux.
      const result = spawnSync('sh', ['-c', `${assignments} env`], {
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
      });
      expect(result.status).toBe(0);
      return Object.fromEntries(
        result.stdout
          .split('\n')
          .filter((line) => line.startsWith('MALLOC_'))
          .map((line) => line.split('=') as [string, string]),
      );
    };
    expect(Object.keys(SERVER_MALLOC_ENV).length).toBeGreaterThan(0);
    expect(envOf({})).toEqual(SERVER_MALLOC_ENV);
    expect(envOf({ MALLOC_ARENA_MAX: '4' })).toEqual({ ...SERVER_MALLOC_ENV, MALLOC_ARENA_MAX: '4' });
  });
});
