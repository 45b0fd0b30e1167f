import { describe, expect, it } from 'vitest';
import { giftLabel } from './gift-form.tsx';
import { gift } from './testing/fixtures.ts';

describe('giftLabel', () => {
  it('names an available gift plainly', () => {
    expect(giftLabel(gift())).toBe('Набор боров');
  });

  it('says how many points are missing for an unaffordable gift', () => {
    expect(giftLabel(gift({ is_available: false, need_balls: 12 }))).toBe(
      'Набор боров (осталось накопить 12\u00a0бонусов)',
    );
  });

  it('says the catalogue has none left when points are not the reason', () => {
    expect(giftLabel(gift({ is_available: false, need_balls: 0 }))).toBe('Набор боров (нет в наличии)');
  });
});
