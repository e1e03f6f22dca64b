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
