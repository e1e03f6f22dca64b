import { sourceLabel, type DataSource } from '@safeshore/domain';

const URL_IN_TEXT = /(https?:\/\/[^\s,;)]+[^\s,;).])/g;

/**
 * An attribution as a line of text, with any address in it turned into a short link
 * ("doi.org/10.17882/109129") instead of a raw URL.
 */
function Attribution({ text }: { text: string }) {
  const parts = text.split(URL_IN_TEXT);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noopener noreferrer">
            {part.replace(/^https?:\/\/(www\.)?/, '')}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A source's credit: the attribution, linked to the source when it names no address itself. */
export function SourceCredit({ source }: { source: Pick<DataSource, 'attribution' | 'url'> }) {
  return source.url && !/https?:\/\//.test(source.attribution) ? (
    <a href={source.url} target="_blank" rel="noopener noreferrer">
      {source.attribution}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <Attribution text={source.attribution} />
  );
}

/**
 * Where a figure came from and how old it is: "Open-Meteo forecast · updated 12 min ago", the
 * provider's attribution, and an "Out of date" mark when the data is older than its freshness window
 * (served from the cache because the provider could not be reached). A computed prediction (tides)
 * says "predicted" instead of an age: it is not an observation that gets old.
 */
export function SourceLine({
  source,
  now,
  compact = false,
  predicted = false,
}: {
  source: DataSource;
  now: Date;
  /** Leave out the attribution. */
  compact?: boolean;
  predicted?: boolean;
}) {
  return (
    <p className={`source-line${source.stale ? ' source-line--stale' : ''}`} data-testid="source-line">
      <span>{predicted ? `${source.name} · predicted, not measured` : sourceLabel(source, now)}</span>
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
          <SourceCredit source={source} />
        </span>
      )}
    </p>
  );
}
