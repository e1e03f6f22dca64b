import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => t.close());

  it('sends a CSP without inline scripts, no framing and nosniff on every response', async () => {
    for (const url of ['/healthz', '/api/v4/autocomplete?q=bondi', '/no-such-page']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets images come only from us, data: URLs and the configured tile services', async () => {
    const { loadConfig } = await import('../src/config.ts');
    const defaults = loadConfig({});
    expect(defaults.IMAGE_ORIGINS).toEqual([
      'https://tile.openstreetmap.org',
      'https://tilecache.rainviewer.com',
    ]);
    expect(() => loadConfig({ IMAGE_ORIGINS: 'javascript:alert(1)' })).toThrow();
    const tiles = await startTestApp({
      seed: false,
      config: { IMAGE_ORIGINS: ['https://tiles.example.org'] },
    });
    try {
      const res = await tiles.app.inject('/healthz');
      const imgSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('img-src'));
      expect(imgSrc?.trim()).toBe("img-src 'self' data: blob: https://tiles.example.org");
      // The service worker fetches (and caches) map tiles itself, under connect-src.
      const connectSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('connect-src'));
      expect(connectSrc?.trim()).toBe("connect-src 'self' https://tiles.example.org");
      expect(String(res.headers['content-security-policy'])).toContain("worker-src 'self'");
    } finally {
      await tiles.close();
    }
  });

  it('sends HSTS only when the request came over TLS through a trusted proxy', async () => {
    const plain = await t.app.inject('/healthz');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { CORS_ORIGINS: ['capacitor://localhost'] } });
  });
  afterAll(async () => t.close());

  it('allows only configured origins', async () => {
    const ok = await t.app.inject({
      url: '/api/v4/autocomplete?q=bondi',
      headers: { origin: 'capacitor://localhost' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    const other = await t.app.inject({
      url: '/api/v4/autocomplete?q=bondi',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers preflights for allowed origins only', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v4/notfound',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'POST' },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-methods']).toContain('POST');
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v4/notfound',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { RATE_LIMIT_PER_MINUTE: 5, TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => t.close());

  it('answers 429 with Retry-After once a client exceeds the limit, per client', async () => {
    const call = (ip: string) =>
      t.app.inject({ url: '/api/v4/autocomplete?q=bondi', headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 5; i++) expect((await call('203.0.113.1')).statusCode).toBe(200);
    const limited = await call('203.0.113.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please wait a moment and try again.' });
    expect((await call('203.0.113.2')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.1' } })).statusCode,
    ).toBe(200);
  });
});

describe('request size and failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('refuses a body over 64 KB with 413 and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/notfound',
      payload: { url: 'x'.repeat(70_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(await t.handle.db.selectFrom('not_found_reports').selectAll().execute()).toEqual([]);
  });

  it('hides internals when the database is gone: 500 without a stack, health 503', async () => {
    await t.handle.db.destroy();
    const res = await t.app.inject('/api/v4/beach/1');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error' });
    expect(res.body).not.toMatch(/\.ts:\d+|at \w+ \(/);
    expect((await t.app.inject('/healthz')).statusCode).toBe(503);
  });
});
