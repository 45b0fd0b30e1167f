import * as v from 'valibot';

/**
 * The bidirectional controls that make 'счёт\u202Efdp.exe' show as 'счётexe.pdf' (U+202A–U+202E,
 * U+2066–U+2069, U+200E/U+200F, U+061C) and the invisible characters (zero-width space and joiners,
 * word joiner, BOM, the Mongolian vowel separator) that make two texts look the same or hide
 * words from a search. Nobody types them on purpose: they come pasted, or planted.
 */
const INVISIBLE = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** The text without bidi controls and invisible characters: the one rule for free texts and file names. */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** The action free-text fields take instead of valibot's trim: invisible characters out, then trimmed. */
export const cleanText = () => v.transform((value: string) => withoutInvisible(value).trim());
