import type { Beach } from '@safeshore/domain';
import {
  BeachFlagIcon,
  NoPatrolIcon,
  PatrolFlagIcon,
  UnknownPatrolIcon,
  type BeachFlagIconName,
} from '../../ui/icons/index.ts';

/**
 * The spec's flag icon name: "patrolled-{covid_status}" when patrol >= 1, "unpatrolled-{…}" when
 * patrol is 0. Null when either fact is unknown: an unknown patrol must not be drawn as
 * "unpatrolled" (or patrolled).
 */
export function flagIconName(beach: Pick<Beach, 'patrol' | 'covid_status'>): BeachFlagIconName | null {
  if (beach.patrol === null || beach.covid_status === null) return null;
  return `${beach.patrol >= 1 ? 'patrolled' : 'unpatrolled'}-${beach.covid_status}`;
}

const STATUS_COLOUR_NAMES = { red: 'red', amber: 'amber', green: 'green' } as const;

/**
 * Patrol text of the header: what the beach record says about patrols in season, and "not
 * available" when it says nothing. Never a claim about today (the Right now panel says that).
 */
export function patrolText(patrol: number | null): string {
  if (patrol === null) return 'Patrol information not available';
  return patrol >= 1 ? 'A surf life saving club patrols here in season' : 'Not patrolled';
}

/**
 * The header's badges: what the beach record says about patrols in season, with the status flag,
 * the beach status, and a sample-beach label. Today's patrol (on duty now, next patrol, or not
 * known) is said by the Right now panel below, from real rosters only.
 */
export function BeachStatus({ beach }: { beach: Beach }) {
  const flag = flagIconName(beach);
  const patrolled = beach.patrol !== null && beach.patrol >= 1;
  const flagTitle =
    flag && beach.covid_status
      ? `${patrolled ? 'Patrolled' : 'Unpatrolled'} beach flag, status ${STATUS_COLOUR_NAMES[beach.covid_status]}`
      : undefined;
  return (
    <p className="beach__badges" data-testid="beach-badges">
      {/* Neutral for every value: a season fact must not look like "patrolled now". */}
      <span className="badge badge--unknown" data-testid="patrol-badge">
        {flag ? (
          <BeachFlagIcon name={flag} size={18} title={flagTitle} />
        ) : patrolled ? (
          <PatrolFlagIcon size={18} />
        ) : beach.patrol === 0 ? (
          <NoPatrolIcon size={18} />
        ) : (
          <UnknownPatrolIcon size={18} />
        )}{' '}
        {patrolText(beach.patrol)}
      </span>
      {beach.status && (
        <span className={`badge badge--status badge--status-${beach.status.toLowerCase()}`}>
          <span className="visually-hidden">Beach status: </span>
          {beach.status}
        </span>
      )}
      {beach.is_sample && <span className="badge badge--sample">Sample beach</span>}
    </p>
  );
}
