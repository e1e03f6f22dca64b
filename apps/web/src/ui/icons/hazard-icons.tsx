import type { ComponentType } from 'react';
import { Icon } from './Icon.tsx';
import type { IconProps } from './Icon.tsx';

/** Breaking waves either side of a channel with water flowing out to sea. */
export function RipCurrentIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21V4M8 8l4-4 4 4" />
      <path d="M2 13q1.5-1.5 3 0t3 0M16 13q1.5-1.5 3 0t3 0M2 18q1.5-1.5 3 0t3 0M16 18q1.5-1.5 3 0t3 0" />
    </Icon>
  );
}

export function WarningIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 22 20.5H2z" />
      <path d="M12 9.5V14" />
      <path d="M12 17.25h.01" strokeWidth={2.5} />
    </Icon>
  );
}

/** Dorsal fin cutting through the water. */
export function SharkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 15.5C9 13.5 12 8.5 15.5 3c-1.5 5-1 9.5 3 12.5" />
      <path d="M2 16q2.5-2 5 0t5 0 5 0 5 0M2 20.5q2.5-2 5 0t5 0 5 0 5 0" />
    </Icon>
  );
}

/** Jellyfish (stingers, box jellyfish, bluebottles). */
export function StingerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 11a7.5 7.5 0 0 1 15 0q-1.9 1.5-3.75 0t-3.75 0-3.75 0-3.75 0z" />
      <path d="M8 14q-1.2 1.75 0 3.5t0 3.5M12 14q-1.2 1.75 0 3.5t0 3.5M16 14q-1.2 1.75 0 3.5t0 3.5" />
    </Icon>
  );
}

/** Crocodile head with open jaws above the water. */
export function CrocodileIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21.5 9.5C20.5 5.5 17 4.5 15.5 7L5 8.5C3.5 8.7 2.5 9.5 2.5 11l12 1-10.5 3.5c-1 .3-1 1.5 0 1.5l13.5.5c2.5 0 4-1.5 4-4" />
      <path d="M17 8.4h.01" strokeWidth={2.5} />
      <path d="M2 21q2.5-2 5 0t5 0 5 0 5 0" />
    </Icon>
  );
}

export function RocksIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2 20.5h20" />
      <path d="M3 20.5 4.5 15 8 13l2.8 2M10 20.5 11.5 11l4-3.5 4.5 3 1.5 10" />
      <path d="m15.5 7.5-1 4 2 2" />
    </Icon>
  );
}

/** Biohazard trefoil (pollution, algal blooms, water quality alerts). */
export function BioHazardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        d="M13.48 12.74A4.3 4.3 0 0 0 14.04 4.91A3.1 3.1 0 1 1 9.96 4.91A4.3 4.3 0 0 0 10.52 12.74A1.5 1.5 0 0 1 13.48 12.74ZM11.49 14.41A4.3 4.3 0 0 0 17.99 18.81A3.1 3.1 0 1 1 20.02 15.28A4.3 4.3 0 0 0 12.97 11.85A1.5 1.5 0 0 1 11.49 14.41ZM11.03 11.85A4.3 4.3 0 0 0 3.98 15.28A3.1 3.1 0 1 1 6.01 18.81A4.3 4.3 0 0 0 12.51 14.41A1.5 1.5 0 0 1 11.03 11.85Z"
        fill="currentColor"
        stroke="none"
      />
    </Icon>
  );
}

/** Large curling wave. */
export function DangerousSurfIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2 19c4 0 5.5-3.5 6.5-7C10 7 12.5 4 16.5 4c3 0 5 2 5 4.5 0 2-1.5 3.5-3.5 3.5-1.7 0-3-1.2-3-2.7" />
      <path d="M2 19h20" />
    </Icon>
  );
}

const HAZARD_RULES: ReadonlyArray<readonly [RegExp, ComponentType<IconProps>]> = [
  [/\brip/, RipCurrentIcon],
  [/shark/, SharkIcon],
  [/sting|jelly|bluebottle|irukandji|box ?jelly|marine ?stinger/, StingerIcon],
  [/croc/, CrocodileIcon],
  [/\brock|reef|cliff/, RocksIcon],
  [/\bbio|algal|algae|pollut|sewage|contamina|water ?quality/, BioHazardIcon],
  [/surf|wave|swell|shore ?break|dump/, DangerousSurfIcon],
];

/**
 * Map a hazard name or keyword (e.g. "Rip currents", "Marine stingers") to an
 * icon component. Unknown hazards fall back to WarningIcon.
 */
export function hazardIcon(name: string): ComponentType<IconProps> {
  const key = name.toLowerCase();
  for (const [pattern, component] of HAZARD_RULES) {
    if (pattern.test(key)) return component;
  }
  return WarningIcon;
}
