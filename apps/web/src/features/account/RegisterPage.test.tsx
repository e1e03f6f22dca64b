import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../data/session.ts';
import { TOKEN, mockApi, user } from '../../test/api-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { RegisterPage } from './RegisterPage.tsx';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

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

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

describe('RegisterPage', () => {
  it('asks the fetched question and sends its answer with the question id', async () => {
    const api = mockApi({
      'GET /api/v4/question': questions(),
      'POST /api/v4/register': [201, { user: user(), token: TOKEN }],
    });
    renderScreen(<RegisterPage />, { path: '/register' });
    fillForm();
    fireEvent.change(await screen.findByLabelText('What is 1 plus 1?'), { target: { value: ' 2 ' } });
    submit();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
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
    expect(getSession()?.token).toBe(TOKEN);
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
            email: ['The email has already been taken.'],
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
      'The email has already been taken.',
      'The answer to the question is not correct. Please answer the new question.',
    ]);
    expect(container.querySelector('form')!.classList.contains('form--shake')).toBe(true);
    const next = (await screen.findByLabelText('What is 2 plus 1?')) as HTMLInputElement;
    expect(next.value).toBe('');
    // What the user typed elsewhere stays.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
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
