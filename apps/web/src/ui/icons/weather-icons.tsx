import type { ComponentType } from 'react';
import { Icon } from './Icon.tsx';
import type { IconProps } from './Icon.tsx';

/** Cloud in the top part of the grid, leaving room below for precipitation. */
const CLOUD_HIGH = 'M6.6 15A3.6 3.6 0 0 1 5.91 7.87A5.4 5.4 0 0 1 16.29 6.38A4.32 4.32 0 0 1 16.68 15Z';
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
      <path d="M7.67 12.48A3.5 3.5 0 1 1 12.3 7.39" />
      <path d="m4.9 14.1-1.06 1.06M3 9.5H1.5M4.9 4.9 3.84 3.84M9.5 3V1.5M14.1 4.9l1.06-1.06" />
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
      <path d="M6.43 11.06A3 3 0 1 1 10.03 6.29" />
      <path d="m4.11 12.39-1.06 1.06M2.5 8.5H1M4.11 4.61 3.05 3.55M8 3V1.5M11.89 4.61l1.06-1.06" />
      <path d="M10.4 16.5A2.9 2.9 0 0 1 9.82 10.76A4.35 4.35 0 0 1 18.32 9.55A3.48 3.48 0 0 1 18.52 16.5Z" />
      <path d="m11 19-1 2.5M15 19l-1 2.5M19 19l-1 2.5" />
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
      <path d="M3 8h9M3 12h13M3 16h8" />
      <path
        d="M15.5 8h.01M19.5 8h.01M20 12h.01M14.5 16h.01M18.5 16h.01M10 20h.01M15 20.5h.01M19 4.5h.01"
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
