import type { ReactNode } from 'react';
import styles from './highlight-text.module.css';

// What is worth a glance in a history line: e-mail addresses; what follows '№' (a ticket's, bill's
// or statement's number, 'ДВ-0001' included); and whole numbers standing alone (a sum with its
// thousands, a track number, a date). Digits inside a word or a model name ('X25L', 'TA-98') are
// part of a name, not a number: no letter, digit, '-' or '_' may touch a whole number.
const EMAIL = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
const AFTER_NUMBER_SIGN = String.raw`(?<=№\s?)[\p{L}\p{N}](?:[\p{L}\p{N}/_-]*[\p{L}\p{N}])?`;
const ALONE_BEFORE = String.raw`(?<![\p{L}\p{N}_-])`;
const ALONE_AFTER = String.raw`(?![\p{L}\p{N}_-])`;
const GROUPED_NUMBER = String.raw`\d{1,3}(?:[ \u00A0]\d{3})+(?:[.,]\d+)?`;
const PLAIN_NUMBER = String.raw`\d+(?:[.,:]\d+)*`;
const PATTERN = new RegExp(
  `${EMAIL}|${AFTER_NUMBER_SIGN}|${ALONE_BEFORE}(?:${GROUPED_NUMBER}|${PLAIN_NUMBER})${ALONE_AFTER}`,
  'gu',
);

export interface TextPart {
  text: string;
  highlighted: boolean;
}

/** Splits text into plain and highlighted parts (e-mails and whole numbers); joined, they give the text back. */
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
