import fs from 'node:fs';
import path from 'node:path';
import { QUESTION_MIN_ANSWER_MS, type User } from '@safeshore/domain';
import type { TestApp } from './helpers.ts';
import { NUMBER_WORDS } from '../src/modules/accounts/question.ts';

/** Test-side helpers for the accounts API. */

export const PASSWORD = 'tide-pool-lantern-42';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
export const uniqueEmail = (prefix = 'person') => `${prefix}.${process.pid}.${++counter}@example.com`;

/**
 * A user created the way an operator would (no question), with a live token. Its address counts
 * as verified unless `verified: false` (an account from before email verification).
 */
export async function makeUser(
  t: TestApp,
  overrides: {
    email?: string;
    password?: string;
    first_name?: string;
    last_name?: string;
    verified?: boolean;
  } = {},
) {
  const password = overrides.password ?? PASSWORD;
  const { user } = await t.accounts.createUser({
    email: overrides.email ?? uniqueEmail(),
    first_name: overrides.first_name ?? 'Sam',
    last_name: overrides.last_name ?? 'Shore',
    password,
    email_verified: overrides.verified ?? true,
  });
  const token = await t.accounts.issueTokenFor(user.id, 'test');
  return { user, password, token };
}

/** Answers the question as a person would read it. */
export function solve(question: string): string {
  const numbers = [...question.toLowerCase().matchAll(/\b(\d+|[a-z]+)\b/g)]
    .map((m) => (/^\d+$/.test(m[1]!) ? Number(m[1]) : (NUMBER_WORDS as readonly string[]).indexOf(m[1]!)))
    .filter((n) => n >= 0);
  const [a, b] = numbers as [number, number];
  if (/plus|added to/.test(question)) return String(a + b);
  if (/minus/.test(question)) return String(a - b);
  if (/take .* away from/.test(question)) return String(b - a);
  throw new Error(`cannot read question: ${question}`);
}

export async function askQuestion(t: TestApp, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v4/question', headers });
  const body = res.json() as { question: string; question_id: string };
  return { ...body, answer: solve(body.question) };
}

/**
 * A valid registration body with a freshly answered question. `elapse(ms)` moves the app's clock
 * past the minimum time a person needs to answer (the test owns the clock).
 */
export async function registration(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  elapse: (ms: number) => void = () => {},
) {
  const { question_id, answer } = await askQuestion(t);
  elapse(QUESTION_MIN_ANSWER_MS);
  return {
    first_name: 'Alex',
    last_name: 'Reef',
    email: uniqueEmail('register'),
    password: PASSWORD,
    password_confirmation: PASSWORD,
    device_name: 'vitest',
    question: answer,
    question_id,
    ...overrides,
  };
}

/** The .eml files in the outbox, oldest first. */
export function outbox(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
}

/** Mail is delivered in the background; waits until the outbox holds `count` messages. */
export async function waitForMail(t: TestApp, count = 1): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const messages = outbox(t.outboxDir);
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`expected ${count} message(s) in ${t.outboxDir}, found ${outbox(t.outboxDir).length}`);
}

/** The messages to `email` (oldest first), waiting until there are at least `count`. */
export async function mailsTo(t: TestApp, email: string, count = 1): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const messages = outbox(t.outboxDir).filter((m) => m.includes(`\r\nTo: ${email}\r\n`));
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`expected ${count} message(s) to ${email} in ${t.outboxDir}`);
}

/** The confirmation link (/verify-email/{token}) in a message, and its token. */
export function verifyLink(message: string) {
  const match = /^(http\S+\/verify-email\/([A-Za-z0-9_-]+))$/m.exec(message);
  if (!match) throw new Error(`no confirmation link in:\n${message}`);
  return { link: match[1]!, token: match[2]! };
}

/**
 * Registers through the API and opens the mailed link with the password: the account as a person
 * who registered gets it, with a live token.
 */
export async function registerAndConfirm(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  elapse: (ms: number) => void = () => {},
) {
  const body = await registration(t, overrides, elapse);
  const res = await t.app.inject({ method: 'POST', url: '/api/v4/register', payload: body });
  if (res.statusCode !== 200) throw new Error(`register answered ${res.statusCode}: ${res.body}`);
  const email = String(body.email).trim().toLowerCase();
  const mails = await mailsTo(t, email);
  const { token } = verifyLink(mails.at(-1)!);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v5/email/verify',
    payload: { token, password: body.password, device_name: body.device_name },
  });
  if (confirmed.statusCode !== 200)
    throw new Error(`verify answered ${confirmed.statusCode}: ${confirmed.body}`);
  return { ...(confirmed.json() as { user: User; token: string }), email, password: String(body.password) };
}

/** The reset link in a message, and its token and email. */
export function resetLink(message: string) {
  const match = /^(http\S+\/reset\/([A-Za-z0-9_-]+)\?email=(\S+))$/m.exec(message);
  if (!match) throw new Error(`no reset link in:\n${message}`);
  return { link: match[1]!, token: match[2]!, email: decodeURIComponent(match[3]!) };
}
