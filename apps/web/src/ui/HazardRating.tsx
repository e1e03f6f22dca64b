import { hazardDisplay } from '@safeshore/domain';

/** General Hazard Rating as x/10 with the spec's band, or "Not rated" when there is no rating. */
export function HazardRating({ hazard }: { hazard: number | null }) {
  const display = hazardDisplay(hazard);
  if (!display.rated) {
    return (
      <div className="hazard hazard--unrated">
        <p className="hazard__score">{display.text}</p>
        <p className="hazard__note">
          We have no hazard rating for this beach. Conditions change quickly: swim only between the red and
          yellow flags.
        </p>
      </div>
    );
  }
  const level = hazard === null ? 0 : Math.min(10, Math.max(0, hazard));
  return (
    <div className="hazard">
      <p className="hazard__score">
        <span className="hazard__value">{display.score}</span>
        {display.band && <span className="hazard__band"> {display.band}</span>}
      </p>
      <div className="hazard__bar" aria-hidden="true">
        <span style={{ width: `${level * 10}%` }} />
      </div>
    </div>
  );
}
