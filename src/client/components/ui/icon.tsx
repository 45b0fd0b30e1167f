import type { ReactNode, SVGProps } from 'react';

/** Line icons (24 × 24, 2 px strokes, currentColor). Decorative: the label is always text next to them. */
const PATHS = {
  tickets: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1M9 10h6M9 14h6M9 18h3" />
    </>
  ),
  bills: (
    <>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6M9 16h3" />
    </>
  ),
  repair: (
    <>
      <path d="M12 5v14M5 12h14" />
    </>
  ),
  bell: (
    <>
      <path d="M6 17V11a6 6 0 0 1 12 0v6l1.5 2h-15z" />
      <path d="M10 21h4" />
    </>
  ),
  more: (
    <>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </>
  ),
  gift: (
    <>
      <rect x="4" y="9" width="16" height="12" rx="1.5" />
      <path d="M3 9h18M12 9v12M12 9c-1.5-3-5-4-5-1.5S10 9 12 9zM12 9c1.5-3 5-4 5-1.5S14 9 12 9z" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </>
  ),
  phone: (
    <>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z" />
    </>
  ),
  login: (
    <>
      <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4" />
      <path d="M10 8l4 4-4 4M14 12H4" />
    </>
  ),
  logout: (
    <>
      <path d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4" />
      <path d="M15 8l4 4-4 4M19 12H9" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  chevron: <path d="M9 6l6 6-6 6" />,
  offline: (
    <>
      <path d="M3 3l18 18" />
      <path d="M2 8.8a15 15 0 0 1 4.6-3M10.5 5.1A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 4.9-2.7M14.5 10a10 10 0 0 1 4.5 2.5M8.5 16.4a5 5 0 0 1 7 0" />
      <path d="M12 20h.01" />
    </>
  ),
  download: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
  tooth: (
    <path d="M7 3.5c-2.5 0-4 2-4 4.5 0 3 1.5 4.5 2 7s1 6 2.5 6 1.5-4 2.5-5.5c.5-.8 1.5-.8 2 0 1 1.5 1 5.5 2.5 5.5s2-3.5 2.5-6 2-4 2-7c0-2.5-1.5-4.5-4-4.5-2 0-3 1-5 1s-3-1-5-1z" />
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;

export interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
}

/** The frame every line icon is drawn in; `children` are its shapes. */
export function LineIcon({
  size = 24,
  children,
  ...rest
}: { size?: number } & Omit<SVGProps<SVGSVGElement>, 'width' | 'height'>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function Icon({ name, size = 24, className }: IconProps) {
  return (
    <LineIcon size={size} className={className}>
      {PATHS[name]}
    </LineIcon>
  );
}
