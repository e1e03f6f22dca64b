import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { QUESTION_MIN_ANSWER_MS, type User } from '@safeshore/domain';
import { expect } from './support/test.ts';
import { NUMBER_WORDS } from '../../api/src/modules/accounts/question.ts';

export const PASSWORD = 'Rip-Current-Aware-2026';
export const SESSION_KEY = 'safeshore.session';

function numberIn(text: string): number {
  const value = /^\d+$/.test(text)
    ? Number(text)
    : (NUMBER_WORDS as readonly string[]).indexOf(text.toLowerCase());
  if (value < 0) throw new Error(`not a number: ${text}`);
  return value;
}

/** Answers the anti-spam question the way a person would ("What is seven plus 4?" -> "11"). */
export function answer(question: string): string {
  const sum = /^What is (\w+) (plus|added to|minus) (\w+)\?$/.exec(question);
  if (sum) {
    const [a, b] = [numberIn(sum[1]!), numberIn(sum[3]!)];
    return String(sum[2] === 'minus' ? a - b : a + b);
  }
  const takeAway = /^What do you get when you take (\w+) away from (\w+)\?$/.exec(question);
  if (takeAway) return String(numberIn(takeAway[2]!) - numberIn(takeAway[1]!));
  throw new Error(`unexpected question: ${question}`);
}

export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  token: string;
  user: User;
}

/**
 * Registers a user through the API (answering the question after the time a person needs), then
 * opens the mailed confirmation link with the password, for tests about what comes after.
 */
export async function createAccount(request: APIRequestContext, label: string): Promise<Account> {
  const question = (await (await request.get('/api/v4/question')).json()) as {
    question: string;
    question_id: string;
  };
  await new Promise((resolve) => setTimeout(resolve, QUESTION_MIN_ANSWER_MS + 200));
  const email = uniqueEmail(label);
  const response = await request.post('/api/v4/register', {
    data: {
      first_name: 'Casey',
      last_name: 'Swimmer',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      question: answer(question.question),
      question_id: question.question_id,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const link = await mailedLink(email, /https?:\/\/\S+\/verify-email\/\S+/);
  const token = link.pathname.split('/').at(-1)!;
  const confirmed = await request.post('/api/v5/email/verify', { data: { token, password: PASSWORD } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const body = (await confirmed.json()) as { token: string; user: User };
  return { email, password: PASSWORD, token: body.token, user: body.user };
}

/** Signs the browser in as `account` the way the app stores a session, then opens `url`. */
export async function signIn(page: Page, account: Account, url = '/'): Promise<void> {
  await page.goto('/about');
  await page.evaluate(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [SESSION_KEY, JSON.stringify({ token: account.token, user: account.user })],
  );
  await page.goto(url);
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The password reset link mailed to `email`, read from the server's file outbox. */
export function resetLinkFor(email: string): Promise<URL> {
  return mailedLink(email, /https?:\/\/\S+\/reset\/\S+/);
}

/** The confirmation link (/verify-email/{token}) mailed to `email`. */
export function verifyLinkFor(email: string): Promise<URL> {
  return mailedLink(email, /https?:\/\/\S+\/verify-email\/\S+/);
}

/** The newest link matching `pattern` in the mail to `email`, read from the server's file outbox. */
async function mailedLink(email: string, pattern: RegExp): Promise<URL> {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set (see playwright.config.ts)');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const names = await fs.readdir(dir).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
          const mail = await fs.readFile(path.join(dir, name), 'utf8');
          if (!mail.includes(`To: ${email}`)) continue;
          link = pattern.exec(mail)?.[0] ?? link;
        }
        return link;
      },
      { message: `a mail to ${email} with a link like ${pattern} in ${dir}` },
    )
    .toBeTruthy();
  return new URL(link!);
}
