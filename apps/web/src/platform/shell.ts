/** True inside the Capacitor native shell (the wrapper injects window.Capacitor). */
export function isAppShell(): boolean {
  const capacitor = (window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return Boolean(capacitor?.isNativePlatform?.());
}
