import type { LatLng } from '@safeshore/domain';

/** Spec section 9: low accuracy, 40 s timeout, a cached position up to 30 minutes old is fine. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 40_000,
  maximumAge: 1_800_000,
};

export type GeolocationFailure = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

export class GeolocationError extends Error {
  readonly reason: GeolocationFailure;
  constructor(reason: GeolocationFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

const REASONS: Record<number, GeolocationFailure> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/**
 * The device's position from the browser. Rejects with a GeolocationError: "no browser support"
 * without the API (spec section 8), else the browser's reason (denied, unavailable, timeout).
 */
export function getCurrentPosition(options: PositionOptions = GEOLOCATION_OPTIONS): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      reject(new GeolocationError('unsupported', 'no browser support'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new GeolocationError(REASONS[error.code] ?? 'unavailable', error.message)),
      options,
    );
  });
}
