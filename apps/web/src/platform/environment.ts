import { isAppShell } from './shell.ts';

/**
 * The app shell's hidden environment switcher (spec sections 2 and 3): an environment option is the
 * API's base address (`key`) and a name. The addresses are build settings: Production is
 * VITE_API_BASE_PRODUCTION, else VITE_API_BASE, else the app's own origin; Staging is
 * VITE_API_BASE_STAGING (a build without it offers Staging as not configured). The choice is
 * remembered on the device and applies only inside the shell; the web always uses Production.
 */
export type EnvironmentName = 'Production' | 'Staging';

export interface EnvironmentOption {
  name: EnvironmentName;
  /** The API's base address ('' = the app's own origin); null when this build has none. */
  key: string | null;
}

export type BuildSettings = Partial<
  Record<'VITE_API_BASE' | 'VITE_API_BASE_PRODUCTION' | 'VITE_API_BASE_STAGING', unknown>
>;

export const ENVIRONMENT_STORAGE_KEY = 'safeshore.environment';

const BUILD_SETTINGS = import.meta.env as BuildSettings;

/** A base address as configured: trimmed, without a trailing slash; null when unset or blank. */
function baseAddress(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  return value.trim().replace(/\/+$/, '');
}

export function environmentOptions(settings: BuildSettings = BUILD_SETTINGS): EnvironmentOption[] {
  const production =
    baseAddress(settings.VITE_API_BASE_PRODUCTION) ?? baseAddress(settings.VITE_API_BASE) ?? '';
  return [
    { name: 'Production', key: production },
    { name: 'Staging', key: baseAddress(settings.VITE_API_BASE_STAGING) },
  ];
}

function storedKey(): string | null {
  try {
    return window.localStorage.getItem(ENVIRONMENT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The environment in use: the remembered choice inside the shell when this build still offers it
 * (a choice from another build falls back to Production), else Production.
 */
export function currentEnvironment(
  settings: BuildSettings = BUILD_SETTINGS,
  inShell: boolean = isAppShell(),
): EnvironmentOption {
  const options = environmentOptions(settings);
  const chosen = inShell ? storedKey() : null;
  return options.find((option) => option.key !== null && option.key === chosen) ?? options[0]!;
}

/** Where API calls go: the current environment's base address ('' = same origin). */
export function apiBase(): string {
  return currentEnvironment().key ?? '';
}

/** Remembers the choice and reloads, so every call and cached answer starts again from the new API. */
export function chooseEnvironment(option: EnvironmentOption): void {
  if (option.key === null) return;
  try {
    window.localStorage.setItem(ENVIRONMENT_STORAGE_KEY, option.key);
  } catch {
    // Without storage the choice cannot survive the reload, so there is nothing to reload for.
    return;
  }
  window.location.reload();
}
