import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

export interface SkeletonProps {
  /** CSS length; defaults to the full width. */
  width?: string;
  /** CSS length; defaults to one line of text. */
  height?: string;
  shape?: 'text' | 'rect' | 'circle';
  className?: string;
}

/** A placeholder block of the size of the content to come (no layout shift when it arrives). */
export function Skeleton({ width, height, shape = 'text', className }: SkeletonProps) {
  const style: CSSProperties = {};
  if (width) style.width = width;
  if (height) style.height = height;
  return (
    <span
      aria-hidden="true"
      data-skeleton=""
      className={[styles.skeleton, styles[shape], className].filter(Boolean).join(' ')}
      style={style}
    />
  );
}

export interface SkeletonTextProps {
  lines?: number;
  className?: string;
}

/** Several text lines, the last one shorter. */
export function SkeletonText({ lines = 3, className }: SkeletonTextProps) {
  return (
    <span aria-hidden="true" className={[styles.lines, className].filter(Boolean).join(' ')}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} width={index === lines - 1 && lines > 1 ? '60%' : undefined} />
      ))}
    </span>
  );
}
