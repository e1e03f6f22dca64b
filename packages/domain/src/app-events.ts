/**
 * Window events the app (or the native shell around it) dispatches to refresh what a page shows
 * (spec sections 4 and 7). `beachReload` reloads any beach page; `beachUpdate` reloads the beach
 * page only when its detail carries that beach's id.
 */
export const BEACH_RELOAD_EVENT = 'beachReload';
export const BEACH_UPDATE_EVENT = 'beachUpdate';

/** The detail of a beachUpdate event; the shell may call the id `id` or `beachId`. */
export interface BeachUpdateDetail {
  id?: number | string;
  beachId?: number | string;
}

/** Whether a beachUpdate event's detail is about this beach (ids compare as numbers). */
export function isUpdateForBeach(detail: unknown, beachId: number): boolean {
  if (!detail || typeof detail !== 'object') return false;
  const { id, beachId: other } = detail as BeachUpdateDetail;
  return [id, other].some((value) => value !== undefined && value !== null && Number(value) === beachId);
}
