import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdleAfterLoad } from './idle.ts';

function setReadyState(state: DocumentReadyState): void {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

describe('whenIdleAfterLoad', () => {
  afterEach(() => {
    Reflect.deleteProperty(document, 'readyState');
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the load event, then for idle time with a deadline', () => {
    setReadyState('loading');
    const idleCallbacks: Array<{ run: () => void; timeout?: number }> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
      idleCallbacks.push({ run, timeout: options?.timeout });
      return idleCallbacks.length;
    });
    const work = vi.fn();
    whenIdleAfterLoad(work, 1_500);
    expect(idleCallbacks).toHaveLength(0);

    window.dispatchEvent(new Event('load'));
    expect(idleCallbacks).toEqual([{ run: work, timeout: 1_500 }]);
    expect(work).not.toHaveBeenCalled();
    idleCallbacks[0]!.run();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('after the load, waits for idle time only', () => {
    setReadyState('complete');
    const requestIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdle);
    const work = vi.fn();
    whenIdleAfterLoad(work);
    expect(requestIdle).toHaveBeenCalledWith(work, { timeout: 3_000 });
  });

  it('without requestIdleCallback (Safari), runs shortly after the load', () => {
    setReadyState('complete');
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const work = vi.fn();
    whenIdleAfterLoad(work);
    vi.advanceTimersByTime(199);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
