import { ACCOUNT_MESSAGES } from '@safeshore/domain';
import { createDevice } from '../data/accounts.ts';
import { startAutoSync } from '../data/auto-sync.ts';
import { LOCATION_QUERY_KEY } from '../data/location.ts';
import { getSession, subscribeSession } from '../data/session.ts';
import { currentDataMode } from '../data/source.ts';
import {
  describeDevice,
  hideSplashScreen,
  isNetworkConnected,
  listenForPush,
  minimizeApp,
  onAppStateChange,
  onBackButton,
  onNetworkChange,
  registerForPush,
  requestPushPermission,
  type PushMessage,
} from '../platform/native.ts';
import {
  SPLASH_HIDE_MS,
  backButtonAction,
  pushBeach,
  pushBeachPath,
  pushConfirmText,
  reloadOnResume,
} from '../platform/shell-rules.ts';
import { queryClient } from './query-client.ts';
import type { DataRouter } from 'react-router';
import type { RouteHandle } from './router.tsx';

type AppRouter = DataRouter;

/**
 * What the app does inside the native shell (spec sections 4, 8 and 9): hides the splash screen,
 * handles the Android back button, reloads after a long time in the background, follows the
 * connection, registers for push after a login and offers to open the beach a notification is
 * about. Started once by the router module, and only inside the shell.
 */
export function startAppShell(router: AppRouter): void {
  const startedAt = Date.now();
  // 4 s from the start of the page load (performance.now()'s origin), not from this code's arrival.
  const splashLeft = Math.max(0, SPLASH_HIDE_MS - performance.now());
  setTimeout(() => void hideSplashScreen().catch(logFailure), splashLeft);

  const onHome = () =>
    (router.state.matches.at(-1)?.route.handle as RouteHandle | undefined)?.name === 'Home';
  const goTo = (path: string) => void router.navigate(path);

  // The app is offline-first: its beach database fills and stays current without a button press
  // (Offline Settings, where Synchronize lives, is only for signed-in users). After the splash.
  startAutoSync(SPLASH_HIDE_MS + 1_000, { warmIndex: true });

  void onBackButton(() => {
    const menu = document.querySelector<HTMLDialogElement>('dialog#mobile-menu[open]');
    const popup = topPopup();
    switch (backButtonAction({ menuOpen: menu !== null, popupOpen: popup !== null, onHome: onHome() })) {
      case 'close-menu':
        menu?.close();
        break;
      case 'close-popup':
        popup?.();
        break;
      case 'minimise':
        void minimizeApp().catch(logFailure);
        break;
      case 'go-home':
        goTo('/');
        break;
    }
  }).catch(logFailure);

  // The app loaded (and so checked for updates) when it started; a reload starts it again.
  void onAppStateChange((isActive) => {
    if (isActive && reloadOnResume(startedAt, Date.now())) window.location.reload();
  }).catch(logFailure);

  void followConnection(() =>
    onHome() ? void queryClient.invalidateQueries({ queryKey: LOCATION_QUERY_KEY }) : goTo('/'),
  ).catch(logFailure);

  void listenForPush({
    onToken: (token) => void saveDevice(token),
    onRegistrationError: pushFailed,
    onReceived: (message) => offerBeach(message, goTo),
    onTapped: (message) => openBeach(message, goTo),
  }).catch(logFailure);

  // Spec section 4: push registration follows a login in the app (login, register or social).
  let signedIn = getSession() !== null;
  subscribeSession(() => {
    const now = getSession() !== null;
    if (now && !signedIn) void registerPush();
    signedIn = now;
  });
}

/** Spec section 4: a connection change reloads Home and sends other pages Home. */
async function followConnection(onChange: () => void): Promise<void> {
  let connected: boolean | null = null;
  const remove = await onNetworkChange((now) => {
    // The system repeats the status when only the kind of connection changes.
    if (now === connected) return;
    connected = now;
    onChange();
  });
  try {
    connected ??= await isNetworkConnected();
  } catch (error) {
    await remove();
    throw error;
  }
}

/** Closes the topmost open popup: a native dialog, else a react-aria popover (as Escape would). */
function topPopup(): (() => void) | null {
  const dialogs = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')];
  const dialog = dialogs.at(-1);
  if (dialog) return () => dialog.close();
  const popover = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].at(-1);
  if (!popover) return null;
  return () => {
    const target = popover.contains(document.activeElement) ? document.activeElement! : popover;
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  };
}

function pushFailed(): void {
  window.alert(ACCOUNT_MESSAGES.pushFailed);
}

async function registerPush(): Promise<void> {
  try {
    if (!(await requestPushPermission())) throw new Error('Notifications are not allowed.');
    await registerForPush();
  } catch (error) {
    logFailure(error);
    pushFailed();
  }
}

/** Spec section 7: createDevice with the push token, the device model and its type. */
async function saveDevice(token: string): Promise<void> {
  if (!getSession()) return;
  try {
    await createDevice({ token, ...(await describeDevice()) });
  } catch (error) {
    logFailure(error);
    pushFailed();
  }
}

function isOffline(): boolean {
  return !navigator.onLine || currentDataMode() === 'offline';
}

/** Spec section 4: a notification that arrives asks "... Go to beach?" and opens it on yes. */
function offerBeach(message: PushMessage, goTo: (path: string) => void): void {
  const beach = pushBeach(message.data);
  if (!beach) {
    const text = [message.title, message.body].filter(Boolean).join('\n');
    if (text) window.alert(text);
    return;
  }
  if (window.confirm(pushConfirmText(message))) goTo(pushBeachPath(beach, isOffline()));
}

/** A tap on a notification in the system tray is already the user's yes. */
function openBeach(message: PushMessage, goTo: (path: string) => void): void {
  const beach = pushBeach(message.data);
  if (beach) goTo(pushBeachPath(beach, isOffline()));
}

function logFailure(error: unknown): void {
  console.error(error);
}
