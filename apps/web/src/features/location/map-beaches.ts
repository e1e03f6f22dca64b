import type { ListBeach, LocationResponse } from '@safeshore/domain';

/** The beaches of a location answer, once each (a patrolled beach is often also among the closest). */
export function mapBeaches(
  location: Pick<LocationResponse, 'closestBeaches' | 'patrolledBeaches'>,
): ListBeach[] {
  const seen = new Map<number, ListBeach>();
  for (const beach of [...location.closestBeaches, ...location.patrolledBeaches]) {
    if (!seen.has(beach.id)) seen.set(beach.id, beach);
  }
  return [...seen.values()];
}
