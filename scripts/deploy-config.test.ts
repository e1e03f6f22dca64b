import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHE_POLICIES } from '../apps/api/src/modules/read-model/index.ts';

/** deploy/: the proxy configuration README's "Deployment" section and `npm run cluster` use. */
const ROOT = path.resolve(import.meta.dirname, '..');
const DEPLOY = path.join(ROOT, 'deploy');
const nginx = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-deploy-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('deploy/nginx.conf', () => {
  it('passes nginx -t with the included files, in a prefix of its own', ({ skip }) => {
    if (nginx.error) skip('nginx is not installed (Debian: apt-get install nginx-light)');
    for (const file of fs.readdirSync(DEPLOY).filter((f) => f.endsWith('.conf')))
      fs.copyFileSync(path.join(DEPLOY, file), path.join(dir, file));
    for (const sub of ['logs', 'tmp', 'cache']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
    const result = spawnSync('nginx', ['-t', '-p', `${dir}/`, '-c', 'nginx.conf'], { encoding: 'utf8' });
    expect(result.stderr).toContain('syntax is ok');
    expect(result.status).toBe(0);
  });

  it("keeps answers as long as the app's CDN-Cache-Control says: s-maxage is its max-age", () => {
    // nginx reads Cache-Control (preferring s-maxage), not CDN-Cache-Control: the two must agree.
    const policies = Object.values(CACHE_POLICIES).filter((p) => 'cdnCacheControl' in p);
    expect(policies.length).toBeGreaterThan(0);
    for (const policy of policies) {
      const sMaxAge = /s-maxage=(\d+)/.exec(policy.cacheControl)?.[1];
      const cdnMaxAge = /(?:^|[ ,])max-age=(\d+)/.exec(policy.cdnCacheControl)?.[1];
      expect(sMaxAge, policy.name).toBeDefined();
      expect(sMaxAge, policy.name).toBe(cdnMaxAge);
    }
  });

  it('lets the proxy retry a POST elsewhere only where sending it twice is safe', () => {
    const conf = fs.readFileSync(path.join(DEPLOY, 'nginx.conf'), 'utf8');
    const retries = [...conf.matchAll(/^\s*proxy_next_upstream ([^;]+);/gm)].map((m) => m[1]!);
    const retried = [...conf.matchAll(/location ~ (\S+) \{([^}]+)\}/g)]
      .filter((m) => m[2]!.includes('non_idempotent'))
      .map((m) => m[1]);
    expect(retried).toEqual(['^/api/v4/beach/[^/]+/(follow|unfollow)$', '^/api/v4/(location|sync)$']);
    expect(retries.filter((r) => r.includes('non_idempotent'))).toHaveLength(retried.length);
    // An app 503 (its database away) is an answer, not a failed process: no retry, no ejection.
    for (const r of retries) expect(r).not.toContain('http_503');
  });
});
