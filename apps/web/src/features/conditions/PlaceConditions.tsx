import { useId } from 'react';
import { formatDataAge, formatWeatherValue, sourceAgeSeconds, type Place } from '@safeshore/domain';
import { MarineWarnings } from './MarineWarnings.tsx';
import { useNow } from './useNow.ts';
import { WeatherIcon } from './WeatherIcon.tsx';

/**
 * A place's weather on its location page: the latest observations (with where and when they were
 * observed), today's forecast, and today's marine warnings with a count badge. Comes with the location
 * response; unknown values are left out, never shown as 0.
 */
export function PlaceConditions({ place }: { place: Place }) {
  const now = useNow();
  const headingId = useId();
  const observations = place.current_observations;
  const forecast = place.current_point_place_forecasts;
  const air = formatWeatherValue(observations?.air_temp, 'temperature');
  const speed = formatWeatherValue(observations?.wind_spd_kmh, 'speed');
  const wind = [observations?.wind_dir, speed].filter(Boolean).join(' ');
  const min = formatWeatherValue(forecast?.air_temperature_minimum, 'temperature');
  const max = formatWeatherValue(forecast?.air_temperature_maximum, 'temperature');
  const observedAt = observations?.observed_at ?? null;
  const hasObservations = Boolean(air || wind);
  const hasForecast = Boolean(forecast && (forecast.precis || min || max));

  return (
    <section className="card place-conditions" aria-labelledby={headingId} data-testid="place-conditions">
      <h2 id={headingId}>Weather in {place.title}</h2>
      {hasObservations && (
        <div className="place-conditions__observations">
          <h3>Latest observations</h3>
          <dl className="conditions-facts">
            {air && (
              <div>
                <dt>Air temperature</dt>
                <dd>{air}</dd>
              </div>
            )}
            {wind && (
              <div>
                <dt>Wind</dt>
                <dd>{wind}</dd>
              </div>
            )}
          </dl>
          {(observations?.source || observedAt) && (
            <p className="source-line" data-testid="source-line">
              {observations?.source ?? 'Observations'}
              {observedAt &&
                ` · observed ${formatDataAge(sourceAgeSeconds({ fetched_at: observedAt, age_seconds: 0 }, now))}`}
            </p>
          )}
        </div>
      )}
      {hasForecast && forecast && (
        <div className="place-conditions__forecast">
          <h3>Today&apos;s forecast</h3>
          <p className="place-conditions__precis">
            <WeatherIcon code={forecast.forecast_icon_code} label={forecast.precis ? '' : undefined} />{' '}
            {forecast.precis}
          </p>
          {(min || max) && (
            <p>
              {min && `Min ${min}`}
              {min && max && ' · '}
              {max && `Max ${max}`}
            </p>
          )}
        </div>
      )}
      {!hasObservations && !hasForecast && (
        <p className="muted">Weather for {place.title} is not available right now.</p>
      )}
      <MarineWarnings
        warnings={place.todays_marine_warnings}
        source={place.marine_warnings_source ?? null}
        timeZone={place.timezone}
        now={now}
      />
    </section>
  );
}
