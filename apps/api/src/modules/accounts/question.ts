import crypto from 'node:crypto';
import { digestsEqual, sha256Hex } from './tokens.ts';

/**
 * The anti-spam question on registration. Each GET /api/v4/question makes a fresh random sum or
 * difference, phrased with a mix of words and digits ("What is seven plus 4?"), stored only as a
 * hash salted with its random id, valid for 15 minutes and usable once; a wrong answer uses it up.
 * A person answers in digits or words; a script cannot replay an old answer or reuse a challenge.
 */
export const QUESTION_TTL_MS = 15 * 60 * 1000;

/** Number words the question uses (index = value); tests that answer it read the same list. */
export const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
] as const;

export interface Challenge {
  question: string;
  answer: number;
}

const pick = (max: number) => crypto.randomInt(max);
const say = (n: number) => (pick(2) === 0 ? NUMBER_WORDS[n]! : String(n));

/** A random question with a whole-number answer between 0 and 20. */
export function makeChallenge(): Challenge {
  const a = 1 + pick(10);
  const b = 1 + pick(10);
  const phrasing = pick(4);
  if (phrasing === 0) return { question: `What is ${say(a)} plus ${say(b)}?`, answer: a + b };
  if (phrasing === 1) return { question: `What is ${say(a)} added to ${say(b)}?`, answer: a + b };
  const [high, low] = a >= b ? [a, b] : [b, a];
  if (phrasing === 2) return { question: `What is ${say(high)} minus ${say(low)}?`, answer: high - low };
  return {
    question: `What do you get when you take ${say(low)} away from ${say(high)}?`,
    answer: high - low,
  };
}

/** "7", " Seven ", "seven." -> 7; anything else -> null. */
export function readAnswer(input: string): number | null {
  const text = input
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, '');
  if (/^\d{1,3}$/.test(text)) return Number(text);
  const index = NUMBER_WORDS.indexOf(text as (typeof NUMBER_WORDS)[number]);
  return index === -1 ? null : index;
}

/** A random challenge id: 128 bits, url-safe. */
export function newChallengeId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export function answerHash(challengeId: string, answer: number): string {
  return sha256Hex(`${challengeId}:${answer}`);
}

export function answerMatches(challengeId: string, storedHash: string, input: string): boolean {
  const answer = readAnswer(input);
  // Compare a hash either way, so a malformed answer costs the same as a wrong one.
  return digestsEqual(answerHash(challengeId, answer ?? -1), storedHash) && answer !== null;
}
