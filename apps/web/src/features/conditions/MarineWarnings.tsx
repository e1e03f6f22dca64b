import { warningSeverity, type DataSource, type MarineWarning } from '@safeshore/domain';
import { WarningIcon } from '../../ui/icons/index.ts';
import { formatInstant } from './format.ts';
import { SourceLine } from './SourceLine.tsx';

/**
 * Today's marine warnings with a count badge. `source` null means the warnings could not be fetched:
 * then we say so, and never claim there are none. Most severe first.
 */
export function MarineWarnings({
  warnings,
  source,
  timeZone,
  now,
  headingLevel = 3,
}: {
  warnings: MarineWarning[];
  /** Null: the warnings could not be read (not known). */
  source: DataSource | null;
  timeZone: string;
  now: Date;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const unavailable = source === null;
  const sorted = [...warnings].sort((a, b) => warningSeverity(b) - warningSeverity(a));
  return (
    <section
      id="marine-warnings"
      className="marine-warnings"
      aria-label="Marine warnings"
      data-testid="marine-warnings"
      tabIndex={-1}
    >
      <Heading className="marine-warnings__heading">
        <WarningIcon size={20} /> Marine warnings{' '}
        {!unavailable && (
          <span
            className={`count-badge${warnings.length > 0 ? ' count-badge--alert' : ''}`}
            data-testid="warning-count"
          >
            {warnings.length}
            <span className="visually-hidden"> {warnings.length === 1 ? 'warning' : 'warnings'}</span>
          </span>
        )}
      </Heading>
      {unavailable ? (
        <p className="muted">
          Marine warnings are not available right now. Check the{' '}
          <a href="https://www.bom.gov.au/marine/" target="_blank" rel="noopener noreferrer">
            Bureau of Meteorology<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          before you go out.
        </p>
      ) : warnings.length === 0 ? (
        <p className="muted">No marine warnings issued for this area today.</p>
      ) : (
        <ul className="marine-warnings__list">
          {sorted.map((warning, i) => (
            <li key={i} className="marine-warning">
              {warning.title && <p className="marine-warning__title">{warning.title}</p>}
              <p>{warning.text}</p>
              <p className="marine-warning__meta">
                Issued {formatInstant(warning.issued_at, now, timeZone)}
                {warning.expires_at && ` · until ${formatInstant(warning.expires_at, now, timeZone)}`}
                {warning.link && (
                  <>
                    {' · '}
                    <a href={warning.link} target="_blank" rel="noopener noreferrer">
                      Full warning<span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {source && <SourceLine source={source} now={now} />}
    </section>
  );
}
