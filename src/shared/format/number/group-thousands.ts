/** Groups an integer digit string by thousands with non-breaking spaces: '1234567' → '1 234 567'. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00A0');
}
