import { describe, expect, it } from 'vitest';
import { formatCode, sanitizeCode } from './code-mask.ts';

describe('code mask', () => {
  it('keeps the first 4 digits of any text', () => {
    expect(sanitizeCode('Код: 1-2-3-4')).toBe('1234');
    expect(sanitizeCode('123456')).toBe('1234');
    expect(sanitizeCode('')).toBe('');
  });

  it('formats as #-#-#-#', () => {
    expect(formatCode('1234')).toBe('1-2-3-4');
    expect(formatCode('12')).toBe('1-2');
    expect(formatCode('1')).toBe('1');
    expect(formatCode('')).toBe('');
  });
});
