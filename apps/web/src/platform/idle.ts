/**
 * Runs `work` once the page has loaded and the main thread is idle (`timeoutMs` after the load at
 * the latest), so that work neither the first paint nor hydration needs (keeping a viewed beach
 * for offline use, the service worker and its sync) does not lengthen the tasks a slow phone waits
 * on (issue 23: Total Blocking Time). After the load (a page opened in the app) it waits for idle
 * time only. Browsers without requestIdleCallback (Safari) run it shortly after.
 */
export function whenIdleAfterLoad(work: () => void, timeoutMs = 3_000): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(work, { timeout: timeoutMs });
    else window.setTimeout(work, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
