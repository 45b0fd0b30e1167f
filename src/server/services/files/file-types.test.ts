import { describe, expect, it } from 'vitest';
import { cleanFileName, NAME_MAX, sniffType } from './file-types.ts';

// The name an upload is stored under: cut to NAME_MAX characters, never inside a character.

const PNG = sniffType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))!;
const TOOTH = '\u{1F9B7}'; // two UTF-16 units
const hasLoneSurrogate = (text: string) => /\p{Cs}/u.test(text);

describe('cleanFileName', () => {
  it('counts characters, not UTF-16 units, and never keeps half an emoji', () => {
    for (const raw of [`${'а'.repeat(NAME_MAX - 1)}${TOOTH}${TOOTH}.png`, TOOTH.repeat(NAME_MAX + 5)]) {
      const name = cleanFileName(raw, PNG);
      expect(hasLoneSurrogate(name), name).toBe(false);
      expect(Array.from(name.replace(/\.png$/, '')).length).toBe(NAME_MAX);
    }
    expect(cleanFileName(`${'а'.repeat(NAME_MAX - 1)}${TOOTH}${TOOTH}.png`, PNG)).toBe(
      `${'а'.repeat(NAME_MAX - 1)}${TOOTH}.png`,
    );
    expect(cleanFileName(`${TOOTH.repeat(3)}.png`, PNG)).toBe(`${TOOTH.repeat(3)}.png`);
  });

  it('keeps the file names’ rule: no bidi or invisible characters, no directories', () => {
    expect(cleanFileName('../счёт\u202Egnp.exe', PNG)).toBe('счётgnp.exe.png');
    expect(cleanFileName('\u200b\ufeff', PNG)).toBe('file.png');
  });
});
