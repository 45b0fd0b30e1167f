import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from './content-disposition.ts';

describe('contentDisposition', () => {
  it('keeps an ASCII name as is', () => {
    expect(contentDisposition('waybill-1572204408.pdf')).toBe(
      `attachment; filename="waybill-1572204408.pdf"; filename*=UTF-8''waybill-1572204408.pdf`,
    );
  });

  it('percent-encodes Cyrillic in filename* and falls back to underscores', () => {
    const header = contentDisposition('Ведомость №5.pdf', 'inline');
    expect(header).toBe(
      `inline; filename="_________ _5.pdf"; filename*=UTF-8''%D0%92%D0%B5%D0%B4%D0%BE%D0%BC%D0%BE%D1%81%D1%82%D1%8C%20%E2%84%965.pdf`,
    );
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe('Ведомость №5.pdf');
  });

  it('cannot be broken out of with quotes, semicolons or new lines', () => {
    const header = contentDisposition('a"; filename="evil.html\r\nX-Injected: 1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toContain("filename*=UTF-8''a%22%3B%20filename%3D%22evil.htmlX-Injected%3A%201.pdf");
  });

  it('encodes the characters RFC 5987 leaves out of attr-char', () => {
    expect(contentDisposition("it's (1)*.png")).toContain("filename*=UTF-8''it%27s%20%281%29%2A.png");
  });
});

describe('safeFileName', () => {
  it('drops directories and control characters', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\docs\\фото.png')).toBe('фото.png');
    expect(safeFileName('\u0000\u0007')).toBe('file');
  });

  it('drops bidirectional controls, so a name cannot show another extension than it has', () => {
    expect(safeFileName('счёт\u202Efdp.exe')).toBe('счётfdp.exe');
    for (const control of [
      '\u061c',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(safeFileName(`a${control}b.pdf`)).toBe('ab.pdf');
    }
    expect(contentDisposition('акт\u202Efdp.exe')).not.toContain('%E2%80%AE');
  });

  it('drops invisible characters, so two names cannot look the same and differ', () => {
    for (const invisible of ['\u180e', '\u200b', '\u200c', '\u200d', '\u2060', '\u2061', '\u2064', '\ufeff']) {
      expect(safeFileName(`a${invisible}b.pdf`)).toBe('ab.pdf');
    }
  });
});
