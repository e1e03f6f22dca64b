import { beachPagePath } from '@safeshore/domain';

/** Spec section 9: the splash screen hides 4 s after the app starts. */
export const SPLASH_HIDE_MS = 4_000;
/** Spec section 9: back in the foreground after more than 12 hours, the app reloads. */
export const BACKGROUND_RELOAD_MS = 43_200_000;

export type BackButtonAction = 'close-menu' | 'close-popup' | 'minimise' | 'go-home';

/**
 * Spec section 4, the Android back button: it closes the menu; else closes popups; else on Home
 * minimises the app; else goes Home.
 */
export function backButtonAction(state: {
  menuOpen: boolean;
  popupOpen: boolean;
  onHome: boolean;
}): BackButtonAction {
  if (state.menuOpen) return 'close-menu';
  if (state.popupOpen) return 'close-popup';
  return state.onHome ? 'minimise' : 'go-home';
}

/** Whether returning to the foreground reloads the app (more than 12 hours since the last check). */
export function reloadOnResume(lastUpdateCheck: number, now: number): boolean {
  return now - lastUpdateCheck > BACKGROUND_RELOAD_MS;
}

/**
 * The beach a push notification is about. Our notifications carry it in their data as
 * `{ beach_id: 123, beach_url: "/nsw/waverley/bondi-beach/bondi-beach" }` (the beach's id and its
 * url, as the beach API gives them; the id may arrive as a string, as FCM data values do).
 */
export interface PushBeach {
  id: number | null;
  url: string | null;
}

export function pushBeach(data: unknown): PushBeach | null {
  if (!data || typeof data !== 'object') return null;
  const { beach_id: rawId, beach_url: rawUrl } = data as { beach_id?: unknown; beach_url?: unknown };
  const idText = typeof rawId === 'number' ? String(rawId) : typeof rawId === 'string' ? rawId.trim() : '';
  const id = /^\d{1,9}$/.test(idText) && Number(idText) > 0 ? Number(idText) : null;
  const path = typeof rawUrl === 'string' ? rawUrl.trim().replace(/^\/+/, '').replace(/\/+$/, '') : '';
  // A beach url is state/area/location/beach; anything else cannot be a beach page.
  const url = /^[^/?#\s]+(\/[^/?#\s]+){3}$/.test(path) ? `/${path}` : null;
  return id === null && url === null ? null : { id, url };
}

/**
 * Where "Go to beach" leads (spec section 4): offline, the offline beach route by id; online,
 * /beach plus the beach url. When the notification lacks the preferred reference the other one
 * still finds the beach (online by id; offline by url when no id came, which needs the network).
 */
export function pushBeachPath(beach: PushBeach, offline: boolean): string {
  if (offline && beach.id !== null) return `/beach/${beach.id}`;
  if (beach.url !== null) return beachPagePath(beach.url);
  return `/beach/${beach.id}`;
}

/** Spec section 4: the notification's title and body, then "... Go to beach?". */
export function pushConfirmText(message: { title: string | null; body: string | null }): string {
  const text = [message.title, message.body]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join('\n');
  return text ? `${text} ... Go to beach?` : 'Go to beach?';
}
