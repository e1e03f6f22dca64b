import { Icon } from './Icon.tsx';
import type { IconProps } from './Icon.tsx';

const FLAG_RED = '#d32f2f';
const FLAG_YELLOW = '#fcd116';
const FLAG_GREY = '#9e9e9e';

/** Red-over-yellow surf life saving flag: the beach is patrolled. */
export function PatrolFlagIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6" y="3.5" width="15" height="6" fill={FLAG_RED} stroke="none" />
      <rect x="6" y="9.5" width="15" height="6" fill={FLAG_YELLOW} stroke="none" />
      <rect x="6" y="3.5" width="15" height="12" strokeWidth={1} strokeLinejoin="miter" />
      <path d="M5 2.5V21.5" />
    </Icon>
  );
}

/** Grey flag struck through: no patrol at this time. */
export function NoPatrolIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6" y="3.5" width="15" height="12" fill={FLAG_GREY} strokeWidth={1} strokeLinejoin="miter" />
      <path d="M5 2.5V21.5M3 3l18 18" />
    </Icon>
  );
}

/** Crossed red flags: the beach is closed. */
export function ClosedBeachIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 2.5 11.4 9H4.4L2 2.5z" fill={FLAG_RED} stroke="none" />
      <path d="M15 2.5 12.6 9h7L22 2.5z" fill={FLAG_RED} stroke="none" />
      <path d="M9 2.5 16 21.5M15 2.5 8 21.5" />
    </Icon>
  );
}
