import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { HighlightText, splitHighlights } from './highlight-text.tsx';

describe('splitHighlights', () => {
  it('marks e-mails and digit runs and gives the text back when joined', () => {
    const text = 'Заявка №501 от anna.p+1@clinic-7.ru, трек 1572204408.';
    const parts = splitHighlights(text);
    expect(parts.filter((p) => p.highlighted).map((p) => p.text)).toEqual([
      '501',
      'anna.p+1@clinic-7.ru',
      '1572204408',
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('leaves the digits inside names alone, and keeps a grouped sum and a number after № whole', () => {
    const text = 'Наконечник NSK Ti-Max X25L и W&H TA-98, ведомость №ДВ-0001, заявка № 501, 12 500,00 ₽, 06.03.2026';
    const marks = splitHighlights(text)
      .filter((p) => p.highlighted)
      .map((p) => p.text);
    expect(marks).toEqual(['ДВ-0001', '501', '12 500,00', '06.03.2026']);
  });

  it('handles text with nothing to mark, and empty text', () => {
    expect(splitHighlights('Счёт выставлен')).toEqual([{ text: 'Счёт выставлен', highlighted: false }]);
    expect(splitHighlights('')).toEqual([]);
  });
});

describe('HighlightText', () => {
  it('renders markup as text', () => {
    const { container } = render(<HighlightText text={'<script>alert(2)</script><b>x</b>'} />);
    expect(container.querySelector('script, b')).toBeNull();
    expect(container.textContent).toBe('<script>alert(2)</script><b>x</b>');
    expect(container.querySelectorAll('mark')).toHaveLength(1);
  });
});
