import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN, user } from '../test/api-mock.ts';

const KEY = 'safeshore.session';

afterEach(() => {
  window.localStorage.clear();
  vi.resetModules();
});

/** A fresh copy of the module, as after a page reload. */
const load = () => import('./session.ts');

describe('session store', () => {
  it('survives a reload', async () => {
    const first = await load();
    first.setSession({ token: TOKEN, user: user() });
    vi.resetModules();
    const reloaded = await load();
    expect(reloaded.getSession()).toEqual({ token: TOKEN, user: user() });
  });

  it('clearing removes the stored session', async () => {
    const session = await load();
    session.setSession({ token: TOKEN, user: user() });
    session.clearSession();
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(session.getSession()).toBeNull();
  });

  it('a damaged stored value means a guest', async () => {
    window.localStorage.setItem(KEY, '{"token":"x","user":{"id":"nope"}}');
    expect((await load()).getSession()).toBeNull();
    window.localStorage.setItem(KEY, 'not json');
    vi.resetModules();
    expect((await load()).getSession()).toBeNull();
  });

  it('follows sign-out in another tab', async () => {
    const session = await load();
    session.setSession({ token: TOKEN, user: user() });
    const listener = vi.fn();
    session.subscribeSession(listener);
    window.localStorage.removeItem(KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(session.getSession()).toBeNull();
    expect(listener).toHaveBeenCalled();
  });

  it('a profile update keeps the token', async () => {
    const session = await load();
    session.setSession({ token: TOKEN, user: user() });
    session.updateSessionUser(user({ first_name: 'Alex' }));
    expect(session.getSession()).toEqual({ token: TOKEN, user: user({ first_name: 'Alex' }) });
    expect(JSON.parse(window.localStorage.getItem(KEY)!)).toMatchObject({ user: { first_name: 'Alex' } });
  });
});
