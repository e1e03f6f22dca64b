import { useSyncExternalStore } from 'react';
import type { DataSource, WeatherResponse } from '@safeshore/domain';
import { SourceCredit } from './SourceLine.tsx';
import { useBeachWeather } from './useBeachWeather.ts';

/** What each conditions source gives the page, in a beachgoer's words. */
const WHAT: Record<keyof WeatherResponse['sources'], string> = {
  forecast: 'Weather, wind and UV',
  marine: 'Swell and water temperature',
  tides: 'Tide times',
  radar: 'Rain radar',
  warnings: 'Marine warnings',
};

/**
 * Where the beach page's conditions come from, beside the beach data's own source at the foot of
 * the page (issue 30): one plain line per source, and the credits the providers' licences ask for
 * (long texts with addresses) behind a "Credits and licences" disclosure, not in the middle of the
 * conditions card. Nothing until the weather has loaded (the card says what is missing).
 */
export function ConditionsSources({ beachId }: { beachId: number }) {
  const { data } = useBeachWeather(beachId);
  // As the card (BeachConditions): the server renders no weather, so neither does hydration.
  const hydrating = useSyncExternalStore(subscribeNothing, notHydrating, hydratingOrServer);
  if (!data || hydrating) return null;
  const sources = (Object.keys(WHAT) as (keyof typeof WHAT)[])
    .map((key) => [key, data.sources[key]] as const)
    .filter((entry): entry is readonly [keyof typeof WHAT, DataSource] => entry[1] !== null);
  if (sources.length === 0) return null;
  const station = data.tide_station;
  const credits = [...new Map(sources.map(([, source]) => [source.attribution, source])).values()].filter(
    (source) => source.attribution,
  );
  return (
    <div className="conditions-sources" data-testid="conditions-sources">
      <p>
        Conditions:{' '}
        {sources
          .map(([key, source]) =>
            key === 'tides'
              ? `${WHAT[key]} predicted${station ? ` for ${station.name}` : ''} by ${source.name}`
              : `${WHAT[key]} from ${source.name}`,
          )
          .join('; ')}
        .
      </p>
      {credits.length > 0 && (
        <details className="conditions-sources__credits">
          <summary>Credits and licences</summary>
          <ul>
            {credits.map((source) => (
              <li key={source.attribution}>
                <SourceCredit source={source} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

const subscribeNothing = () => () => undefined;
const notHydrating = () => false;
const hydratingOrServer = () => true;
