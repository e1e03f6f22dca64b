import { useId, useState } from 'react';
import { useNow } from '../conditions/index.ts';
import {
  BEACH_FILTERS,
  NO_MATCHING_BEACHES,
  filterBeaches,
  knownBeachFilters,
  type BeachFilterKey,
  type ListBeach,
} from '@safeshore/domain';
import { BeachListItem } from './BeachListItem.tsx';

interface BeachFilterRowProps {
  heading: string;
  closest: readonly ListBeach[];
  patrolled: readonly ListBeach[];
}

function BeachColumn({ title, beaches, now }: { title: string; beaches: readonly ListBeach[]; now: Date }) {
  const id = useId();
  return (
    <div className="beach-filter-row__column">
      <h3 id={id}>{title}</h3>
      {beaches.length > 0 ? (
        <ul className="beach-list" aria-labelledby={id}>
          {beaches.map((beach) => (
            <BeachListItem key={beach.id} beach={beach} now={now} />
          ))}
        </ul>
      ) : (
        <p className="muted">{NO_MATCHING_BEACHES}</p>
      )}
    </div>
  );
}

/**
 * The beach filter row (spec section 2): closest and patrolled beaches, at most 6 each, narrowed
 * by "Has toilet", "Has parking" and "Dogs allowed" (a beach passes when its flag is 1). A filter is
 * offered only when some beach in the lists has that fact recorded: filtering on data nobody has
 * would only empty the lists.
 */
export function BeachFilterRow({ heading, closest, patrolled }: BeachFilterRowProps) {
  const [active, setActive] = useState<ReadonlySet<BeachFilterKey>>(new Set());
  // When the lists were rendered: the rows' "on duty until …" is as of then.
  // The rendering time (a server-rendered page's, while hydrating; see useNow).
  const now = useNow(60_000);
  const headingId = useId();
  const known = new Set(knownBeachFilters([...closest, ...patrolled]));
  const filters = BEACH_FILTERS.filter((filter) => known.has(filter.key));
  const applied = [...active].filter((key) => known.has(key));
  const toggle = (key: BeachFilterKey) =>
    setActive((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <section className="card beach-filter-row" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {filters.length > 0 && (
        <fieldset className="beach-filter-row__filters">
          <legend>Show only beaches that</legend>
          {filters.map((filter) => (
            <label key={filter.key} className="filter-chip">
              <input type="checkbox" checked={active.has(filter.key)} onChange={() => toggle(filter.key)} />
              {filter.label}
            </label>
          ))}
        </fieldset>
      )}
      <div className="beach-filter-row__columns">
        <BeachColumn title="Closest" beaches={filterBeaches(closest, applied)} now={now} />
        <BeachColumn title="Patrolled" beaches={filterBeaches(patrolled, applied)} now={now} />
      </div>
      {filters.length > 0 && (
        <p className="beach-filter-row__note muted">
          Facilities are shown only where we know them; a beach without a record is left out when a filter is
          on.
        </p>
      )}
    </section>
  );
}
