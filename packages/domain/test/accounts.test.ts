import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  PasswordChangeBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  fieldErrors,
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

  it('takes the token id from before the pipe', () => {
    expect(tokenId('42|secret')).toBe('42');
  });
});
