import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { localNowValue, type Beach, type WeatherResponse } from '@safeshore/domain';
import { MarineWarnings } from './MarineWarnings.tsx';
import { RadarViewer } from './radar/RadarViewer.tsx';
import { SwellTab } from './tabs/SwellTab.tsx';
import { TideTab } from './tabs/TideTab.tsx';
import { UvTab } from './tabs/UvTab.tsx';
import { Unavailable } from './tabs/TabFrame.tsx';
import { WeatherTab } from './tabs/WeatherTab.tsx';
import { WindTab } from './tabs/WindTab.tsx';
import { useBeachWeather } from './useBeachWeather.ts';
import { useNow } from './useNow.ts';

const TABS = [
  { id: 'weather', label: 'Weather' },
  { id: 'swell', label: 'Swell' },
  { id: 'wind', label: 'Wind' },
  { id: 'tide', label: 'Tide' },
  { id: 'uv', label: 'UV' },
  { id: 'radar', label: 'Radar' },
] as const;

/**
 * The beach's conditions (spec section 2): Weather, Swell, Wind, Tide, UV and Radar tabs (Radar hidden
 * offline) and today's marine warnings with a count badge. Every figure names its source and age. If
 * the weather cannot be loaded, only this card says so (with a retry); the rest of the page is unaffected.
 */
export function BeachConditions({ beach }: { beach: Beach }) {
  const { data, error, isFetching, refetch, online } = useBeachWeather(beach.id);
  const now = useNow();
  const [tab, setTab] = useState<Key>('weather');
  const selected = !online && tab === 'radar' ? 'weather' : tab;

  let body;
  if (data) {
    const nowValue = localNowValue(now, data.timezone);
    const props = { weather: data, now, nowValue };
    // A tab whose provider failed with nothing cached is left out; one line says what is missing.
    const shown = TABS.filter((t) => (online || t.id !== 'radar') && data.sources[TAB_SOURCE[t.id]] !== null);
    const missing = TABS.filter(
      (t) => (online || t.id !== 'radar') && data.sources[TAB_SOURCE[t.id]] === null,
    );
    const current = shown.some((t) => t.id === selected) ? selected : shown[0]?.id;
    const has = (id: (typeof TABS)[number]['id']) => shown.some((t) => t.id === id);
    body = (
      <>
        {missing.length > 0 && (
          <p className="muted" data-testid="conditions-unavailable">
            {unavailableLine(missing.map((t) => t.label))}
          </p>
        )}
        {current && (
          <Tabs selectedKey={current} onSelectionChange={setTab} className="conditions__tabs">
            <TabList aria-label="Conditions" className="tabs">
              {shown.map((t) => (
                <Tab key={t.id} id={t.id} className="tabs__tab">
                  {t.label}
                </Tab>
              ))}
            </TabList>
            {has('weather') && (
              <TabPanel id="weather" className="tab-panel">
                <WeatherTab {...props} />
              </TabPanel>
            )}
            {has('swell') && (
              <TabPanel id="swell" className="tab-panel">
                <SwellTab {...props} />
              </TabPanel>
            )}
            {has('wind') && (
              <TabPanel id="wind" className="tab-panel">
                <WindTab {...props} />
              </TabPanel>
            )}
            {has('tide') && (
              <TabPanel id="tide" className="tab-panel">
                <TideTab {...props} />
              </TabPanel>
            )}
            {has('uv') && (
              <TabPanel id="uv" className="tab-panel">
                <UvTab {...props} />
              </TabPanel>
            )}
            {has('radar') && (
              <TabPanel id="radar" className="tab-panel">
                {data.radar ? (
                  <RadarViewer
                    radar={data.radar}
                    source={data.sources.radar}
                    beach={beach}
                    timeZone={data.timezone}
                    now={now}
                  />
                ) : (
                  <Unavailable what="The rain radar" source={data.sources.radar} now={now} />
                )}
              </TabPanel>
            )}
          </Tabs>
        )}
        <MarineWarnings
          warnings={data.todays_marine_warnings}
          source={data.sources.warnings}
          timeZone={data.timezone}
          now={now}
        />
      </>
    );
  } else if (!online) {
    body = <p className="muted">Go online to see the weather, swell, wind, tide and UV for this beach.</p>;
  } else if (error) {
    body = (
      <div className="conditions__error">
        <p className="muted">Conditions are not available right now.</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void refetch()}
          disabled={isFetching}
        >
          Try again
        </button>
      </div>
    );
  } else {
    body = <ConditionsLoading />;
  }

  return (
    <section className="card conditions" aria-labelledby="conditions-heading" data-testid="beach-conditions">
      <h2 id="conditions-heading">Conditions</h2>
      {body}
    </section>
  );
}

/** The provider behind each tab (its source line). */
const TAB_SOURCE = {
  weather: 'forecast',
  swell: 'marine',
  wind: 'forecast',
  tide: 'tides',
  uv: 'forecast',
  radar: 'radar',
} as const satisfies Record<(typeof TABS)[number]['id'], keyof WeatherResponse['sources']>;

/** "Weather, wind and UV are not available right now." (the tabs' labels, in a sentence). */
export function unavailableLine(labels: readonly string[]): string {
  const words = labels.map((label) => (label === 'UV' ? label : label.toLowerCase()));
  const list = words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `${list.charAt(0).toUpperCase()}${list.slice(1)} ${words.length === 1 ? 'is' : 'are'} not available right now.`;
}

export function ConditionsLoading() {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading conditions…
    </p>
  );
}
