import { describe, expect, it } from 'vitest';
import { applyUpdate, oncePerWaitingWorker, type ApplyUpdateEnvironment } from './apply-update.ts';

/** A waiting ServiceWorker: its state, and the messages the page posted to it. */
class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  state: ServiceWorkerState;
  constructor(state: ServiceWorkerState = 'installed') {
    super();
    this.state = state;
  }
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
  moveTo(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/**
 * navigator.serviceWorker with one registration, and a reload counter. `duringLookup` runs while
 * the registration is being looked up.
 */
function environment(waiting: FakeWorker | null, duringLookup?: (container: EventTarget) => void) {
  const container = new EventTarget();
  let reloads = 0;
  const env: ApplyUpdateEnvironment = {
    container: Object.assign(container, {
      getRegistration: async () => {
        duringLookup?.(container);
        return { waiting } as unknown as ServiceWorkerRegistration;
      },
    }),
    reload: () => void reloads++,
  };
  return {
    env,
    container,
    get reloads() {
      return reloads;
    },
  };
}

describe('applying a waiting update (Reload on the prompt)', () => {
  it('asks the waiting worker to skip waiting and reloads once the controller changes', async () => {
    const worker = new FakeWorker();
    const t = environment(worker);
    await applyUpdate(t.env);
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(t.reloads).toBe(0);
    worker.moveTo('activating');
    t.container.dispatchEvent(new Event('controllerchange'));
    expect(t.reloads).toBe(1);
    // The worker finishing activating and a later controller change add nothing.
    worker.moveTo('activated');
    t.container.dispatchEvent(new Event('controllerchange'));
    expect(t.reloads).toBe(1);
  });

  it('reloads when the worker reports itself activated, even without a controllerchange', async () => {
    const worker = new FakeWorker();
    const t = environment(worker);
    await applyUpdate(t.env);
    worker.moveTo('activating');
    expect(t.reloads).toBe(0);
    worker.moveTo('activated');
    expect(t.reloads).toBe(1);
  });

  it('reloads when the waiting worker was replaced (redundant): the reloaded page offers the newer one', async () => {
    const worker = new FakeWorker();
    const t = environment(worker);
    await applyUpdate(t.env);
    worker.moveTo('redundant');
    expect(t.reloads).toBe(1);
  });

  it('waits as long as the worker does: no reload while it is still waiting', async () => {
    const worker = new FakeWorker();
    const t = environment(worker);
    await applyUpdate(t.env);
    worker.moveTo('installed');
    expect(t.reloads).toBe(0);
  });

  it('reloads at once when nothing waits any more (another tab applied it first)', async () => {
    const t = environment(null);
    await applyUpdate(t.env);
    expect(t.reloads).toBe(1);
  });

  it('reloads at once when the worker activated between the prompt and the lookup', async () => {
    const worker = new FakeWorker('activated');
    const t = environment(worker);
    await applyUpdate(t.env);
    expect(t.reloads).toBe(1);
  });

  it('a controller change while the registration is looked up is not missed', async () => {
    const t = environment(new FakeWorker(), (container) =>
      container.dispatchEvent(new Event('controllerchange')),
    );
    await applyUpdate(t.env);
    expect(t.reloads).toBe(1);
  });
});

describe('announcing a waiting update', () => {
  it('asks once per waiting worker, and again for a newer one', async () => {
    let waiting: object | null = new FakeWorker();
    let announcements = 0;
    const announce = oncePerWaitingWorker(
      async () => waiting as ServiceWorker | null,
      async () => void announcements++,
    );
    // 'installed', then 'waiting' 200 ms later: one announcement.
    await announce();
    await announce();
    expect(announcements).toBe(1);
    // Another deploy while the tab stays open: a new worker waits.
    waiting = new FakeWorker();
    await announce();
    await announce();
    expect(announcements).toBe(2);
  });

  it('without a waiting worker to tell apart, every report is announced', async () => {
    let announcements = 0;
    const announce = oncePerWaitingWorker(
      async () => null,
      async () => void announcements++,
    );
    await announce();
    await announce();
    expect(announcements).toBe(2);
  });
});
