import type { BeachSummary, ListBeach } from '@safeshore/domain';

/**
 * A beach as lists and the map show it: the summary, plus today's patrol, the sample flag and the
 * time zone when known. Its one-line status comes from `compactBeachStatus` (packages/domain).
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
    >
  >;
