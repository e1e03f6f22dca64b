/**
 * What a guest was doing when a signed-in action sent them to Login (issue 16): the page to come
 * back to and, for Favourite, the beach to follow once signed in. It travels in Login's and
 * Register's query string (`?next=/beach/…&follow=123`) and, for the full-page Apple sign-in round
 * trip, in sessionStorage. Every value is checked before use: `next` must be a path of this site
 * (never another origin, so Login cannot be made into an open redirect) and `follow` a beach id.
 */
export interface SignInIntent {
  /** A same-origin path (with its query string), e.g. "/beach/nsw/waverley/bondi-beach/bondi-beach". */
  next: string;
  /** The beach to follow after signing in, or null. */
  follow: number | null;
}

const STORAGE_KEY = 'safeshore.sign-in-intent';
/** Longest path accepted (beach paths are far shorter). */
const MAX_PATH_LENGTH = 512;
/** Paths that must never be the way back: they would sign the user out again or loop. */
const EXCLUDED = /^\/(login|register|logout|reset)(\/|$|\?)/;

/**
 * `value` when it is a path on this site, else null: it starts with one "/" (not "//" or "/\",
 * which browsers read as another host), has no control characters, resolves to this origin, and is
 * not an account page.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_PATH_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  const path = `${url.pathname}${url.search}`;
  return EXCLUDED.test(path) ? null : path;
}

/** A positive beach id, or null. */
export function safeBeachId(value: string | number | null | undefined): number | null {
  const text = typeof value === 'number' ? String(value) : (value ?? '');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** The intent a Login or Register address carries, or null when it has none that is valid. */
export function intentFromSearch(search: URLSearchParams): SignInIntent | null {
  const next = safeReturnPath(search.get('next'));
  if (!next) return null;
  return { next, follow: safeBeachId(search.get('follow')) };
}

/** The query string that carries an intent to Login or Register ("" for none). */
export function intentSearch(intent: SignInIntent | null): string {
  if (!intent) return '';
  const params = new URLSearchParams({ next: intent.next });
  if (intent.follow !== null) params.set('follow', String(intent.follow));
  return `?${params.toString()}`;
}

/** Kept across the Apple sign-in round trip (same tab only). */
export function storeIntent(intent: SignInIntent | null): void {
  try {
    if (intent) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(intent));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the user lands on Home after social sign-in.
  }
}

/** The stored intent, checked again (storage is as untrusted as the address bar), and forgotten. */
export function takeStoredIntent(): SignInIntent | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(STORAGE_KEY);
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { next?: unknown; follow?: unknown };
    const next = safeReturnPath(typeof parsed.next === 'string' ? parsed.next : null);
    if (!next) return null;
    const follow =
      typeof parsed.follow === 'number' || typeof parsed.follow === 'string'
        ? safeBeachId(parsed.follow)
        : null;
    return { next, follow };
  } catch {
    return null;
  }
}
