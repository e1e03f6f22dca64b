import { ApiError } from '../../data/api.ts';
import { fetchVapidKey, registerSubscription, removeSubscription } from './api.ts';

/**
 * This browser's Web Push subscription (the Push API, through the app's service worker, which
 * shows the notifications: public/push-sw.js). One subscription per browser profile.
 */

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window))
    return 'unsupported';
  if (typeof Notification !== 'undefined' && Notification.permission === 'denied') return 'denied';
  return 'supported';
}

/** The VAPID key (base64url) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const found = await navigator.serviceWorker.getRegistration();
  return found ? found.pushManager.getSubscription() : null;
}

/** Asks permission, subscribes with the server's key and registers the subscription with the API. */
export async function subscribeThisBrowser(): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error('Notifications are blocked for this site in the browser settings.');
  const key = await fetchVapidKey();
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  const wanted = base64UrlToBytes(key);
  const current = subscription?.options.applicationServerKey;
  // Subscribed with another key (the server's keys changed): start again.
  if (subscription && current && !sameBytes(new Uint8Array(current), wanted)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  const subscribe = () => reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted });
  subscription ??= await subscribe();
  try {
    await registerSubscription(subscription.toJSON());
  } catch (error) {
    // 409: another account (signed in here before, never signed out) holds this endpoint, and the
    // server does not hand it over. A new subscription is a new endpoint, which only this browser
    // can make; the old one stops working, and the server forgets it when the push service says so.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    await subscription.unsubscribe();
    subscription = await subscribe();
    await registerSubscription(subscription.toJSON());
  }
  return subscription;
}

export async function unsubscribeThisBrowser(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await removeSubscription(endpoint).catch(() => undefined);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
