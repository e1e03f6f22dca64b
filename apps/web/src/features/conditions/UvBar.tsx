import { uvBarFraction, uvBarLabel, uvColour } from '@safeshore/domain';

/** The UV index on a bar capped at 11, coloured by band, labelled "n/11+". */
export function UvBar({ index, status }: { index: number; status: string }) {
  const colour = uvColour(index);
  return (
    <div className={`uv uv--${colour}`} data-uv-colour={colour}>
      <div className="uv__bar" aria-hidden="true">
        <span style={{ width: `${uvBarFraction(index) * 100}%` }} />
      </div>
      <p className="uv__label">
        <span className="uv__value">{uvBarLabel(index)}</span> <span className="uv__status">{status}</span>
      </p>
    </div>
  );
}
