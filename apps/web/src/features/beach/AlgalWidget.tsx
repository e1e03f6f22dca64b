import { ALGAL_MESSAGES, coerceMetric, formatPlaceTime } from '@safeshore/domain';

function field(source: unknown, key: string): unknown {
  return source && typeof source === 'object' ? (source as Record<string, unknown>)[key] : undefined;
}

/** Spec section 2 timestamp rule: time only if today, else day, month and time; "No data" if missing. */
export function algalTimestamp(updatedAt: unknown, now: Date, timeZone: string): string {
  if (typeof updatedAt !== 'string' || updatedAt === '') return 'No data';
  const date = new Date(updatedAt);
  if (Number.isNaN(date.getTime())) return 'No data';
  return formatPlaceTime(date, now, timeZone);
}

/**
 * The algal bloom report widget of the beach page (spec section 2), shown only when
 * show_algal_bloom_widget is true and algal_bloom exists.
 */
export function AlgalWidget({
  algalBloom,
  timeZone,
  now = new Date(),
}: {
  algalBloom: unknown;
  timeZone: string;
  now?: Date;
}) {
  const yesNo = (value: unknown) => (coerceMetric(value) ? 'Yes' : 'No');
  return (
    <section className="card algal-widget" aria-labelledby="algal-widget-heading">
      <h2 id="algal-widget-heading">Algal Bloom Report</h2>
      <dl className="facts">
        <div>
          <dt>Beach cleaned</dt>
          <dd>{coerceMetric(field(algalBloom, 'clean_rating')) ? 'Yes' : 'Pending'}</dd>
        </div>
        <div>
          <dt>Abnormal foam</dt>
          <dd>{yesNo(field(algalBloom, 'beach_foam'))}</dd>
        </div>
        <div>
          <dt>Abnormal water colour</dt>
          <dd>{yesNo(field(algalBloom, 'water_discolour'))}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd data-testid="algal-updated">
            {algalTimestamp(field(algalBloom, 'updated_at'), now, timeZone)}
          </dd>
        </div>
      </dl>
      <p className="muted">{ALGAL_MESSAGES.widgetDisclaimer}. Inspections commence at 8am daily.</p>
    </section>
  );
}
