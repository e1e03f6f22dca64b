export { Icon } from './Icon.tsx';
export type { IconProps, BaseIconProps } from './Icon.tsx';
export * from './facility-icons.tsx';
export * from './hazard-icons.tsx';
export * from './flag-icons.tsx';
export * from './weather-icons.tsx';
export * from './ui-icons.tsx';
export * from './conditions-icons.tsx';
