import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  LoginBodySchema,
  PasswordChangeBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  fieldErrors,
  mixesScripts,
  normaliseEmail,
  registrationFieldErrors,
  tokenId,
} from '../src/index.ts';

const register = {
  first_name: ' Ada ',
  last_name: 'Lovelace',
  email: ' Ada@Example.COM ',
  password: 'correct horse battery',
  password_confirmation: 'correct horse battery',
  question: '7',
  question_id: 'q1',
};

describe('accounts contract', () => {
  it('trims names and lower-cases the email', () => {
    const body = z.parse(RegisterBodySchema, register);
    expect(body).toMatchObject({ first_name: 'Ada', email: 'ada@example.com', device_name: 'web' });
  });

  it.each([
    [RegisterBodySchema, register],
    [
      ResetPasswordBodySchema,
      { token: 't', email: 'a@b.co', password: register.password, password_confirmation: register.password },
    ],
    [
      PasswordChangeBodySchema,
      { current_password: 'x', password: register.password, password_confirmation: register.password },
    ],
  ] as const)('reports a confirmation that does not match on the password field', (schema, body) => {
    const result = z.safeParse(schema, { ...body, password_confirmation: 'something else entirely' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!).password).toEqual(['The password field confirmation does not match.']);
  });

  it('requires a password of at least 10 characters and a valid email', () => {
    const result = z.safeParse(RegisterBodySchema, {
      ...register,
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'short',
    });
    const errors = fieldErrors(result.error!);
    expect(errors.email).toEqual(['The email field must be a valid email address.']);
    expect(errors.password).toContain('The password field must be at least 10 characters.');
  });

  it('normalises addresses with NFKC: full-width letters become the ones they imitate', () => {
    expect(normaliseEmail(' \uff21da@Example.COM ')).toBe('ada@example.com');
    expect(z.parse(LoginBodySchema, { email: '\uff41\uff44\uff41@example.com', password: 'x' }).email).toBe(
      'ada@example.com',
    );
  });

  it.each([
    [
      'zero-width space',
      'a\u200bda@example.com',
      'The email field must not contain invisible or control characters.',
    ],
    [
      'soft hyphen',
      'a\u00adda@example.com',
      'The email field must not contain invisible or control characters.',
    ],
    // NFKC turns it into a plain space, which no address contains.
    ['no-break space', 'a\u00a0da@example.com', 'The email field must be a valid email address.'],
    [
      'Cyrillic а in a Latin name',
      '\u0430da@example.com',
      'The email field must not mix letters of different alphabets.',
    ],
    ['NUL', 'a\u0000da@example.com', 'The email field must not contain null characters.'],
  ])('refuses an address with a %s, with one clear message', (_name, email, message) => {
    const result = z.safeParse(RegisterBodySchema, { ...register, email });
    expect(fieldErrors(result.error!).email).toEqual([message]);
  });

  it('allows an address written wholly in one script, and CJK scripts together', () => {
    expect(mixesScripts('\u0438\u0432\u0430\u043d@example.com')).toBe(false);
    expect(mixesScripts('\u5c71\u7530\u305f\u308d\u3046@example.jp')).toBe(false);
    expect(mixesScripts('ivan.2026@example.com')).toBe(false);
    expect(mixesScripts('iv\u0430n@example.com')).toBe(true);
  });

  it('takes the token id from before the pipe', () => {
    expect(tokenId('42|secret')).toBe('42');
  });
});

// Issue 30: the web form checks a registration with the server's rules before sending it.
describe('registrationFieldErrors', () => {
  it('gives the server’s messages for the fields, a common password included, and never judges the answer', () => {
    expect(
      registrationFieldErrors({ ...register, password: 'tiny1', password_confirmation: 'tiny1' }),
    ).toEqual({
      body: null,
      errors: { password: ['The password field must be at least 10 characters.'] },
    });
    expect(
      registrationFieldErrors({ ...register, password: 'PASSWORD123', password_confirmation: 'PASSWORD123' })
        .errors,
    ).toEqual({ password: ['This password is too common. Please choose a different one.'] });
    const fine = registrationFieldErrors({ ...register, question: 'banana', question_id: '' });
    expect(fine.errors).toEqual({});
    expect(fine.body?.first_name).toBe('Ada');
  });
});
