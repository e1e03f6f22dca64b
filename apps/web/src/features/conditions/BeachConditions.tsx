import { useState, useSyncExternalStore } from 'react';
import { localNowValue, type Beach, type WeatherResponse } from '@safeshore/domain';
import { ConditionsTabs } from './ConditionsTabs.tsx';
import { MarineWarnings } from './MarineWarnings.tsx';
import { RadarViewer } from './radar/RadarViewer.tsx';
import { RipOutlookSection } from './RipOutlookSection.tsx';
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
type TabId = (typeof TABS)[number]['id'];

/**
 * The beach's conditions (spec section 2): Weather, Swell, Wind, Tide, UV and Radar tabs (Radar hidden
 * offline), the rip-current outlook (issue 29) and today's marine warnings with a count badge. Every figure names its source and age. If
 * the weather cannot be loaded, only this card says so (with a retry); the rest of the page is unaffected.
 */
export function BeachConditions({ beach }: { beach: Beach }) {
  const query = useBeachWeather(beach.id);
  const hydrating = useSyncExternalStore(subscribeNothing, notHydrating, hydratingOrServer);
  // The server never has the weather (it does not wait on the providers), so it renders the card as
  // loading; while React hydrates the card, whenever that is (the card is a deferred section and the
  // weather may have answered by then), it renders the same, then re-renders at once with the query.
  const { data, error, isFetching, refetch, online } = hydrating
    ? { ...query, data: undefined, error: null, online: true }
    : query;
  const now = useNow();
  const [tab, setTab] = useState<TabId>('weather');
  const selected = !online && tab === 'radar' ? 'weather' : tab;
  // Issue 29: its own request, shown whatever the weather did (offline, the last one kept here).
  const rip = <RipOutlookSection beach={beach} now={now} hydrating={hydrating} />;

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
    body = (
      <>
        {missing.length > 0 && (
          <p className="muted" data-testid="conditions-unavailable">
            {unavailableLine(missing.map((t) => t.label))}
          </p>
        )}
        {current && (
          <ConditionsTabs
            label="Conditions"
            tabs={shown}
            selected={current}
            onSelect={setTab}
            className="conditions__tabs"
          >
            {current === 'weather' && <WeatherTab {...props} />}
            {current === 'swell' && <SwellTab {...props} />}
            {current === 'wind' && <WindTab {...props} />}
            {current === 'tide' && <TideTab {...props} />}
            {current === 'uv' && <UvTab {...props} />}
            {current === 'radar' &&
              (data.radar ? (
                <RadarViewer
                  radar={data.radar}
                  source={data.sources.radar}
                  beach={beach}
                  timeZone={data.timezone}
                  now={now}
                />
              ) : (
                <Unavailable what="The rain radar" source={data.sources.radar} now={now} />
              ))}
          </ConditionsTabs>
        )}
        <MarineWarnings
          warnings={data.todays_marine_warnings}
          source={data.sources.warnings}
          timeZone={data.timezone}
          now={now}
        />
        {/* The Bureau's warnings before our model's outlook (and before its source links). */}
        {rip}
      </>
    );
  } else if (!online) {
    body = (
      <>
        <p className="muted">Go online to see the weather, swell, wind, tide and UV for this beach.</p>
        {rip}
      </>
    );
  } else if (error) {
    body = (
      <>
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
        {rip}
      </>
    );
  } else {
    body = (
      <>
        <ConditionsLoading />
        {rip}
      </>
    );
  }

  return (
    <section className="card conditions" aria-labelledby="conditions-heading" data-testid="beach-conditions">
      <h2 id="conditions-heading">Conditions</h2>
      {body}
    </section>
  );
}

/** Server rendering and hydration read true (the server's snapshot), a rendered page false. */
const subscribeNothing = () => () => undefined;
const notHydrating = () => false;
const hydratingOrServer = () => true;

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
