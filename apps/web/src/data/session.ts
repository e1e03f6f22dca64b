import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { UserSchema, type User } from '@safeshore/domain';

/**
 * The signed-in session (spec section 4): a guest has no token; login, register and social sign-in
 * store the user and the token; logout, account deletion and any 401/419 clear them. It is kept in
 * localStorage so it survives reloads, and other tabs follow it through the storage event.
 */
const STORAGE_KEY = 'safeshore.session';

const SessionSchema = z.object({ token: z.string().check(z.minLength(1)), user: UserSchema });
export type Session = z.infer<typeof SessionSchema>;

function readStored(): Session | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = z.safeParse(SessionSchema, JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

let current: Session | null = readStored();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function store(session: Session | null): void {
  current = session;
  try {
    if (session) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): the session lasts for this visit only.
  }
  emit();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session): void {
  store(session);
}

/** After a profile update: same token, new user details. */
export function updateSessionUser(user: User): void {
  if (current) store({ ...current, user });
}

export function clearSession(): void {
  if (current) store(null);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Not on the server (server rendering imports this module too).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    current = readStored();
    emit();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
