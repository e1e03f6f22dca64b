import type { BeachSummary, ListBeach } from '@safeshore/domain';

/**
 * A beach as lists and the map show it: the summary, plus today's patrol, the sample flag, the
 * time zone and the marine warnings when known. Its one-line status comes from `compactBeachStatus` (packages/domain).
 */
export type ShownBeach = BeachSummary &
  Partial<
    Pick<
      ListBeach,
      | 'is_patrolled_today'
      | 'is_sample'
      | 'timezone'
      // The live status the lifesavers set (issue 17).
      | 'status'
      | 'status_reason'
      | 'status_set_at'
      | 'status_expires_at'
      // Marine warnings in force at the beach (issue 16); absent offline.
      | 'marine_warnings'
      // Today's rip outlook level (issue 29); absent offline.
      | 'rip_outlook'
    >
  >;
