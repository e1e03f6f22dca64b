import type { ReactNode } from 'react';

/** Props shared by every icon component. */
export type IconProps = {
  /** Accessible name. When omitted the icon is treated as decorative. */
  title?: string;
  /** Rendered width and height in CSS pixels. */
  size?: number;
  className?: string;
};

export type BaseIconProps = IconProps & {
  children?: ReactNode;
  viewBox?: string;
};

/**
 * Base SVG wrapper for all SafeShore icons: 24x24 grid, 2px round strokes,
 * colour inherited via currentColor.
 */
export function Icon({ title, size = 24, className, children, viewBox = '0 0 24 24' }: BaseIconProps) {
  const a11y = title ? ({ role: 'img', 'aria-label': title } as const) : ({ 'aria-hidden': true } as const);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox={viewBox}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={className}
      {...a11y}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}
