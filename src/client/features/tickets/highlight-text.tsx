import type { ReactNode } from 'react';
import styles from './highlight-text.module.css';

// E-mail addresses, then runs of digits (ticket numbers, track numbers, sums).
const PATTERN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\d+/gu;

export interface TextPart {
  text: string;
  highlighted: boolean;
}

/** Splits text into plain and highlighted parts (e-mails and digit runs); joined, they give the text back. */
export function splitHighlights(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(PATTERN)) {
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start), highlighted: false });
    parts.push({ text: match[0], highlighted: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), highlighted: false });
  return parts;
}

/**
 * Text from the back office with e-mails and numbers highlighted (cabinet.md §2 History panel).
 * Only React text nodes are made, never HTML: the descriptions are not ours to trust.
 */
export function HighlightText({ text }: { text: string }): ReactNode {
  return splitHighlights(text).map((part, index) =>
    part.highlighted ? (
      <mark key={index} className={styles.mark}>
        {part.text}
      </mark>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}
