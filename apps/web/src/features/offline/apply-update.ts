/** The parts of the browser applyUpdate touches (navigator.serviceWorker and window in the app). */
export interface ApplyUpdateEnvironment {
  container: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener' | 'getRegistration'>;
  reload: () => void;
}

/**
 * Lets the waiting service worker take over and reloads the page once it has, whichever sign comes
 * first: the page's controller changes, or the worker reports itself activated (or redundant:
 * replaced by a newer one, which the reloaded page will offer). Reloads at once when nothing waits
 * any more (another tab already applied it). Reloads exactly once. The message is the one
 * Workbox's generated worker listens for.
 *
 * No reload before the new worker is in charge, even if it takes long: Chromium activates a
 * worker told to skip waiting once the old one is idle, and a request the page makes just then
 * wakes the old one and holds the switch until it is idle again (API, media and upload requests are
 * routed past the worker for that reason: public/sw-routes.js). A page reloaded in that state was
 * seen to hang on its navigation for good (Chromium 153), which is worse than waiting: see
 * docs/decisions.md.
 */
export async function applyUpdate(
  environment: ApplyUpdateEnvironment = {
    container: navigator.serviceWorker,
    reload: () => window.location.reload(),
  },
): Promise<void> {
  const { container } = environment;
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    container.removeEventListener('controllerchange', reload);
    environment.reload();
  };
  // Listening before anything is sent: the controller can change as soon as the worker hears it.
  container.addEventListener('controllerchange', reload);
  const waiting = (await container.getRegistration())?.waiting ?? null;
  if (reloaded) return;
  if (!waiting) {
    reload();
    return;
  }
  const onStateChange = () => {
    if (waiting.state === 'activated' || waiting.state === 'redundant') {
      waiting.removeEventListener('statechange', onStateChange);
      reload();
    }
  };
  waiting.addEventListener('statechange', onStateChange);
  waiting.postMessage({ type: 'SKIP_WAITING' });
  // It may have moved on between the lookup and the listener.
  onStateChange();
}

/**
 * Calls `announce` once per waiting worker. registerSW reports one worker twice ('installed', then
 * 'waiting' 200 ms later), and each report costs a request (GET /api/v4/app): the second one could
 * land just as the user presses Reload and hold the switch back (see applyUpdate).
 */
export function oncePerWaitingWorker(
  getWaiting: () => Promise<ServiceWorker | null>,
  announce: () => Promise<void>,
): () => Promise<void> {
  let announced: ServiceWorker | null = null;
  return async () => {
    const waiting = await getWaiting();
    if (waiting !== null && waiting === announced) return;
    announced = waiting;
    await announce();
  };
}
