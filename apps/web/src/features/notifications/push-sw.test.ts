import { describe, expect, it, vi } from 'vitest';
import source from '../../../public/push-sw.js?raw';

/**
 * The service worker's alert handlers (public/push-sw.js, imported by the Workbox worker), run
 * against a stand-in of the worker's global scope: what a push shows, and where a click goes.
 * (The browser spec e2e/push.spec.ts runs them in Chromium.)
 */

function worker(windows: Array<{ navigate: (url: string) => Promise<unknown> }> = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const self = {
    location: { origin: 'https://safeshore.example' },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async (url: string) => {
        opened.push(url);
        return null;
      }),
    },
  } as Record<string, unknown>;
  new Function('self', source)(self);
  const fire = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { self, shown, opened, fire };
}

const payload = {
  title: 'Bondi Beach: Closed',
  body: 'Shark sighting — set by lifesavers at 10:05 am.',
  url: '/beach/nsw/waverley/bondi-beach/bondi-beach',
  tag: 'event-9',
  kind: 'status',
  source: 'SafeShore lifesaver console',
  at: '2026-11-21T23:05:00.000Z',
  event_id: 9,
  beach_id: 1,
};

describe('service worker alerts', () => {
  it('shows a push as a notification naming the beach, what happened, when and the source', async () => {
    const sw = worker();
    await sw.fire('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(sw.shown).toEqual([
      {
        title: 'Bondi Beach: Closed',
        options: expect.objectContaining({
          body: 'Shark sighting — set by lifesavers at 10:05 am.\nSource: SafeShore lifesaver console',
          tag: 'event-9',
          timestamp: Date.parse('2026-11-21T23:05:00.000Z'),
          data: { url: payload.url, kind: 'status', beach_id: 1 },
        }),
      },
    ]);
  });

  it('still shows something for a push that is not JSON', async () => {
    const sw = worker();
    await sw.fire('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
        text: () => 'Beach closed',
      },
    });
    expect(sw.shown[0]).toMatchObject({
      title: 'SafeShore',
      options: { body: 'Beach closed', data: { url: '/' } },
    });
  });

  it('opens the beach in an open window on click, or in a new window, and never another site', async () => {
    const navigate = vi.fn(async () => ({ focus: async () => undefined }));
    const open = worker([{ navigate }]);
    const close = vi.fn();
    await open.fire('notificationclick', { notification: { data: { url: payload.url }, close } });
    expect(close).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(`https://safeshore.example${payload.url}`);

    const none = worker([]);
    await none.fire('notificationclick', { notification: { data: { url: payload.url }, close } });
    expect(none.opened).toEqual([`https://safeshore.example${payload.url}`]);

    const foreign = worker([]);
    await foreign.fire('notificationclick', {
      notification: { data: { url: 'https://evil.example/x' }, close },
    });
    expect(foreign.opened).toEqual(['https://safeshore.example/']);
    expect(typeof foreign.self.safeshoreOpenAlert).toBe('function');
  });
});
