export type MetricKind = 'water_discolour' | 'beach_foam' | 'clean_rating';

/**
 * Spec section 2 badge colours: water colour and foam, yes is red and no is green; cleaned, yes is
 * green and Pending is red; unknown (unset) is grey with N/A.
 */
export function metricBadge(kind: MetricKind, value: boolean | null): { label: string; tone: string } {
  if (value === null) return { label: 'N/A', tone: 'grey' };
  if (kind === 'clean_rating')
    return value ? { label: 'Yes', tone: 'green' } : { label: 'Pending', tone: 'red' };
  return value ? { label: 'Yes', tone: 'red' } : { label: 'No', tone: 'green' };
}

export function MetricBadge({ kind, value }: { kind: MetricKind; value: boolean | null }) {
  const { label, tone } = metricBadge(kind, value);
  return (
    <span className={`badge metric-badge metric-badge--${tone}`} data-tone={tone}>
      {label}
    </span>
  );
}
