import { lazy, Suspense, useId, useState } from 'react';
import { formatPlaceTime, type Beach, type DataSource, type RadarData } from '@safeshore/domain';
import { ChevronLeftIcon, ChevronRightIcon, PlayIcon, StopIcon } from '../../../ui/icons/index.ts';
import { SourceLine } from '../SourceLine.tsx';
import { prefersReducedMotion, useRadarPlayer } from './useRadarPlayer.ts';

const RadarMap = lazy(() => import('./RadarMap.tsx'));

/**
 * Rain radar (spec section 2): frames play every second and loop; previous and next stop playback
 * and wrap; play/stop toggles; changing the size returns to the first frame and refits the map.
 */
export function RadarViewer({
  radar,
  source,
  beach,
  timeZone,
  now,
}: {
  radar: RadarData;
  source: DataSource | null;
  beach: Pick<Beach, 'latitude' | 'longitude' | 'title'>;
  timeZone: string;
  now: Date;
}) {
  const sizes = radar.sizes.map((s) => s.size);
  const sizeOf = (km: number) => radar.sizes.find((s) => s.size === km);
  const player = useRadarPlayer(sizes, (km) => sizeOf(km)?.images.length ?? 0);
  const [reducedMotion] = useState(prefersReducedMotion);
  const selectId = useId();
  const size = sizeOf(player.size) ?? radar.sizes[0];
  if (!size || size.images.length === 0) {
    return <p className="muted">The rain radar has no images right now.</p>;
  }
  const image = size.images[player.frame]!;
  const frameTime = formatPlaceTime(new Date(image.timestamp * 1000), now, timeZone);

  return (
    <div className="radar">
      <div className="radar__controls">
        <label htmlFor={selectId} className="radar__size">
          Range{' '}
          <select
            id={selectId}
            value={player.size}
            onChange={(event) => player.setSize(Number(event.target.value))}
          >
            {sizes.map((km) => (
              <option key={km} value={km}>
                {km} km
              </option>
            ))}
          </select>
        </label>
        <div className="radar__buttons">
          <button type="button" className="icon-button" onClick={player.previous} aria-label="Previous frame">
            <ChevronLeftIcon size={20} />
          </button>
          <button
            type="button"
            className="button button--secondary radar__toggle"
            onClick={player.toggle}
            data-testid="radar-toggle"
          >
            {player.playing ? (
              <>
                <StopIcon size={18} /> Stop
              </>
            ) : (
              <>
                <PlayIcon size={18} /> Play
              </>
            )}
          </button>
          <button type="button" className="icon-button" onClick={player.next} aria-label="Next frame">
            <ChevronRightIcon size={20} />
          </button>
        </div>
        <p className="radar__frame" data-testid="radar-frame" data-frame={player.frame}>
          Frame {player.frame + 1} of {size.images.length} · {frameTime}
        </p>
      </div>
      <p className="radar__caption">
        {radar.radar.name}: rain around {beach.title}, {size.size} km across. The dot marks the beach.
      </p>
      <Suspense fallback={<div className="radar__map radar__map--loading">Loading the radar map…</div>}>
        <RadarMap
          bounds={size.bounds}
          sizeKey={size.size}
          frames={size.images.map((i) => i.url)}
          frame={player.frame}
          maxNativeZoom={radar.max_zoom}
          attribution={source?.attribution ?? 'Radar'}
          beach={beach}
          reducedMotion={reducedMotion}
        />
      </Suspense>
      {source && <SourceLine source={source} now={now} compact />}
    </div>
  );
}
