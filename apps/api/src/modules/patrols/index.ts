import type { Database } from '../../db/schema.ts';
import { createPatrolsRepository } from './patrols.repository.ts';
import { createPatrolsService, type PatrolsService } from './patrols.service.ts';

export { patrolsRoutes } from './patrols.routes.ts';
export { createPatrolsService, type PatrolFacts, type PatrolsService } from './patrols.service.ts';
export { createPatrolsRepository } from './patrols.repository.ts';

/** The patrols service on a database (the clock decides "today" at each beach; tests move it). */
export function createPatrols(db: Database, clock?: () => Date): PatrolsService {
  return createPatrolsService(createPatrolsRepository(db), clock);
}

/**
 * is_patrolled_today of many beaches at `now`, each on its own calendar day in its own zone (for
 * the location lists and the map). A beach absent from the map has no known schedule: show null.
 */
export function patrolledToday(db: Database) {
  const service = createPatrols(db);
  return (beachIds: number[], now: Date) => service.patrolledToday(beachIds, now);
}
