import type { ReactNode } from 'react';
import {
  arrowDegreesFrom,
  compassPointDegrees,
  formatWeatherValue,
  tideArrow,
  round2,
  uvColour,
  weatherIconName,
  type Beach,
  type DataSource,
  type WeatherResponse,
} from '@safeshore/domain';
import {
  DirectionArrowIcon,
  ThermometerIcon,
  UvIcon,
  WaterTemperatureIcon,
  WaveIcon,
  WindyIcon,
} from '../../ui/icons/index.ts';
import { SourceLine } from './SourceLine.tsx';
import { useBeachWeather } from './useBeachWeather.ts';
import { useNow } from './useNow.ts';
import { WeatherIcon } from './WeatherIcon.tsx';

const TIDE_TEXT = { low: 'Low', high: 'High', rising: 'Rising', falling: 'Falling' } as const;

interface SummaryItem {
  key: string;
  label: string;
  icon: ReactNode;
  value: ReactNode;
  source: DataSource | null;
}

function summaryItems(weather: WeatherResponse): SummaryItem[] {
  const { current, sources } = weather;
  const w = current.weather;
  const items: SummaryItem[] = [];
  const air = formatWeatherValue(w?.air_temp, 'temperature');
  if (w && (air || w.precis)) {
    items.push({
      key: 'weather',
      label: 'Weather',
      icon:
        weatherIconName(w.forecast_icon_code) === null ? (
          <ThermometerIcon size={24} />
        ) : (
          <WeatherIcon code={w.forecast_icon_code} size={24} label="" />
        ),
      value: [air, w.precis].filter(Boolean).join(' '),
      source: sources.forecast,
    });
  }
  const speed = formatWeatherValue(w?.wind_spd_kmh, 'speed');
  if (w && (speed || w.wind_dir)) {
    const from = compassPointDegrees(w.wind_dir);
    items.push({
      key: 'wind',
      label: 'Wind',
      icon:
        from === null ? (
          <WindyIcon size={24} />
        ) : (
          <DirectionArrowIcon size={24} degrees={arrowDegreesFrom(from)} />
        ),
      value: [w.wind_dir, speed].filter(Boolean).join(' '),
      source: sources.forecast,
    });
  }
  const water = formatWeatherValue(w?.water_temperatures, 'temperature');
  if (water) {
    items.push({
      key: 'water',
      label: 'Water',
      icon: <WaterTemperatureIcon size={24} />,
      value: water,
      source: sources.marine,
    });
  }
  const swell = formatWeatherValue(w?.swell, 'height');
  if (swell) {
    items.push({
      key: 'swell',
      label: 'Swell',
      icon: <WaveIcon size={24} />,
      value: swell,
      source: sources.marine,
    });
  }
  if (current.currentTide) {
    const tide = current.currentTide;
    items.push({
      key: 'tide',
      label: 'Tide',
      icon: <DirectionArrowIcon size={24} degrees={tideArrow(tide.state) === 'down' ? 180 : 0} />,
      value: `${TIDE_TEXT[tide.state]} ${formatWeatherValue(tide.height, 'height')}`,
      source: sources.tides,
    });
  }
  if (current.currentUV) {
    const uv = current.currentUV;
    items.push({
      key: 'uv',
      label: 'UV',
      icon: <UvIcon size={24} />,
      value: (
        <span className={`uv-pill uv-pill--${uvColour(uv.index)}`}>
          {round2(uv.index)} {uv.status}
        </span>
      ),
      source: sources.forecast,
    });
  }
  return items;
}

/** Holds the summary's place while the weather loads, so the page below does not jump when it arrives. */
export function WeatherSummaryPlaceholder() {
  return <div className="wx-summary wx-summary--pending" aria-hidden="true" />;
}

/**
 * The header's weather summary (spec section 2): a widget on desktop, a table under 1000 px (the
 * stylesheet shows one or the other), with the source and age of the figures. Nothing is shown while
 * the weather loads or when it is not available (the Conditions card says so).
 */
export function BeachWeatherSummary({ beach }: { beach: Beach }) {
  const { data, isPending, online } = useBeachWeather(beach.id);
  const now = useNow();
  if (!data) return isPending && online ? <WeatherSummaryPlaceholder /> : null;
  const items = summaryItems(data);
  if (items.length === 0) return null;
  const sources = [
    ...new Map(items.flatMap((i) => (i.source ? [[i.source.name, i.source] as const] : []))).values(),
  ];
  return (
    <section className="wx-summary" aria-label="Current conditions" data-testid="weather-summary">
      <dl className="wx-summary__widget" data-testid="weather-widget">
        {items.map((item) => (
          <div
            key={item.key}
            className={`wx-summary__item${item.source?.stale ? ' wx-summary__item--stale' : ''}`}
          >
            <dt>
              {item.icon} {item.label}
            </dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
      <table className="wx-summary__table" data-testid="weather-table">
        <caption className="visually-hidden">Current conditions</caption>
        <tbody>
          {items.map((item) => (
            <tr key={item.key}>
              <th scope="row">
                {item.icon} {item.label}
              </th>
              <td>{item.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="wx-summary__sources">
        {sources.map((source) => (
          <SourceLine key={source.name} source={source} now={now} compact />
        ))}
      </div>
    </section>
  );
}
