import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>SafeShore</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"SafeShore"}');
  t = await startTestApp({ seed: false, webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it.each([
    '/',
    '/login',
    '/beach/nsw/waverley/bondi-beach/bondi-beach',
    '/nsw/waverley/bondi-beach',
    '/surf-safety/ripcurrents',
  ])('serves the app shell for the route %s with 200', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers paths that match no route with the app shell and a 404 status', async () => {
    const res = await t.app.inject('/definitely/not/a/page/here');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves files of a rebuild without a restart', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'app-new456.js'), 'console.log(2)');
    const res = await t.app.inject('/assets/app-new456.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
  });

  it('serves the service worker revalidated on every check, so a new version is found at once', async () => {
    const res = await t.app.inject('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest as a manifest', async () => {
    const res = await t.app.inject('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown asset files with 404', async () => {
    const res = await t.app.inject('/assets/missing-000.js');
    expect(res.statusCode).toBe(404);
  });
});
