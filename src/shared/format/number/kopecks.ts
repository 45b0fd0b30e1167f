// Money arrives as decimal strings ('12500.00'); sums are done in integer kopecks (BigInt) so no
// float rounding ever shows up in a total.

const MONEY = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** '12500.5' → 1250050n; throws on anything that is not a decimal with at most two places. */
export function toKopecks(value: string): bigint {
  const match = MONEY.exec(value.trim());
  if (!match) throw new Error(`not a money amount: ${JSON.stringify(value)}`);
  const kopecks = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -kopecks : kopecks;
}

/** 1250050n → '12500.50' (the API's money string). */
export function fromKopecks(kopecks: bigint): string {
  const negative = kopecks < 0n;
  const abs = negative ? -kopecks : kopecks;
  const roubles = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${roubles}.${rest}`;
}

/** The sum of money strings as a money string; '0.00' for none. */
export function sumMoney(values: Iterable<string>): string {
  let total = 0n;
  for (const value of values) total += toKopecks(value);
  return fromKopecks(total);
}
