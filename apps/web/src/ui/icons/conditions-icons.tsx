import { Icon } from './Icon.tsx';
import type { IconProps } from './Icon.tsx';

/** An arrow pointing up, turned `degrees` clockwise (0 up, 90 right, 180 down). */
export function DirectionArrowIcon({ degrees = 0, ...props }: IconProps & { degrees?: number }) {
  return (
    <Icon {...props}>
      <g transform={`rotate(${degrees} 12 12)`}>
        <path d="M12 20V4.5M6 10.5l6-6 6 6" />
      </g>
    </Icon>
  );
}

/** Thermometer at a middle reading (air or water temperature). */
export function ThermometerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10 14.5V5a2 2 0 0 1 4 0v9.5a4 4 0 1 1-4 0z" />
      <path d="M12 18v-7" />
    </Icon>
  );
}

/** Water temperature: thermometer over waves. */
export function WaterTemperatureIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10.5 11.5V4a1.5 1.5 0 0 1 3 0v7.5a3 3 0 1 1-3 0z" />
      <path d="M2.5 18.5c1.5 0 1.5-1 3-1s1.5 1 3 1M15.5 18.5c1.5 0 1.5-1 3-1s1.5 1 3 1" />
      <path d="M2.5 21.5c1.5 0 1.5-1 3-1s1.5 1 3 1 1.5-1 3-1 1.5 1 3 1 1.5-1 3-1 1.5 1 3 1 1.5-1 3-1" />
    </Icon>
  );
}

/** UV: a sun with "UV" below its rays. */
export function UvIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 9.5a5 5 0 0 1 10 0" />
      <path d="M12 1.5v2M4.2 4.7l1.4 1.4M19.8 4.7l-1.4 1.4M1.5 9.5h2M20.5 9.5h2" />
      <path d="M5 14v4.5a2 2 0 0 0 4 0V14M13 14l2.5 6.5L18 14" />
    </Icon>
  );
}

/** Stop playback: a square. */
export function StopIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6" y="6" width="12" height="12" rx="1.5" />
    </Icon>
  );
}
