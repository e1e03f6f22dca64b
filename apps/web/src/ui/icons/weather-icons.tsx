import type { ComponentType } from 'react';
import { Icon } from './Icon.tsx';
import type { IconProps } from './Icon.tsx';

/** Cloud in the top part of the grid, leaving room below for precipitation. */
const CLOUD_HIGH =
  'M6.6 15A3.6 3.6 0 0 1 5.91 7.87A5.4 5.4 0 0 1 16.29 6.38A4.32 4.32 0 0 1 16.68 15Z';
/** Higher cloud with a gap in its base for a lightning bolt. */
const CLOUD_STORM =
  'M6.6 14A3.6 3.6 0 0 1 5.91 6.87A5.4 5.4 0 0 1 16.29 5.38A4.32 4.32 0 1 1 16.68 14M6.6 14H9.4M14.1 14H16.65';
const BOLT = 'M13.5 11 10 17h4l-2.5 5.5';

export function SunnyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.28 5.28l1.42 1.42M17.3 17.3l1.42 1.42M5.28 18.72l1.42-1.42M17.3 6.7l1.42-1.42" />
    </Icon>
  );
}

/** Partly cloudy: sun behind a cloud. */
export function CloudyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7.44 12.68A4 4 0 1 1 12.53 7.12" />
      <path d="M4.76 13.24 3.7 14.3M3 9H1.5M4.76 4.76 3.7 3.7M9 3V1.5M13.24 4.76l1.06-1.06" />
      <path d="M10 20A3 3 0 0 1 9.43 14.05A4.5 4.5 0 0 1 18.35 12.8A3.6 3.6 0 0 1 18.4 20Z" />
    </Icon>
  );
}

/** Overcast: two overlapping clouds. */
export function OvercastIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10.46 7.27A4.35 4.35 0 0 1 18.96 9.04A3.48 3.48 0 0 1 19.68 15.94" />
      <path d="M5.2 21A3.2 3.2 0 0 1 4.64 14.65A4.8 4.8 0 0 1 14.14 13.32A3.84 3.84 0 0 1 14.16 21Z" />
    </Icon>
  );
}

/** Haze: low sun veiled by horizontal bands. */
export function HazeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7.5 11.5a4.5 4.5 0 0 1 9 0" />
      <path d="M12 3.5V5M5.64 5.64l1.06 1.06M18.36 5.64 17.3 6.7M2.5 11.5H4M20 11.5h1.5" />
      <path d="M3 15h18M5 18h14M8 21h8" />
    </Icon>
  );
}

export function DrizzleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={CLOUD_HIGH} />
      <path d="M8 18.5h.01M12 18.5h.01M16 18.5h.01M10 21.5h.01M14 21.5h.01" strokeWidth={2.5} />
    </Icon>
  );
}

export function WindyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.5 8.5H14a3 3 0 1 0-3-3" />
      <path d="M2.5 12.5H18a3 3 0 1 1-3 3" />
      <path d="M2.5 16.5h8" />
    </Icon>
  );
}

export function FogIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={CLOUD_HIGH} />
      <path d="M4 18.5h16M7 21.5h10" />
    </Icon>
  );
}

/** Showers: sun, cloud and short rain streaks. */
export function ShowersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5.37 9.56A3.5 3.5 0 0 1 10.25 4.97" />
      <path d="M3.5 8H2M4.96 4.46 3.9 3.4M8.5 3V1.5" />
      <path d="M9.2 16A3.2 3.2 0 0 1 8.7 9.64A4.8 4.8 0 0 1 17.5 8.38A3.84 3.84 0 0 1 18.16 16Z" />
      <path d="m11 18.5-1 2.5M15 18.5l-1 2.5M19 18.5l-1 2.5" />
    </Icon>
  );
}

export function RainIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={CLOUD_HIGH} />
      <path d="m8 18-1.5 3.5M12 18l-1.5 3.5M16 18l-1.5 3.5" />
    </Icon>
  );
}

/** Dust: gusts carrying particles. */
export function DustIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.5 9.5H13a2.5 2.5 0 1 0-2.5-2.5M2.5 13.5h12" />
      <path
        d="M17.5 6h.01M20.5 9.5h.01M18.5 13h.01M21 16.5h.01M5 17.5h.01M9 19.5h.01M13 17.5h.01M16.5 20.5h.01"
        strokeWidth={2.5}
      />
    </Icon>
  );
}

/** Cold: thermometer with a low reading and a snowflake. */
export function ColdIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 14.5V5a2 2 0 0 1 4 0v9.5a4 4 0 1 1-4 0z" />
      <path d="M9 18v-3" />
      <path d="M18 3v7M15 4.75l6 3.5M15 8.25l6-3.5" />
    </Icon>
  );
}

/** Snow: six-armed snowflake. */
export function SnowIcon(props: IconProps) {
  return (
    <Icon {...props}>
      {[0, 60, 120, 180, 240, 300].map((angle) => (
        <path key={angle} d="M12 12V2.5M9.5 3.5 12 6l2.5-2.5" transform={`rotate(${angle} 12 12)`} />
      ))}
    </Icon>
  );
}

export function ThunderstormIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={CLOUD_STORM} />
      <path d={BOLT} />
    </Icon>
  );
}

/** Storm showers: storm cloud with lightning and rain. */
export function StormShowersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={CLOUD_STORM} />
      <path d={BOLT} />
      <path d="m7 17-1 2.5M18 17l-1 2.5" />
    </Icon>
  );
}

/** Tropical cyclone symbol (southern hemisphere, clockwise). */
export function HurricaneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M15 12c0-5-3.5-8.5-9-8.5M9 12c0 5 3.5 8.5 9 8.5" />
    </Icon>
  );
}

/** Icon name for each weather code that has an icon (codes 5 and 7 have none). */
export const WEATHER_ICON_NAMES: Record<number, string> = {
  1: 'sunny',
  2: 'sunny',
  3: 'cloudy',
  4: 'overcast',
  6: 'haze',
  8: 'drizzle',
  9: 'windy',
  10: 'fog',
  11: 'showers',
  12: 'rain',
  13: 'dust',
  14: 'cold',
  15: 'snow',
  16: 'thunderstorm',
  17: 'showers',
  18: 'storm showers',
  19: 'hurricane',
};

const WEATHER_ICONS: Readonly<Record<number, ComponentType<IconProps>>> = {
  1: SunnyIcon,
  2: SunnyIcon,
  3: CloudyIcon,
  4: OvercastIcon,
  6: HazeIcon,
  8: DrizzleIcon,
  9: WindyIcon,
  10: FogIcon,
  11: ShowersIcon,
  12: RainIcon,
  13: DustIcon,
  14: ColdIcon,
  15: SnowIcon,
  16: ThunderstormIcon,
  17: ShowersIcon,
  18: StormShowersIcon,
  19: HurricaneIcon,
};

/** Icon for a weather code, or null for codes without one (5, 7, unknown). */
export function weatherIcon(code: number): ComponentType<IconProps> | null {
  return WEATHER_ICONS[code] ?? null;
}
