import type { PluginListenerHandle } from '@capacitor/core';

/**
 * The only module that talks to Capacitor. Every plugin is imported on first use, so the web
 * bundle carries none of them: only the app shell, which calls these, downloads their code.
 * The plugins' calls go through the native bridge the wrapper injected (window.Capacitor).
 */
// The loaders answer the modules, never the plugins: a plugin is a proxy that forwards every
// property to the native side, `then` included, so a promise must not resolve to one.
const plugins = {
  app: () => import('@capacitor/app'),
  splash: () => import('@capacitor/splash-screen'),
  push: () => import('@capacitor/push-notifications'),
  device: () => import('@capacitor/device'),
  network: () => import('@capacitor/network'),
};

export type RemoveListener = () => Promise<void>;

function remover(handle: PluginListenerHandle): RemoveListener {
  return () => handle.remove();
}

export async function hideSplashScreen(): Promise<void> {
  await (await plugins.splash()).SplashScreen.hide();
}

/** Android: sends the app to the background, as the system back button does on a home screen. */
export async function minimizeApp(): Promise<void> {
  await (await plugins.app()).App.minimizeApp();
}

/** The Android back button; while a listener is registered the system does nothing by itself. */
export async function onBackButton(handler: () => void): Promise<RemoveListener> {
  return remover(await (await plugins.app()).App.addListener('backButton', () => handler()));
}

/** The app comes to the foreground (true) or goes to the background (false). */
export async function onAppStateChange(handler: (isActive: boolean) => void): Promise<RemoveListener> {
  return remover(
    await (await plugins.app()).App.addListener('appStateChange', (state) => handler(state.isActive)),
  );
}

export async function isNetworkConnected(): Promise<boolean> {
  return (await (await plugins.network()).Network.getStatus()).connected;
}

export async function onNetworkChange(handler: (connected: boolean) => void): Promise<RemoveListener> {
  return remover(
    await (
      await plugins.network()
    ).Network.addListener('networkStatusChange', (status) => handler(status.connected)),
  );
}

/** Device model and type as the devices API records them (spec section 3). */
export interface DeviceDescription {
  model: string;
  type: 'Android' | 'iPhone OS';
}

export async function describeDevice(): Promise<DeviceDescription> {
  const info = await (await plugins.device()).Device.getInfo();
  return { model: info.model, type: info.platform === 'ios' ? 'iPhone OS' : 'Android' };
}

/** A push notification as the app uses it: its text and the data it carries. */
export interface PushMessage {
  title: string | null;
  body: string | null;
  data: unknown;
}

/** Asks for permission to show notifications when not yet decided; true when granted. */
export async function requestPushPermission(): Promise<boolean> {
  const push = (await plugins.push()).PushNotifications;
  let { receive } = await push.checkPermissions();
  if (receive === 'prompt' || receive === 'prompt-with-rationale') {
    ({ receive } = await push.requestPermissions());
  }
  return receive === 'granted';
}

/** Registers with the push service; the token (or the error) arrives through the listeners below. */
export async function registerForPush(): Promise<void> {
  await (await plugins.push()).PushNotifications.register();
}

export interface PushHandlers {
  /** The push service's registration token for this device. */
  onToken: (token: string) => void;
  onRegistrationError: (error: string) => void;
  /** A notification arrived while the app was open. */
  onReceived: (message: PushMessage) => void;
  /** The user tapped a notification in the system tray. */
  onTapped: (message: PushMessage) => void;
}

export async function listenForPush(handlers: PushHandlers): Promise<RemoveListener> {
  const push = (await plugins.push()).PushNotifications;
  const message = (notification: { title?: string; body?: string; data?: unknown }): PushMessage => ({
    title: notification.title ?? null,
    body: notification.body ?? null,
    data: notification.data ?? null,
  });
  const handles = await Promise.all([
    push.addListener('registration', (token) => handlers.onToken(token.value)),
    push.addListener('registrationError', (error) => handlers.onRegistrationError(error.error)),
    push.addListener('pushNotificationReceived', (notification) =>
      handlers.onReceived(message(notification)),
    ),
    push.addListener('pushNotificationActionPerformed', (action) =>
      handlers.onTapped(message(action.notification)),
    ),
  ]);
  return async () => {
    await Promise.all(handles.map((handle) => handle.remove()));
  };
}
