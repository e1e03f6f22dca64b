import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactText, redactUrl } from '../src/http/redact.ts';
import { SlidingWindowCounter } from '../src/http/rate-limit.ts';
import { FairQueue, passwordWork } from '../src/modules/accounts/passwords.ts';
import { PHOTO_TOO_LARGE, processPhoto } from '../src/modules/algal/images.ts';
import { bearer, makeUser, mailsTo, resetLink, PASSWORD } from './accounts-helpers.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/**
 * The platform findings of the attack on the running service (issue 21): secrets in logs, rate
 * limits dodged by spelling the path differently, the password-check oracle and scrypt queue,
 * unbounded missing-page reports, dotfiles of the web build, and decompression-bomb images.
 * Each test does what the attack did.
 */

/** A test app whose log lines are kept (at info level) for the test to read. */
async function startLoggedApp(config: NonNullable<Parameters<typeof startTestApp>[0]>['config'] = {}) {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const t = await startTestApp({ seed: false, logStream: stream, config: { LOG_LEVEL: 'info', ...config } });
  return { t, log: () => lines.join('\n') };
}

/** A raw HTTP/1.1 request over a socket (the request target exactly as given); the status code. */
async function rawRequest(
  port: number,
  method: string,
  target: string,
  body = '',
  headers = '',
): Promise<number> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}` +
      (body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` : '') +
      `\r\n${body}`,
  );
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await new Promise((resolve) => socket.once('close', resolve));
  return Number(text.split(' ')[1]);
}

describe('secrets and e-mail addresses in logs (finding 3)', () => {
  it('redacts tokens, codes and addresses from every logged URL, by general rules', () => {
    const email = 'victim@example.com';
    const token = 'Qx3vT9kLmN2pR7sW1yZ4bC6dF8gH0jK5aE';
    expect(redactUrl(`/api/v4/reset/${token}`)).toBe('/api/v4/reset/[redacted]');
    expect(redactUrl(`/reset/${token}?email=${encodeURIComponent(email)}`)).toBe(
      '/reset/[redacted]?email=[email]',
    );
    expect(redactUrl('/login/oauth?token=abc&provider=apple')).toBe(
      '/login/oauth?token=[redacted]&provider=apple',
    );
    expect(redactUrl('/auth/apple/callback?code=c0de&state=s7ate')).toBe(
      '/auth/apple/callback?code=[redacted]&state=[redacted]',
    );
    // Routes nobody listed: a token after "verify-email"/"confirm", any address, any long random value.
    expect(redactUrl('/verify-email/short1')).toBe('/verify-email/[redacted]');
    expect(redactUrl('/email-change/confirm/x1?x=1')).toBe('/email-change/[redacted]/[redacted]?x=1');
    expect(redactUrl(`/some/new/route/${token}`)).toBe('/some/new/route/[redacted]');
    expect(redactUrl(`/people/${encodeURIComponent(email)}/x`)).toBe('/people/[email]/x');
    expect(redactUrl(`/x?who=${email}&q=bondi`)).toBe('/x?who=[email]&q=bondi');
    expect(redactUrl(`http://user:pw@host/api/v4/reset/${token}`)).toBe(
      'http://[redacted]@host/api/v4/reset/[redacted]',
    );
    // Ordinary paths stay readable.
    expect(redactUrl('/api/v4/beach/1380/weather')).toBe('/api/v4/beach/1380/weather');
    expect(redactUrl('/surf-safety/rip-currents-and-how-to-spot-them?q=bondi')).toBe(
      '/surf-safety/rip-currents-and-how-to-spot-them?q=bondi',
    );
    expect(redactText(`mail to ${email} failed at /reset/${token}?email=${email}`)).toBe(
      'mail to [email] failed at /reset/[redacted]?email=[email]',
    );
  });

  it('keeps them out of the log through reset, Apple sign-in and verification flows', async () => {
    const { t, log } = await startLoggedApp();
    try {
      const { user } = await makeUser(t, { email: 'log.victim@example.com' });
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/v4/reset', payload: { email: user.email } }))
          .statusCode,
      ).toBe(200);
      const { token, email } = resetLink((await mailsTo(t, user.email)).at(-1)!);
      // The web page the link opens, then the reset itself.
      await t.app.inject(`/reset/${token}?email=${encodeURIComponent(email)}`);
      const reset = await t.app.inject({
        method: 'POST',
        url: `/api/v4/reset/${token}`,
        payload: {
          token,
          email,
          password: 'new-harbour-light-77',
          password_confirmation: 'new-harbour-light-77',
        },
      });
      expect(reset.statusCode).toBe(200);
      // Apple's web flow: the callback (as a GET with code and state) and the page with the one-time code.
      await t.app.inject(
        '/auth/apple/callback?code=apple-one-time-c0de-9f8e7d6c5b4a&state=st4te-value-123456789',
      );
      await t.app.inject('/login/oauth?token=0neTimeC0deFromApple1234567890abc&provider=apple');
      // Verification and email-change links, whatever their exact route.
      await t.app.inject('/verify-email/VerifyT0kenSecretValue1234567890?email=log.victim%40example.com');
      await t.app.inject('/confirm-email/ChangeT0kenSecretValue1234567890');
      await t.app.inject({ method: 'POST', url: `/api/v4/nope/${encodeURIComponent(user.email)}` });

      const text = log();
      expect(text).toContain('/api/v4/reset/[redacted]');
      expect(text).toContain('/reset/[redacted]?email=[email]');
      expect(text).toContain('/login/oauth?token=[redacted]&provider=apple');
      for (const secret of [
        token,
        user.email,
        encodeURIComponent(user.email),
        'apple-one-time-c0de',
        'st4te-value',
        '0neTimeC0deFromApple',
        'VerifyT0kenSecretValue',
        'ChangeT0kenSecretValue',
      ])
        expect(text, secret).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits on the routed path (finding 4)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, config: { RATE_LIMIT_PER_MINUTE: 5 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t.close());

  it('counts /%61pi/… and absolute-form targets like /api/…, routed or not, and ignores X-Forwarded-For', async () => {
    const body = JSON.stringify({ url: '/lost' });
    const statuses = [
      await rawRequest(port, 'POST', '/api/v4/notfound', body),
      await rawRequest(port, 'POST', '/%61pi/v4/notfound', body),
      await rawRequest(port, 'POST', `http://127.0.0.1:${port}/api/v4/notfound`, body),
      await rawRequest(port, 'POST', '/%61pi/v4/no-such-route', body, 'X-Forwarded-For: 198.51.100.7\r\n'),
      await rawRequest(port, 'POST', `http://evil.example/api/v4/no-such-route`, body),
      await rawRequest(port, 'POST', '/%61%70%69/v4/notfound', body, 'X-Forwarded-For: 198.51.100.8\r\n'),
      await rawRequest(port, 'POST', `http://127.0.0.1:${port}/%61pi/v4/notfound`, body),
    ];
    expect(statuses).toEqual([200, 200, 200, 404, 404, 429, 429]);
    // Pages of the web app and /healthz are not API calls.
    expect(await rawRequest(port, 'GET', '/healthz')).toBe(200);
  });

  it('sends RateLimit headers and a Retry-After when over', async () => {
    const limited = await t.app.inject({ method: 'POST', url: '/api/v4/notfound', payload: { url: '/x' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['ratelimit-limit']).toBe('5');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('slides: a client cannot spend a full allowance at the end of one window and another at the start of the next', () => {
    let now = 0;
    const counter = new SlidingWindowCounter(() => now);
    const window = 60_000;
    now = 59_000;
    for (let i = 0; i < 10; i++) expect(counter.hit('a', window, 10).allowed).toBe(true);
    expect(counter.hit('a', window, 10).allowed).toBe(false);
    // Just past the fixed-window edge: a fixed window would allow 10 more at once.
    now = 61_000;
    const after = Array.from({ length: 10 }, () => counter.hit('a', window, 10).allowed);
    expect(after.filter(Boolean).length).toBeLessThanOrEqual(1);
    const refused = counter.hit('a', window, 10);
    expect(refused.allowed).toBe(false);
    // It says when the next request fits, and it does fit then.
    now += refused.ttl;
    expect(counter.hit('a', window, 10).allowed).toBe(true);
    // Another client is unaffected; a full window later everything is forgotten.
    expect(counter.hit('b', window, 10).allowed).toBe(true);
    now += 2 * window;
    for (let i = 0; i < 10; i++) expect(counter.hit('a', window, 10).allowed).toBe(true);
  });
});

describe('the password check of POST /api/v4/user/password (finding 5)', () => {
  it('has the login limit', async () => {
    const t = await startTestApp({ seed: false, config: { RATE_LIMIT_LOGIN_PER_MINUTE: 3 } });
    try {
      const { token } = await makeUser(t);
      const guess = (current_password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v4/user/password',
          headers: bearer(token),
          payload: {
            current_password,
            password: 'brand-new-tide-99',
            password_confirmation: 'brand-new-tide-99',
          },
        });
      for (const attempt of ['guess-one-1', 'guess-two-2', 'guess-three-3'])
        expect((await guess(attempt)).statusCode).toBe(422);
      const limited = await guess(PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: 'Too many requests. Please wait a moment and try again.' });
    } finally {
      await t.close();
    }
  });

  it('takes turns per client: a backlog from one client delays another by one task per turn, not all of it', async () => {
    const queue = new FairQueue(1);
    const order: string[] = [];
    const gates: Array<() => void> = [];
    const task = (name: string) => () =>
      new Promise<void>((resolve) => gates.push(resolve)).then(() => {
        order.push(name);
      });
    const done = [
      ...Array.from({ length: 16 }, (_, i) => queue.run('attacker', task(`a${i}`))),
      queue.run('someone', task('login')),
    ];
    while (order.length < 17) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()?.();
    }
    await Promise.all(done);
    // a0 was running when the login queued and a1 had the attacker's turn; then the login, before a2…a15.
    expect(order.slice(0, 3)).toEqual(['a0', 'a1', 'login']);
    expect(queue.stats).toEqual({ running: 0, waiting: 0, concurrency: 1 });
  });

  it('keeps another user’s login ahead of 16 concurrent password checks from one address', async () => {
    const t = await startTestApp({
      seed: false,
      config: { TRUST_PROXY: '127.0.0.1', PASSWORD_HASH_CONCURRENCY: 1, RATE_LIMIT_PER_MINUTE: 10_000 },
    });
    try {
      const attacker = await makeUser(t);
      const victim = await makeUser(t, { email: 'queue.victim@example.com' });
      const finished: string[] = [];
      const checks = Array.from({ length: 16 }, (_, i) =>
        t.app
          .inject({
            method: 'POST',
            url: '/api/v4/user/password',
            headers: { ...bearer(attacker.token), 'x-forwarded-for': '203.0.113.66' },
            payload: {
              current_password: `wrong-guess-${i}`,
              password: 'x-new-pass-123',
              password_confirmation: 'x-new-pass-123',
            },
          })
          .then((res) => finished.push(`check:${res.statusCode}`)),
      );
      // Once the checks are queued up, the other user signs in from another address.
      for (let i = 0; i < 200 && passwordWork.stats.waiting < 8; i++)
        await new Promise((r) => setTimeout(r, 1));
      expect(passwordWork.stats.waiting).toBeGreaterThanOrEqual(8);
      const login = t.app
        .inject({
          method: 'POST',
          url: '/api/v4/login',
          headers: { 'x-forwarded-for': '198.51.100.20' },
          payload: { email: victim.user.email, password: PASSWORD, device_name: 'phone' },
        })
        .then((res) => finished.push(`login:${res.statusCode}`));
      await Promise.all([...checks, login]);
      const position = finished.findIndex((entry) => entry.startsWith('login:'));
      expect(finished[position]).toBe('login:200');
      // FIFO would put the login after all 16; turns put it after at most the two in progress.
      expect(position).toBeLessThanOrEqual(3);
      expect(finished.filter((entry) => entry === 'check:422')).toHaveLength(16);
    } finally {
      passwordWork.setConcurrency(1);
      await t.close();
    }
  });
});

describe('missing-page reports (finding 14)', () => {
  it('keeps at most NOT_FOUND_REPORTS_MAX urls, the most recently seen', async () => {
    const t = await startTestApp({ seed: false, config: { NOT_FOUND_REPORTS_MAX: 5 } });
    try {
      const report = (url: string) =>
        t.app.inject({ method: 'POST', url: '/api/v4/notfound', payload: { url } });
      for (let i = 0; i < 20; i++) expect((await report(`/invented-${i}`)).statusCode).toBe(200);
      expect((await report('/invented-16')).statusCode).toBe(200);
      const rows = await t.handle.db
        .selectFrom('not_found_reports')
        .select(['url', 'hits'])
        .orderBy('url')
        .execute();
      expect(rows).toEqual([
        { url: '/invented-15', hits: 1 },
        { url: '/invented-16', hits: 2 },
        { url: '/invented-17', hits: 1 },
        { url: '/invented-18', hits: 1 },
        { url: '/invented-19', hits: 1 },
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('the web build (finding 14)', () => {
  it('never serves dotfiles such as /.build-complete', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, '.build-complete'), 'built 2026-11-22 by ci-runner-7');
    fs.mkdirSync(path.join(dist, '.git'));
    fs.writeFileSync(path.join(dist, '.git', 'config'), '[remote] url = secret');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const t = await startTestApp({ seed: false, webDistDir: dist });
    try {
      for (const url of ['/.build-complete', '/.git/config', '/%2Ebuild-complete']) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('ci-runner');
        expect(res.body).not.toContain('secret');
      }
      expect((await t.app.inject('/favicon.svg')).statusCode).toBe(200);
    } finally {
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('image uploads (finding 14)', () => {
  it('refuses a 10,000 × 10,000 PNG from its header, before decoding it', async () => {
    // A tiny PNG whose header says 10,000 × 10,000: what a decompression bomb looks like up front.
    const bomb = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#05a' } })
        .png()
        .toBuffer(),
    );
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(10_000);
    await expect(processPhoto(bomb)).rejects.toMatchObject({
      status: 422,
      errors: { photo: [PHOTO_TOO_LARGE] },
    });
    // An ordinary photo still goes through, decoded once.
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const processed = await processPhoto(photo);
    expect((await sharp(processed!.large).metadata()).width).toBe(1600);
    expect((await sharp(processed!.thumbnail).metadata()).width).toBe(400);
  }, 60_000);
});
