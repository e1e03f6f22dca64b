import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ACCOUNT_SERVER_MESSAGES as MSG, ResetResponseSchema } from '@safeshore/domain';
import { createOutboxMailer, createSmtpMailer } from '../src/modules/accounts/mailer.ts';
import {
  bearer,
  makeUser,
  outbox,
  PASSWORD,
  resetLink,
  uniqueEmail,
  waitForMail,
} from './accounts-helpers.ts';
import { TEST_NOW } from './clock.ts';
import { startTestApp, type TestApp } from './helpers.ts';

const NEW_PASSWORD = 'rock-pool-starfish-77';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false, config: { PUBLIC_URL: 'https://safeshore.example' } });
});
afterAll(async () => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const login = (email: string, password: string) => post('/api/v4/login', { email, password });

/** Requests a link for a fresh user and reads it from the outbox. */
async function requestLink() {
  const account = await makeUser(t, { email: uniqueEmail('reset') });
  const before = outbox(t.outboxDir).length;
  expect((await post('/api/v4/reset', { email: account.user.email })).statusCode).toBe(200);
  const messages = await waitForMail(t, before + 1);
  const mail = messages.find((m) => m.includes(`To: ${account.user.email}`))!;
  return { ...account, mail, ...resetLink(mail) };
}

const resetBody = (token: string, email: string, password = NEW_PASSWORD) => ({
  token,
  email,
  password,
  password_confirmation: password,
});

describe('a reset link lives exactly 60 minutes', () => {
  it('however far the clock moves while the row is written (created_at and expires_at from one reading)', async () => {
    // Each reading of this clock is 1 ms after the one before: two readings would make 60 min + 1 ms
    // (CI once saw 3600001 on PostgreSQL).
    let now = TEST_NOW;
    const ticking = await startTestApp({
      seed: false,
      clock: () => new Date(now++),
      config: { PUBLIC_URL: 'https://safeshore.example' },
    });
    try {
      const { user } = await makeUser(ticking, { email: uniqueEmail('reset-ticking') });
      const answer = await ticking.app.inject({
        method: 'POST',
        url: '/api/v4/reset',
        payload: { email: user.email },
      });
      expect(answer.statusCode).toBe(200);
      const row = await ticking.handle.db
        .selectFrom('password_resets')
        .selectAll()
        .where('email', '=', user.email)
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);
    } finally {
      await ticking.close();
    }
  });
});

describe('POST /api/v4/reset (request a link)', () => {
  it('mails a link to /reset/{token}?email=… and says the same as for an unknown address', async () => {
    const unknown = await post('/api/v4/reset', { email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: MSG.resetLinkSent });

    const { user, mail, link, token, email } = await requestLink();
    expect(link).toBe(`https://safeshore.example/reset/${token}?email=${encodeURIComponent(user.email)}`);
    expect(email).toBe(user.email);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(mail).toMatch(/^From: SafeShore <no-reply@localhost>\r\n/);
    expect(mail).toContain('Subject: Reset your SafeShore password');
    expect(mail).toContain('Hello Sam,');
    expect(outbox(t.outboxDir).some((m) => m.includes('nobody-here@example.com'))).toBe(false);

    // Only a hash of the token is stored, with a 60-minute expiry.
    const rows = await t.handle.db
      .selectFrom('password_resets')
      .selectAll()
      .where('email', '=', user.email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(60 * 60 * 1000);
  });

  it('sends at most one mail a minute to an address, answering the same', async () => {
    const { user } = await requestLink();
    const before = outbox(t.outboxDir).length;
    const again = await post('/api/v4/reset', { email: user.email });
    expect(again.json()).toEqual({ message: MSG.resetLinkSent });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outbox(t.outboxDir)).toHaveLength(before);
  });

  it.each([
    [{}, 'The email field is required.'],
    [{ email: '' }, 'The email field is required.'],
    [{ email: 'not an email' }, 'The email field must be a valid email address.'],
  ])('answers 422 for %j', async (payload, message) => {
    const res = await post('/api/v4/reset', payload);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['email']);
    expect(res.json().errors.email).toContain(message);
  });
});

describe('POST /api/v4/reset/{token} (set a new password)', () => {
  it('sets the password, answers data.reset, and signs the account out everywhere', async () => {
    const { user, token, email } = await requestLink();
    const session = await t.accounts.issueTokenFor(user.id);
    const res = await post(`/api/v4/reset/${token}`, resetBody(token, email));
    expect(res.statusCode).toBe(200);
    expect(z.parse(ResetResponseSchema, res.json())).toEqual({ data: { reset: true } });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(406);
    expect((await t.app.inject({ url: '/api/v4/user/devices', headers: bearer(session) })).statusCode).toBe(
      401,
    );
  });

  it('refuses a used token', async () => {
    const { token, email } = await requestLink();
    expect((await post(`/api/v4/reset/${token}`, resetBody(token, email))).statusCode).toBe(200);
    const reused = await post(`/api/v4/reset/${token}`, resetBody(token, email, 'another-new-password-1'));
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ token: [MSG.resetTokenInvalid] });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired token and changes nothing', async () => {
    const { token, email } = await requestLink();
    await t.handle.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(t.clock().getTime() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    const res = await post(`/api/v4/reset/${token}`, resetBody(token, email));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ token: [MSG.resetTokenExpired] });
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a token for another address, an unknown token, or a path that differs from the body', async () => {
    const { token, email } = await requestLink();
    const other = await makeUser(t);
    for (const [url, body] of [
      [`/api/v4/reset/${token}`, resetBody(token, other.user.email)],
      [`/api/v4/reset/${'x'.repeat(43)}`, resetBody('x'.repeat(43), email)],
      [`/api/v4/reset/${'x'.repeat(43)}`, resetBody(token, email)],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ token: [MSG.resetTokenInvalid] });
    }
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect((await login(other.user.email, PASSWORD)).statusCode).toBe(200);
    // The link still works after those attempts.
    expect((await post(`/api/v4/reset/${token}`, resetBody(token, email))).statusCode).toBe(200);
  });

  it.each([
    ['token', { token: undefined }, 'The token field is required.'],
    ['email', { email: undefined }, 'The email field is required.'],
    ['password', { password: undefined }, 'The password field is required.'],
    [
      'password',
      { password: 'too-short', password_confirmation: 'too-short' },
      'The password field must be at least 10 characters.',
    ],
    [
      'password',
      { password_confirmation: 'not-the-same-password' },
      'The password field confirmation does not match.',
    ],
    ['password', { password: 'password1234', password_confirmation: 'password1234' }, MSG.commonPassword],
    [
      'password_confirmation',
      { password_confirmation: undefined },
      'The password confirmation field is required.',
    ],
  ])('answers 422 on %s (%j) and keeps the link usable', async (field, overrides, message) => {
    const { token, email } = await requestLink();
    const res = await post(`/api/v4/reset/${token}`, { ...resetBody(token, email), ...overrides });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    expect((await post(`/api/v4/reset/${token}`, resetBody(token, email))).statusCode).toBe(200);
  });

  it("a link stops working once a change of the account's email address is asked for", async () => {
    const { user, token, email } = await requestLink();
    const session = await t.accounts.issueTokenFor(user.id);
    const moved = uniqueEmail('moved');
    const profile = await post(
      '/api/v4/user',
      {
        first_name: 'Sam',
        last_name: 'Shore',
        email: moved,
        notification_enabled: true,
        current_password: PASSWORD,
      },
      bearer(session),
    );
    expect(profile.statusCode).toBe(200);
    const res = await post(`/api/v4/reset/${token}`, resetBody(token, email));
    expect(res.json().errors).toEqual({ token: [MSG.resetTokenInvalid] });
  });
});

describe('mailers', () => {
  it('the outbox writes one readable .eml per message, headers without line breaks', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safeshore-outbox-unit-'));
    try {
      const mailer = createOutboxMailer(path.join(dir, 'nested'), 'SafeShore <no-reply@example.com>');
      await mailer.send({
        to: 'a@example.com\r\nBcc: evil@example.com',
        subject: 'Hi',
        text: 'Line one\nhttps://x.example/reset/abc?email=a%40example.com',
      });
      const [message] = outbox(path.join(dir, 'nested'));
      expect(message).toContain('To: a@example.com Bcc: evil@example.com\r\n');
      expect(message).not.toMatch(/^Bcc:/m);
      expect(message).toContain('Content-Type: text/plain; charset=utf-8');
      expect(message).toContain('\r\n\r\nLine one\r\nhttps://x.example/reset/abc?email=a%40example.com');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('SMTP delivers through nodemailer to the configured server', async () => {
    const received: string[] = [];
    const server = net.createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 fake.smtp ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        let end: number;
        while ((end = data ? buffer.indexOf('\r\n.\r\n') : buffer.indexOf('\r\n')) !== -1) {
          if (data) {
            received.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            data = false;
            socket.write('250 OK queued\r\n');
            continue;
          }
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake.smtp\r\n');
          else if (/^DATA/i.test(line)) {
            data = true;
            socket.write('354 go ahead\r\n');
          } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 OK\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'SafeShore <no-reply@example.com>');
      await mailer.send({
        to: 'b@example.com',
        subject: 'Reset',
        text: 'https://x.example/reset/abc?email=b%40example.com',
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('To: b@example.com');
      expect(received[0]).toContain('Subject: Reset');
      expect(received[0]).toContain('https://x.example/reset/abc?email=b%40example.com');
    } finally {
      server.close();
    }
  });
});
