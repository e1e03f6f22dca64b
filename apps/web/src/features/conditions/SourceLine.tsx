import { sourceLabel, type DataSource } from '@safeshore/domain';

/**
 * Where a figure came from and how old it is: "Open-Meteo forecast · updated 12 min ago", the
 * provider's attribution, and an "Out of date" mark when the data is older than its freshness window
 * (served from the cache because the provider could not be reached).
 */
export function SourceLine({
  source,
  now,
  compact = false,
}: {
  source: DataSource;
  now: Date;
  /** Leave out the attribution (the header summary; the tabs carry it). */
  compact?: boolean;
}) {
  return (
    <p className={`source-line${source.stale ? ' source-line--stale' : ''}`} data-testid="source-line">
      <span>{sourceLabel(source, now)}</span>
      {source.stale && (
        <span
          className="stale-badge"
          title="The provider could not be reached; these are the last figures we have."
        >
          Out of date
        </span>
      )}
      {!compact && source.attribution && (
        <span className="source-line__attribution">
          {source.url ? (
            <a href={source.url} target="_blank" rel="noopener noreferrer">
              {source.attribution}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            source.attribution
          )}
        </span>
      )}
    </p>
  );
}
