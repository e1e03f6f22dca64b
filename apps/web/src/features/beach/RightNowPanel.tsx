import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  RIP_TEXT,
  STANDING_ADVICE,
  formatPlaceTime,
  livePatrolNow,
  livePatrolText,
  liveStatusNow,
  sourceDetail,
  summariseRightNow,
  tideArrow,
  warningSeverity,
  type Beach,
  type ConditionNow,
  type PatrolsResponse,
  type RipOutlook,
  type WeatherResponse,
  type WeatherState,
} from '@safeshore/domain';
import {
  DangerousSurfIcon,
  DirectionArrowIcon,
  PatrolFlagIcon,
  RipCurrentIcon,
  ThermometerIcon,
  UvIcon,
  WarningIcon,
  WaterTemperatureIcon,
  WaveIcon,
  WindyIcon,
} from '../../ui/icons/index.ts';

export interface RightNowPanelProps {
  beach: Pick<Beach, 'patrol' | 'hazard' | 'timezone' | 'is_patrolled_today' | 'source'> &
    Partial<
      Pick<
        Beach,
        | 'status'
        | 'status_reason'
        | 'status_message'
        | 'status_set_at'
        | 'status_expires_at'
        | 'status_set_by'
        | 'patrol_set_at'
        | 'patrol_set_by'
      >
    >;
  /** The beach's weather answer, when it has arrived. */
  weather: WeatherResponse | null;
  weatherState: WeatherState;
  /** Today's patrols answer, when it has arrived (adds the next patrol and the roster's source). */
  patrols?: PatrolsResponse | null;
  /** The rip outlook (issue 29), when it has arrived or was kept on this device. */
  ripOutlook?: RipOutlook | null;
  now: Date;
  /** Where the full marine warnings are on the page. */
  warningsHref?: string;
  /** Extra status items (each an <li>) after the hazard rating, e.g. water quality (issue 19). */
  extraItems?: ReactNode;
}

const BOM_WARNINGS_URL = 'https://www.bom.gov.au/marine/';

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function conditionIcon(item: ConditionNow, weather: WeatherResponse | null): ReactNode {
  switch (item.key) {
    case 'weather':
      return <ThermometerIcon size={20} />;
    case 'wind':
      return <WindyIcon size={20} />;
    case 'swell':
      return <WaveIcon size={20} />;
    case 'water':
      return <WaterTemperatureIcon size={20} />;
    case 'uv':
      return <UvIcon size={20} />;
    case 'tide':
      // The same arrow as the Tide tab: down while low or falling.
      return (
        <DirectionArrowIcon
          size={20}
          degrees={
            weather?.current.currentTide && tideArrow(weather.current.currentTide.state) === 'down' ? 180 : 0
          }
        />
      );
  }
}

/**
 * "Right now" at the top of a beach page (issue 16): patrol status at this moment, marine warnings
 * in force, the rip outlook when today's is moderate or high (issue 29), the hazard rating, and the current weather, wind, swell, water, UV and tide, each saying
 * where it came from and how old it is. Presentational and pure (no effects, no clock, no fetching),
 * so it can be rendered on a server: the page passes the data and `now`.
 */
export function RightNowPanel({
  beach,
  weather,
  weatherState,
  patrols,
  ripOutlook,
  now,
  warningsHref = '#marine-warnings',
  extraItems,
}: RightNowPanelProps) {
  const rightNow = summariseRightNow({ beach, weather, weatherState, patrols, ripOutlook, now });
  const { warnings, hazard, conditions, rip } = rightNow;
  // Issue 17: what the lifesavers set from the console (an expired status is hidden, even offline).
  const live = liveStatusNow(beach, now);
  const patrol = livePatrolNow(beach, now, patrols);
  const patrolLine = livePatrolText(patrol, beach, now);
  const shown = conditions.filter((item) => item.value !== null);
  const missing = conditions.filter((item) => item.value === null);
  const byseverity = warnings.count
    ? [...(weather?.todays_marine_warnings ?? [])].sort((a, b) => warningSeverity(b) - warningSeverity(a))
    : [];

  return (
    <section className="right-now" aria-labelledby="right-now-heading" data-testid="right-now">
      <div className="right-now__head">
        <h2 id="right-now-heading">Right now</h2>
        <p className="right-now__asof">At {formatPlaceTime(now, now, beach.timezone)} at the beach</p>
      </div>
      <ul className="right-now__status">
        {live && (
          <li className={`rn-item rn-item--${live.tone} rn-item--live`} data-testid="right-now-beach-status">
            <WarningIcon size={22} className="rn-item__icon" />
            <div>
              <h3 className="rn-item__label">Beach status</h3>
              <p className="rn-item__value">{live.headline}</p>
              {live.message && <p className="rn-item__message">{live.message}</p>}
              {(live.setBy || live.until) && (
                <p className="rn-item__source">{[live.setBy, live.until].filter(Boolean).join(' · ')}</p>
              )}
            </div>
          </li>
        )}
        <li className={`rn-item rn-item--${patrol.tone}`} data-testid="right-now-patrol">
          <PatrolFlagIcon size={22} className="rn-item__icon" />
          <div>
            <h3 className="rn-item__label">Patrol</h3>
            <p className="rn-item__value">{patrolLine.text}</p>
            {patrol.next && <p>{patrol.next}</p>}
            {patrol.state !== 'on-duty' && <p className="rn-item__advice">{STANDING_ADVICE}</p>}
            <p className="rn-item__source">
              Source:{' '}
              {patrolLine.setBy
                ? 'the lifesavers on the beach (SafeShore console)'
                : (patrol.source ?? 'no patrol roster for this beach in SafeShore')}
            </p>
          </div>
        </li>
        <li
          className={`rn-item rn-item--${warnings.loading ? 'unknown' : warnings.tone}`}
          data-testid="right-now-warnings"
        >
          <WarningIcon size={22} className="rn-item__icon" />
          <div>
            <h3 className="rn-item__label">Marine warnings</h3>
            {warnings.loading ? (
              <p className="rn-item__value rn-item__value--loading">Checking marine warnings…</p>
            ) : warnings.state === 'unavailable' ? (
              <>
                <p className="rn-item__value">Marine warnings not available right now</p>
                <p>
                  Check the <ExternalLink href={BOM_WARNINGS_URL}>Bureau of Meteorology</ExternalLink> before
                  you go in.
                </p>
              </>
            ) : byseverity.length === 0 ? (
              <p className="rn-item__value">No marine warnings in force for this beach</p>
            ) : (
              <>
                <p className="rn-item__value">
                  {warnings.text}: {byseverity[0]!.title ?? byseverity[0]!.text}
                </p>
                {byseverity.length > 1 && (
                  <ul className="rn-item__warnings">
                    {byseverity.slice(1).map((warning, i) => (
                      <li key={i}>{warning.title ?? warning.text}</li>
                    ))}
                  </ul>
                )}
                <p>
                  <a href={warningsHref}>Read the warning{byseverity.length === 1 ? '' : 's'}</a>
                </p>
              </>
            )}
            {warnings.source && (
              <p className="rn-item__source">Source: {sourceDetail(warnings.source, now)}</p>
            )}
          </div>
        </li>
        {/* Issue 29: a model's outlook, after what the lifesavers set and the Bureau's warnings. */}
        {rip && (
          <li className={`rn-item rn-item--${rip.tone}`} data-testid="right-now-rip">
            <RipCurrentIcon size={22} className="rn-item__icon" />
            <div>
              <h3 className="rn-item__label">Rip currents</h3>
              <p className="rn-item__value">{rip.text}</p>
              <p className="rn-item__source">
                <span className="model-label">{RIP_TEXT.label}</span> · computed {rip.age}
                {rip.stale && <span className="stale-badge">Out of date</span>} ·{' '}
                <Link to="/surf-safety/rip-outlook">About the rip outlook</Link>
              </p>
            </div>
          </li>
        )}
        <li className={`rn-item rn-item--${hazard.tone}`} data-testid="right-now-hazard">
          <DangerousSurfIcon size={22} className="rn-item__icon" />
          <div>
            <h3 className="rn-item__label">Hazard rating</h3>
            <p className="rn-item__value">
              {hazard.rated ? hazard.text.replace(/^Hazard /, '') : 'Not rated'}
            </p>
            <p className="rn-item__source">
              {hazard.rated
                ? `Source: ${beach.source.name}`
                : 'SafeShore holds no hazard rating for this beach.'}
            </p>
          </div>
        </li>
        {extraItems}
      </ul>
      <div className="right-now__conditions" data-testid="right-now-conditions">
        {shown.length > 0 ? (
          <table className="rn-conditions">
            <caption className="visually-hidden">Conditions now</caption>
            <tbody>
              {shown.map((item) => (
                <tr key={item.key} className={item.stale ? 'rn-conditions__row--stale' : undefined}>
                  <th scope="row">
                    {conditionIcon(item, weather)} {item.label}
                  </th>
                  <td className="rn-conditions__value">{item.value}</td>
                  <td className="rn-conditions__source">
                    {item.detail}
                    {item.stale && <span className="stale-badge">Out of date</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : weatherState === 'loading' ? (
          <p className="loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading the conditions…
          </p>
        ) : null}
        {missing.length > 0 && weatherState !== 'loading' && (
          <p className="muted rn-conditions__missing">
            {shown.length === 0
              ? `Weather, wind, swell, water temperature, UV and tide ${
                  weatherState === 'offline' ? 'need an internet connection' : 'are not available right now'
                }.`
              : `Not available right now: ${missing.map((m) => (m.key === 'uv' ? m.label : m.label.toLowerCase())).join(', ')}.`}
          </p>
        )}
      </div>
    </section>
  );
}
