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

const STATUS_COLOURS = { red: '#c62828', amber: '#e08600', green: '#2e7d32' } as const;

export type BeachFlagStatus = keyof typeof STATUS_COLOURS;
/** The spec's flag icon names: patrolled- or unpatrolled- plus the beach's status colour. */
export type BeachFlagIconName = `${'patrolled' | 'unpatrolled'}-${BeachFlagStatus}`;

/**
 * A flag in the beach's status colour. A patrolled beach's flag carries the red-over-yellow patrol
 * flag in its corner; an unpatrolled beach's flag has a white band instead.
 */
export function BeachFlagIcon({ name, ...props }: IconProps & { name: BeachFlagIconName }) {
  const [patrol, status] = name.split('-') as ['patrolled' | 'unpatrolled', BeachFlagStatus];
  return (
    <Icon {...props}>
      <g data-icon={name}>
        <rect x="6" y="3.5" width="15" height="12" fill={STATUS_COLOURS[status]} stroke="none" />
        {patrol === 'patrolled' ? (
          <>
            <rect x="6" y="3.5" width="7" height="3" fill={FLAG_RED} stroke="none" />
            <rect x="6" y="6.5" width="7" height="3" fill={FLAG_YELLOW} stroke="none" />
          </>
        ) : (
          <path d="M6 15.5 21 3.5" stroke="#ffffff" strokeWidth={2.5} />
        )}
        <rect x="6" y="3.5" width="15" height="12" strokeWidth={1} strokeLinejoin="miter" />
        <path d="M5 2.5V21.5" />
      </g>
    </Icon>
  );
}

/** Outlined flag with a question mark: whether the beach is patrolled is not known. */
export function UnknownPatrolIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6" y="3.5" width="15" height="12" strokeWidth={1} strokeLinejoin="miter" />
      <path d="M11.5 7.5a2 2 0 1 1 2.5 1.94c-.6.2-1 .6-1 1.2v.36M13 13.2v.01" strokeWidth={1.5} />
      <path d="M5 2.5V21.5" />
    </Icon>
  );
}
