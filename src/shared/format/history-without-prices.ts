// A ticket's history as 'Только заявки' reads it (issue 41, ADR 0049): no sums of money and no
// points. The suffixes a decision's line gets for points or a gift are cut; any other line that
// still names money or points (a repriced quote, points returned) is left out.

interface Line {
  description: string;
}

/** ', списано 500 бонусов' and ', выбран подарок «…» за 300 бонусов' (services/tickets/decisions.ts). */
const POINTS_SUFFIX = /, (?:списано \d[\d\s\u00a0]* бонус\S*|выбран подарок «[^»]*» за \d[\d\s\u00a0]* бонус\S*)/gu;
/** A sum as formatMoney writes it ('12 500,00 ₽'), or any mention of points. */
const PRICE_OR_POINTS = /₽|руб|бонус|балл/iu;

export function withoutPricesAndPoints<T extends Line>(lines: readonly T[]): T[] {
  return lines
    .map((line) => ({ ...line, description: line.description.replace(POINTS_SUFFIX, '') }))
    .filter((line) => !PRICE_OR_POINTS.test(line.description));
}
