import '../test/indexeddb.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN, mockApi, user } from '../test/api-mock.ts';
import type { QueueItem } from './console-queue.ts';
import { queuedRequest, sendQueued } from './console-queue-send.ts';
import { clearSession, setSession } from './session.ts';

const item = (action: QueueItem['action']): QueueItem => ({
  id: 1,
  key: '0f8fad5b-d9cb-469f-a165-70867728950e',
  userId: 7,
  beachId: 12,
  beachName: 'Bondi Beach',
  action,
  createdAt: '2026-11-21T01:00:00.000Z',
  state: 'waiting',
  attempts: 0,
  error: null,
  errors: null,
  lastStatus: null,
});

beforeEach(() => setSession({ token: TOKEN, user: user() }));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('queuedRequest', () => {
  it('maps each action to the contract’s route', () => {
    const status = { status: 'Open', reason: null, message: null, expires_at: null } as const;
    expect(queuedRequest(item({ kind: 'status', body: status }))).toEqual({
      path: '/api/v5/beach/12/status',
      method: 'PUT',
      json: status,
    });
    expect(queuedRequest(item({ kind: 'status.clear' }))).toEqual({
      path: '/api/v5/beach/12/status',
      method: 'DELETE',
    });
    expect(queuedRequest(item({ kind: 'patrol', body: { on_duty: false } }))).toEqual({
      path: '/api/v5/beach/12/patrol',
      method: 'PUT',
      json: { on_duty: false },
    });
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    const post = queuedRequest(item({ kind: 'post', text: 'Clean waves', photo, photoName: 'surf.jpg' }));
    expect([post.path, post.method]).toEqual(['/api/v5/beach/12/posts', 'POST']);
    expect(post.form?.get('text')).toBe('Clean waves');
    expect((post.form?.get('photo') as File).name).toBe('surf.jpg');
  });
});

describe('sendQueued', () => {
  it('sends the Idempotency-Key and the token, and reports the status', async () => {
    const api = mockApi({ 'PUT /api/v5/beach/12/patrol': [200, { beach_id: 12 }] });
    const result = await sendQueued(item({ kind: 'patrol', body: { on_duty: false } }));
    expect(result).toEqual({ status: 200, body: { beach_id: 12 }, message: null, errors: null });
    expect(api.calls[0]!.headers.get('Idempotency-Key')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(api.calls[0]!.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('turns a refusal into its status, message and field errors, and no answer into status 0', async () => {
    mockApi({
      'PUT /api/v5/beach/12/patrol': [422, { message: 'Bad until.', errors: { until: ['Bad until.'] } }],
    });
    expect(await sendQueued(item({ kind: 'patrol', body: { on_duty: true, until: '99:00' } }))).toMatchObject(
      {
        status: 422,
        message: 'Bad until.',
        errors: { until: ['Bad until.'] },
      },
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect((await sendQueued(item({ kind: 'status.clear' }))).status).toBe(0);
  });
});
