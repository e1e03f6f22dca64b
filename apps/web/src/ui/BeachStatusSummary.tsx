import {
  compactBeachStatus,
  liveStatusPart,
  ripOutlookPart,
  type ListBeachWarnings,
  type LiveStatusFields,
  type RipOutlookSummary,
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
 * caution, danger, unknown, demo), then the rip outlook's compact level (issue 29) when known,
 * outlined as a model's. Presentational and pure: `now` comes from the parent; pass `warnings`
 * only when you have them (omitted or undefined: not shown; null: "not available").
 */
export function BeachStatusSummary({
  beach,
  now,
  warnings,
  rip,
  sayMissingRip = false,
  className,
}: {
  /** With the live status (issue 17) when the row carries it: "Closed — shark sighting" comes first. */
  beach: StatusBeach & LiveStatusFields;
  now: Date;
  /** The warnings (beach page, My Beaches) or a list row's `marine_warnings` summary. */
  warnings?: WarningsInput | ListBeachWarnings | null | undefined;
  /** A row's `rip_outlook` (null: no outlook for the beach; undefined: none in the answer). */
  rip?: RipOutlookSummary | null | undefined;
  /** A card that lists every fact says "No rip outlook" or "not known" instead of nothing. */
  sayMissingRip?: boolean;
  className?: string;
}) {
  const status = { ...compactBeachStatus({ beach, now, warnings }), live: liveStatusPart(beach, now) };
  const parts = (['live', 'patrol', 'warnings', 'hazard'] as const).flatMap((key) => {
    const part: StatusPart | null = status[key];
    return part ? [{ key, part }] : [];
  });
  const ripPart = ripOutlookPart(rip, now, beach.timezone, sayMissingRip);
  return (
    <p className={`status-line${className ? ` ${className}` : ''}`} data-testid="beach-status-summary">
      {parts.map(({ key, part }) => (
        <span key={key} className={`status-part status-part--${part.tone}`} data-status={key}>
          <span className="visually-hidden">{PART_NAMES[key]}: </span>
          {part.text}
        </span>
      ))}
      {ripPart && (
        <span
          className={`status-part status-part--${ripPart.tone}${
            ripPart.level ? ` status-part--model status-part--rip-${ripPart.level}` : ''
          }`}
          data-status="rip"
        >
          {ripPart.text}
          {ripPart.model && <span className="visually-hidden">{ripPart.model}</span>}
        </span>
      )}
    </p>
  );
}
