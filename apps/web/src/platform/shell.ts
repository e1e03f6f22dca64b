/** What the native wrapper injects before any page script runs (Capacitor's native bridge). */
interface InjectedCapacitor {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

function injected(): InjectedCapacitor | undefined {
  // On the server (server rendering) there is no window: never the shell.
  if (typeof window === 'undefined') return undefined;
  return (window as { Capacitor?: InjectedCapacitor }).Capacitor;
}

/**
 * True inside the Capacitor native shell. The wrapper injects window.Capacitor (with its native
 * bridge) into the page before our scripts run, so this needs no Capacitor code in the web bundle.
 */
export function isAppShell(): boolean {
  return Boolean(injected()?.isNativePlatform?.());
}

/** The shell's platform: "android" or "ios"; "web" outside the shell. */
export function shellPlatform(): 'android' | 'ios' | 'web' {
  if (!isAppShell()) return 'web';
  return injected()?.getPlatform?.() === 'ios' ? 'ios' : 'android';
}

/**
 * The path the address bar shows: the hash part inside the shell (hash routing), the pathname on
 * the web (history routing).
 */
export function addressBarPath(): string {
  if (!isAppShell()) return window.location.pathname;
  return window.location.hash.replace(/^#/, '').split(/[?#]/)[0] || '/';
}
