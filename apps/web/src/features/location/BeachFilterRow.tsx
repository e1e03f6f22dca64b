import { useId, useState } from 'react';
import {
  BEACH_FILTERS,
  NO_MATCHING_BEACHES,
  filterBeaches,
  type BeachFilterKey,
  type ListBeach,
} from '@safeshore/domain';
import { BeachListItem } from './BeachListItem.tsx';

interface BeachFilterRowProps {
  heading: string;
  closest: readonly ListBeach[];
  patrolled: readonly ListBeach[];
}

function BeachColumn({ title, beaches }: { title: string; beaches: readonly ListBeach[] }) {
  const id = useId();
  return (
    <div className="beach-filter-row__column">
      <h3 id={id}>{title}</h3>
      {beaches.length > 0 ? (
        <ul className="beach-list" aria-labelledby={id}>
          {beaches.map((beach) => (
            <BeachListItem key={beach.id} beach={beach} />
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
 * by "Has toilet", "Has parking" and "Dogs allowed" (a beach passes when its flag is 1).
 */
export function BeachFilterRow({ heading, closest, patrolled }: BeachFilterRowProps) {
  const [active, setActive] = useState<ReadonlySet<BeachFilterKey>>(new Set());
  const headingId = useId();
  const toggle = (key: BeachFilterKey) =>
    setActive((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <section className="card beach-filter-row" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <fieldset className="beach-filter-row__filters">
        <legend>Show only beaches that</legend>
        {BEACH_FILTERS.map((filter) => (
          <label key={filter.key} className="filter-chip">
            <input type="checkbox" checked={active.has(filter.key)} onChange={() => toggle(filter.key)} />
            {filter.label}
          </label>
        ))}
      </fieldset>
      <div className="beach-filter-row__columns">
        <BeachColumn title="Closest" beaches={filterBeaches(closest, active)} />
        <BeachColumn title="Patrolled" beaches={filterBeaches(patrolled, active)} />
      </div>
      <p className="beach-filter-row__note muted">
        Facilities are shown only where we know them; a beach without a record is left out when a filter is
        on.
      </p>
    </section>
  );
}
