import { Icon } from './Icon.tsx';
import type { IconProps } from './Icon.tsx';

export function SearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </Icon>
  );
}

/** Hamburger menu. */
export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 6.5h16M4 12h16M4 17.5h16" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

export function BackArrowIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 12H4.5M10.5 6l-6 6 6 6" />
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m9 6 6 6-6 6" />
    </Icon>
  );
}

export function LocationPinIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21.5s-7-6.2-7-11.5a7 7 0 0 1 14 0c0 5.3-7 11.5-7 11.5z" />
      <circle cx="12" cy="10" r="2.5" />
    </Icon>
  );
}

/** Turn-right road sign (get directions). */
export function DirectionsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2.5 21.5 12 12 21.5 2.5 12z" />
      <path d="M9 15.5v-3a2 2 0 0 1 2-2h5M13.5 8l2.5 2.5-2.5 2.5" />
    </Icon>
  );
}

export function ExternalLinkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19 13.5V18a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h4.5" />
      <path d="M14.5 4H20v5.5M20 4l-9 9" />
    </Icon>
  );
}

/** Explore / home: a compass. */
export function ExploreIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </Icon>
  );
}

/** Home tab uses the compass (explore) glyph. */
export const HomeIcon = ExploreIcon;

/** Open book, for the surf safety guide. */
export function BookIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 6.5C10 5 7 4.5 2.5 4.5v14c4.5 0 7.5.5 9.5 2 2-1.5 5-2 9.5-2v-14C17 4.5 14 5 12 6.5z" />
      <path d="M12 6.5v14" />
    </Icon>
  );
}

const STAR = 'M12 2.75l2.85 5.9 6.4.85-4.7 4.45 1.2 6.4L12 17.3l-5.75 3.05 1.2-6.4-4.7-4.45 6.4-.85z';

/** Star outline (my beaches, not saved). */
export function StarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={STAR} />
    </Icon>
  );
}

/** Solid star (my beaches, saved). */
export function StarFilledIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={STAR} fill="currentColor" />
    </Icon>
  );
}

/** Profile. */
export function UserIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.5-7 8-7s8 3 8 7" />
    </Icon>
  );
}

/** Ruler, for beach length. */
export function RulerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2" y="8" width="20" height="8" rx="1.5" />
      <path d="M6 8v3M10 8v4.5M14 8v3M18 8v4.5" />
    </Icon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 6.5V12l3.5 2" />
    </Icon>
  );
}

/** Offline: cloud struck through. */
export function OfflineIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 19A4 4 0 0 1 5.2 11.08A6 6 0 0 1 5.72 8.56M8.5 5.64A6 6 0 0 1 16.98 9.4A4.8 4.8 0 0 1 20.52 17.66M6 19h10.15" />
      <path d="m3 3 18 18" />
    </Icon>
  );
}

/** Beach umbrella planted in the sand (image placeholders). */
export function BeachIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 11.5A9 9 0 0 1 20 7.5z" />
      <path d="m11.5 9.5 3.5 11" />
      <path d="M2 20.5q5-2.5 10 0t10 0" />
    </Icon>
  );
}

/** Rolling waves (ocean, surf conditions). */
export function WaveIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2 10q2.5-3 5 0t5 0 5 0 5 0M2 16q2.5-3 5 0t5 0 5 0 5 0" />
    </Icon>
  );
}

export function ChevronLeftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m15 6-6 6 6 6" />
    </Icon>
  );
}

/** Start a slide show. */
export function PlayIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 4.5v15l12-7.5z" />
    </Icon>
  );
}

/** Stop a slide show. */
export function PauseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 5v14M16 5v14" />
    </Icon>
  );
}

/** A calendar page (choose a day). */
export function CalendarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </Icon>
  );
}
