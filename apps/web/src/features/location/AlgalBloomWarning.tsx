import { WarningIcon } from '../../ui/icons/hazard-icons.tsx';

/**
 * Spec section 4: places in South Australia carry the algal bloom warning. The text is general
 * advice, never a claim about a particular beach (beach pages show inspections where they exist).
 */
export function AlgalBloomWarning() {
  return (
    <aside className="info-banner info-banner--algal" aria-labelledby="algal-warning-title">
      <WarningIcon size={32} />
      <div>
        <h2 id="algal-warning-title" className="info-banner__title">
          Algal bloom warning
        </h2>
        <p>
          Algal blooms have been reported in South Australian waters. Stay out of the water where it is
          discoloured or foamy or where dead marine life has washed up, and follow local advice and signs.
          Beach pages show the latest inspection where one has been recorded.
        </p>
      </div>
    </aside>
  );
}
