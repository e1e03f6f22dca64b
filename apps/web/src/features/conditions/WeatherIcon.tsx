import { createElement } from 'react';
import { weatherIconName } from '@safeshore/domain';
import { weatherIcon } from '../../ui/icons/index.ts';

/** The spec's icon for a weather code (nothing for codes 5, 7 and unknown codes), named for screen readers. */
export function WeatherIcon({
  code,
  label,
  size = 32,
}: {
  code: number | null | undefined;
  /** Accessible name; defaults to the icon's name ("sunny"). Pass "" when text beside it says the same. */
  label?: string;
  size?: number;
}) {
  const name = weatherIconName(code);
  const icon = code === null || code === undefined || name === null ? null : weatherIcon(code);
  if (!icon) return null;
  const title = label ?? name?.replace('-', ' ');
  return (
    <span className="weather-icon" data-icon={name}>
      {createElement(icon, { size, title: title || undefined })}
    </span>
  );
}
