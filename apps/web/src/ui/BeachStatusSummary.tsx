import {
  compactBeachStatus,
  liveStatusPart,
  type ListBeachWarnings,
  type LiveStatusFields,
  type StatusBeach,
  type StatusPart,
  type WarningsInput,
} from '@safeshore/domain';

const PART_NAMES = {
  live: 'Beach status',
  patrol: 'Patrol',
  warnings: 'Marine warnings',
  hazard: 'Hazard rating',
} as const;

/**
 * One line of a beach's status: patrol now · marine warnings · hazard rating, each toned (ok,
 * caution, danger, unknown, demo). Presentational and pure: `now` comes from the parent; pass
 * `warnings` only when you have them (omitted or undefined: not shown; null: "not available").
 */
export function BeachStatusSummary({
  beach,
  now,
  warnings,
  className,
}: {
  /** With the live status (issue 17) when the row carries it: "Closed — shark sighting" comes first. */
  beach: StatusBeach & LiveStatusFields;
  now: Date;
  /** The warnings (beach page, My Beaches) or a list row's `marine_warnings` summary. */
  warnings?: WarningsInput | ListBeachWarnings | null | undefined;
  className?: string;
}) {
  const status = { ...compactBeachStatus({ beach, now, warnings }), live: liveStatusPart(beach, now) };
  const parts = (['live', 'patrol', 'warnings', 'hazard'] as const).flatMap((key) => {
    const part: StatusPart | null = status[key];
    return part ? [{ key, part }] : [];
  });
  return (
    <p className={`status-line${className ? ` ${className}` : ''}`} data-testid="beach-status-summary">
      {parts.map(({ key, part }) => (
        <span key={key} className={`status-part status-part--${part.tone}`} data-status={key}>
          <span className="visually-hidden">{PART_NAMES[key]}: </span>
          {part.text}
        </span>
      ))}
    </p>
  );
}
