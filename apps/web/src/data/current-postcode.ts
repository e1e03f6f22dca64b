/**
 * The postcode of the place the user is looking at (Home's location or a place page), sent as the
 * X-location header on every API call (spec section 7). Remembered for the tab's session so a
 * reload on another page still sends it.
 */
const STORAGE_KEY = 'safeshore.postcode';

let current: string | null = read();

function read(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function getCurrentPostcode(): string | null {
  return current;
}

/** null clears it (a failed location lookup clears the location). */
export function setCurrentPostcode(postcode: string | null): void {
  current = postcode;
  try {
    if (postcode) window.sessionStorage.setItem(STORAGE_KEY, postcode);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Kept in memory for this page only.
  }
}

/**
 * The place page the user opened last (its url), so Home can show that very place when the device
 * gives no position and say so truthfully (issue 30: a postcode alone names the postcode's main
 * place, and Home called it "the place you looked at last"). Cleared when the device gives a position.
 */
const OPENED_PLACE_KEY = 'safeshore.opened-place';

let openedPlace: string | null = readOpenedPlace();

function readOpenedPlace(): string | null {
  try {
    return window.sessionStorage.getItem(OPENED_PLACE_KEY);
  } catch {
    return null;
  }
}

export function getOpenedPlace(): string | null {
  return openedPlace;
}

export function setOpenedPlace(url: string | null): void {
  openedPlace = url;
  try {
    if (url) window.sessionStorage.setItem(OPENED_PLACE_KEY, url);
    else window.sessionStorage.removeItem(OPENED_PLACE_KEY);
  } catch {
    // Kept in memory for this page only.
  }
}

/**
 * Where the user is, when known: the device's position on Home, else the coordinate of the place
 * they opened. Autocomplete sends it (spec section 7: "the client also sends lng and lat") so
 * nearer results rank first; rounded to about 100 m, which is all the ranking needs. Never a
 * default or an address guess: nobody gave those (issue 30).
 */
const POSITION_KEY = 'safeshore.position';

export interface KnownPosition {
  latitude: number;
  longitude: number;
  /** The device's own position: only then is a distance "from you" (a place's is only for ranking). */
  fromDevice: boolean;
}

let position: KnownPosition | null = readPosition();

function readPosition(): KnownPosition | null {
  try {
    const raw = window.sessionStorage.getItem(POSITION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<KnownPosition>;
    return validPosition(parsed.latitude, parsed.longitude, parsed.fromDevice === true);
  } catch {
    return null;
  }
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

function validPosition(latitude: unknown, longitude: unknown, fromDevice: boolean): KnownPosition | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude: round3(latitude), longitude: round3(longitude), fromDevice };
}

export function getKnownPosition(): KnownPosition | null {
  return position;
}

export function setKnownPosition(latitude: number, longitude: number, fromDevice = false): void {
  position = validPosition(latitude, longitude, fromDevice);
  try {
    if (position) window.sessionStorage.setItem(POSITION_KEY, JSON.stringify(position));
    else window.sessionStorage.removeItem(POSITION_KEY);
  } catch {
    // Kept in memory for this page only.
  }
}
