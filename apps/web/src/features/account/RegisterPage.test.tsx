import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_SERVER_MESSAGES, QUESTION_MIN_ANSWER_MS } from '@safeshore/domain';
import { clearSession, getSession } from '../../data/session.ts';
import { mockApi } from '../../test/api-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { RegisterPage } from './RegisterPage.tsx';

// Only Date is faked (frozen), so a test decides how long the person took to answer.
const START = Date.parse('2026-11-22T00:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The person has read the question and typed the answer (longer than the server's minimum). */
const takeTime = (ms = QUESTION_MIN_ANSWER_MS + 500) => vi.setSystemTime(Date.now() + ms);

/** Each GET /api/v4/question gives a new question, as the server does. */
function questions() {
  let n = 0;
  return () => {
    n += 1;
    return [200, { question: `What is ${n} plus 1?`, question_id: `q${n}` }] as [number, unknown];
  };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillForm() {
  type('First name', 'Sam');
  type('Last name', 'Surfer');
  type('Email', 'sam@example.com');
  type('Password', 'correct horse battery');
  type('Confirm password', 'correct horse battery');
}

const submit = () => {
  takeTime();
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
};

describe('RegisterPage', () => {
  it('asks the fetched question, sends its answer with the question id, and says to open the mailed link', async () => {
    const api = mockApi({
      'GET /api/v4/question': questions(),
      'POST /api/v4/register': [200, { message: ACCOUNT_SERVER_MESSAGES.registrationMailed }],
      'POST /api/v5/register/resend': [200, { message: ACCOUNT_SERVER_MESSAGES.registrationMailed }],
    });
    renderScreen(<RegisterPage />, { path: '/register' });
    fillForm();
    fireEvent.change(await screen.findByLabelText('What is 1 plus 1?'), { target: { value: ' 2 ' } });
    submit();
    expect((await screen.findByRole('heading', { name: 'Check your email' })).tagName).toBe('H2');
    expect(screen.getAllByRole('status')[0]!.textContent).toBe(ACCOUNT_SERVER_MESSAGES.registrationMailed);
    expect(screen.getByText('sam@example.com').tagName).toBe('STRONG');
    // Nothing is signed in until the link is opened.
    expect(getSession()).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/register');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      first_name: 'Sam',
      last_name: 'Surfer',
      email: 'sam@example.com',
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      question: '2',
      question_id: 'q1',
      device_name: 'web',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/v5/register/resend').map((c) => c.body)).toEqual([
        { email: 'sam@example.com' },
      ]),
    );
  });

  it('waits out the minimum answer time before sending an answer typed faster than that', async () => {
    const api = mockApi({
      'GET /api/v4/question': questions(),
      'POST /api/v4/register': [200, { message: ACCOUNT_SERVER_MESSAGES.registrationMailed }],
    });
    renderScreen(<RegisterPage />, { path: '/register' });
    fillForm();
    fireEvent.change(await screen.findByLabelText('What is 1 plus 1?'), { target: { value: '2' } });
    takeTime(QUESTION_MIN_ANSWER_MS - 300);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Creating your account…' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Check your email' }, { timeout: 2000 });
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('needs email and password before sending, and shakes the form', async () => {
    const api = mockApi({ 'GET /api/v4/question': questions() });
    const { container } = renderScreen(<RegisterPage />, { path: '/register' });
    await screen.findByLabelText('What is 1 plus 1?');
    type('Email', 'sam@example.com');
    submit();
    expect(screen.getByRole('alert').textContent).toBe('You must fill in email and password');
    expect(container.querySelector('form')!.classList.contains('form--shake')).toBe(true);
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('lists the server field errors under "Please fix the following errors:" and asks a new question', async () => {
    mockApi({
      'GET /api/v4/question': questions(),
      'POST /api/v4/register': [
        422,
        {
          message: 'The given data was invalid.',
          errors: {
            password: ['This password is too common. Please choose a different one.'],
            question: ['The answer to the question is not correct. Please answer the new question.'],
          },
        },
      ],
    });
    const { container } = renderScreen(<RegisterPage />, { path: '/register' });
    fillForm();
    fireEvent.change(await screen.findByLabelText('What is 1 plus 1?'), { target: { value: '3' } });
    submit();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Please fix the following errors:')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'This password is too common. Please choose a different one.',
      'The answer to the question is not correct. Please answer the new question.',
    ]);
    expect(container.querySelector('form')!.classList.contains('form--shake')).toBe(true);
    const next = (await screen.findByLabelText('What is 2 plus 1?')) as HTMLInputElement;
    expect(next.value).toBe('');
    // What the user typed elsewhere stays.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
  });

  // Issue 30: a 5-character password went to the server, which used up the question.
  it.each([
    ['short', 'tiny1', 'The password field must be at least 10 characters.'],
    ['common', 'Password123', 'This password is too common. Please choose a different one.'],
  ])(
    'checks a %s password with the server’s rule before sending; question and answer stay',
    async (_, password, message) => {
      const api = mockApi({ 'GET /api/v4/question': questions() });
      renderScreen(<RegisterPage />, { path: '/register' });
      fillForm();
      type('Password', password);
      type('Confirm password', password);
      fireEvent.change(await screen.findByLabelText('What is 1 plus 1?'), { target: { value: '2' } });
      submit();
      const alert = screen.getByRole('alert');
      expect(
        within(alert)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([message]);
      expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
      expect(api.calls).toHaveLength(1);
      expect((screen.getByLabelText('What is 1 plus 1?') as HTMLInputElement).value).toBe('2');
    },
  );

  it('never shows a used question again: a new one, or Try again when none can be had yet', async () => {
    let asked = 0;
    const api = mockApi({
      'GET /api/v4/question': () => {
        asked += 1;
        // The second question is refused (the per-minute limit); the third comes.
        if (asked === 2) return [429, { message: 'Too many requests. Please wait a moment and try again.' }];
        return [200, { question: `What is ${asked} plus 1?`, question_id: `q${asked}` }];
      },
      'POST /api/v4/register': [
        422,
        { message: 'x', errors: { question: [ACCOUNT_SERVER_MESSAGES.questionWrong] } },
      ],
    });
    renderScreen(<RegisterPage />, { path: '/register' });
    fillForm();
    fireEvent.change(await screen.findByLabelText('What is 1 plus 1?'), { target: { value: '3' } });
    submit();
    expect(await screen.findByText('Could not load the question.')).toBeTruthy();
    expect(screen.queryByLabelText('What is 1 plus 1?')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create account' }).matches(':disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const next = (await screen.findByLabelText('What is 3 plus 1?')) as HTMLInputElement;
    expect(next.value).toBe('');
    expect(screen.getByText(/A new question: each one can be answered once/)).toBeTruthy();
    fireEvent.change(next, { target: { value: '4' } });
    submit();
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'POST')[1]!.body).toMatchObject({
      question: '4',
      question_id: 'q3',
    });
  });

  it('keeps the question and the answer when the attempt was refused before it was judged (429)', async () => {
    const api = mockApi({
      'GET /api/v4/question': questions(),
      'POST /api/v4/register': [429, { message: 'Too many requests. Please wait a moment and try again.' }],
    });
    renderScreen(<RegisterPage />, { path: '/register' });
    fillForm();
    fireEvent.change(await screen.findByLabelText('What is 1 plus 1?'), { target: { value: '2' } });
    submit();
    await screen.findByRole('alert');
    expect((screen.getByLabelText('What is 1 plus 1?') as HTMLInputElement).value).toBe('2');
    expect(api.calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });

  it('says "Failed to register." when the server gives no field errors', async () => {
    mockApi({
      'GET /api/v4/question': questions(),
      'POST /api/v4/register': [500, { message: 'Internal Server Error' }],
    });
    renderScreen(<RegisterPage />, { path: '/register' });
    fillForm();
    fireEvent.change(await screen.findByLabelText('What is 1 plus 1?'), { target: { value: '2' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to register.');
  });

  it('disables the inputs while registering', async () => {
    let answer!: () => void;
    mockApi({
      'GET /api/v4/question': questions(),
      'POST /api/v4/register': () =>
        new Promise((resolve) => (answer = () => resolve([500, { message: 'x' }]))),
    });
    renderScreen(<RegisterPage />, { path: '/register' });
    fillForm();
    fireEvent.change(await screen.findByLabelText('What is 1 plus 1?'), { target: { value: '2' } });
    submit();
    await waitFor(() => expect(screen.getByLabelText('First name').matches(':disabled')).toBe(true));
    expect(screen.getByLabelText('What is 1 plus 1?').matches(':disabled')).toBe(true);
    answer();
    await screen.findByRole('alert');
    expect(screen.getByLabelText('First name').matches(':disabled')).toBe(false);
  });
});
