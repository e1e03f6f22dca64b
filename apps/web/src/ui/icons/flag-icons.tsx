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
      <rect x="6" y="3.5" width="15" height="12" fill={FLAG_GREY} stroke="none" />
      <path d="M5 2.5V21.5M3 3l18 18" />
    </Icon>
  );
}

/** Crossed red flags: the beach is closed. */
export function ClosedBeachIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 3 10.2 8h-7.2L1.5 3z" fill={FLAG_RED} stroke="none" />
      <path d="M16 3l-2.2 5h7.2L22.5 3z" fill={FLAG_RED} stroke="none" />
      <path d="M8 2.5 16.5 21.5M16 2.5 7.5 21.5" />
    </Icon>
  );
}
