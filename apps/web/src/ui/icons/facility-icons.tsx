import type { ComponentType } from 'react';
import { Icon } from './Icon.tsx';
import type { IconProps } from './Icon.tsx';

/** Side-on dog silhouette facing right, standing on y=20. Shared by the dog icons. */
function DogShape() {
  return (
    <>
      <path
        d="M5.5 10h9l1-4.5 1-2 1.5 1.5 3 1 .5 2-3 .8-1 2.2V20h-2v-5h-7v5H6l-.5-6z"
        fill="currentColor"
        strokeWidth={1.5}
      />
      <path d="M5.5 10.5C4 10 3 8.5 3 6.5" />
    </>
  );
}

export function ToiletIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="6.5" cy="4" r="1.75" fill="currentColor" stroke="none" />
      <circle cx="17.5" cy="4" r="1.75" fill="currentColor" stroke="none" />
      <path
        d="M4.5 8h4a1 1 0 0 1 1 1v5H8.25v7h-3.5v-7H3.5V9a1 1 0 0 1 1-1zM16 8h3l2.75 8H19.5v5h-4v-5h-2.25z"
        fill="currentColor"
        stroke="none"
      />
      <path d="M12 3v18" />
    </Icon>
  );
}

export function ParkingIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="4" />
      <path d="M9.5 17V7h3.5a3 3 0 0 1 0 6H9.5" />
    </Icon>
  );
}

/** Kettle barbecue with smoke, used for BBQ and picnic areas. */
export function BbqPicnicIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 10h15a7.5 7.5 0 0 1-15 0z" />
      <path d="m8.5 16.5-2 4.5M15.5 16.5l2 4.5" />
      <path d="M8.5 2.5c-1 1 1 2 0 3.5M12 2.5c-1 1 1 2 0 3.5M15.5 2.5c-1 1 1 2 0 3.5" />
    </Icon>
  );
}

/** Front view of a bus. */
export function PublicTransportIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4.5" y="2.5" width="15" height="16" rx="3" />
      <path d="M4.5 11h15M9 6h6M8 18.5V21M16 18.5V21" />
      <path d="M8 14.75h.01M16 14.75h.01" strokeWidth={2.5} />
    </Icon>
  );
}

export function DogIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <g transform="translate(0 0.5)">
        <DogShape />
      </g>
    </Icon>
  );
}

export function DogOnLeashIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <g transform="translate(0 1.5)">
        <DogShape />
      </g>
      <path d="M16 9.5 7 3.5" />
      <circle cx="5" cy="3" r="1.75" />
    </Icon>
  );
}

export function NoDogsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <g transform="translate(12 12) scale(0.62) translate(-12.25 -12)">
        <DogShape />
      </g>
      <circle cx="12" cy="12" r="10" />
      <path d="m4.9 4.9 14.2 14.2" />
    </Icon>
  );
}

export function ShowerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 21V6a3 3 0 0 1 3-3h4.5a3 3 0 0 1 3 3v.5" />
      <path d="M9.5 11a5 5 0 0 1 10 0z" />
      <path d="M11 14.5v1M14.5 14.5v1M18 14.5v1M12.75 18.5v1M16.25 18.5v1" />
    </Icon>
  );
}

/** Tap with a falling drop. */
export function DrinkingWaterIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.5 8.5h2v5h-2M4.5 9.5h8a4 4 0 0 1 4 4v.5M4.5 12.5h7.5a1.5 1.5 0 0 1 1.5 1.5" />
      <path d="M13.5 14h3M9 9.5V5.5M6.5 5.5h5" />
      <path
        d="M15 17.5s-2 2.25-2 3.5a2 2 0 0 0 4 0c0-1.25-2-3.5-2-3.5z"
        fill="currentColor"
        strokeWidth={1}
      />
    </Icon>
  );
}

/** Wheelchair user (accessible facilities). */
export function AccessibleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="3.5" r="1.75" fill="currentColor" stroke="none" />
      <path d="M11 7.5V13h5l2.5 5H21M11 10h4.5" />
      <path d="M8 10.5A5.6 5.6 0 1 0 15.5 18" />
    </Icon>
  );
}

/** Takeaway coffee cup, used for kiosks, cafes and shops. */
export function KioskIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 9h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z" />
      <path d="M16 10.5h1.5a2.5 2.5 0 0 1 0 5H16M3 21.5h14" />
      <path d="M8 2.5c-1 1 1 2 0 3.5M12 2.5c-1 1 1 2 0 3.5" />
    </Icon>
  );
}

/** Motor boat on a slipway running down into the water. */
export function BoatRampIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <g transform="translate(3 4.5) rotate(20)">
        <path d="M0 0h14l-3 4.5H1.5zM4 0l1.5-3H10l1.5 3M0 7h18.5" />
      </g>
      <path d="M11.5 19.5q1.4-1.4 2.75 0t2.75 0 2.75 0 2.75 0" />
    </Icon>
  );
}

export function CampingIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2 20.5h20M4 20.5 12 6l8 14.5M12 6l-2-3.5M12 6l2-3.5" />
      <path d="M9.5 20.5 12 15.5l2.5 5" />
    </Icon>
  );
}

/** Jetty or pier: railing, deck and piles standing in water. */
export function StructureIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2" y="8.5" width="20" height="3" rx="0.5" fill="currentColor" />
      <path d="M3 5h18M5 5v3.5M12 5v3.5M19 5v3.5M5 11.5v9M12 11.5v9M19 11.5v9" />
      <path d="M2 16.5q2.5-2 5 0t5 0 5 0 5 0" />
    </Icon>
  );
}

export function InfoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 11v6" />
      <path d="M12 7.5h.01" strokeWidth={2.5} />
    </Icon>
  );
}

/** No-entry style regulatory sign. */
export function RegulationIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M7 12h10" strokeWidth={2.5} />
    </Icon>
  );
}

/** Ordered keyword rules; the first match wins. */
const FACILITY_RULES: ReadonlyArray<readonly [RegExp, ComponentType<IconProps>]> = [
  [/\b(no dogs?|dogs? (prohibited|banned|not (allowed|permitted))|dog[- ]?free)\b/, NoDogsIcon],
  [/\boff[- ]?(leash|lead)\b/, DogIcon],
  [/\b(leash|lead|leashed)\b/, DogOnLeashIcon],
  [/\bdogs?\b/, DogIcon],
  [/\b(toilets?|restrooms?|amenities|wc)\b/, ToiletIcon],
  [/\b(parking|car ?parks?|park and ride)\b/, ParkingIcon],
  [/\b(bbqs?|barbecues?|barbeques?|picnic\w*)\b/, BbqPicnicIcon],
  [/\b(bus(es)?|public transport|transport|train|tram|ferry)\b/, PublicTransportIcon],
  [/\bshowers?\b/, ShowerIcon],
  [/\b(wheelchair|accessible|accessibility|disabled|mobility)\b/, AccessibleIcon],
  [/\b(kiosk|caf[eé]|shop|store|food|restaurant|takeaway)/, KioskIcon],
  [/\b(boats?|boat ramp|slipway|ramp)\b/, BoatRampIcon],
  [/\b(camp\w*|caravan)\b/, CampingIcon],
  [/\b(jett(y|ies)|piers?|wharf|wharves|structures?|breakwall|groyne)\b/, StructureIcon],
  [/\b(water|bubblers?|drinking|fountain|tap)\b/, DrinkingWaterIcon],
];

/**
 * Map a facility name or keyword (e.g. "Toilets", "Car park", "Dogs on leash")
 * to an icon component. Unknown names fall back to InfoIcon.
 */
export function facilityIcon(name: string): ComponentType<IconProps> {
  const key = name.toLowerCase().replace(/[_/]+/g, ' ').trim();
  for (const [pattern, component] of FACILITY_RULES) {
    if (pattern.test(key)) return component;
  }
  return InfoIcon;
}
