/** The label of a numeric code in one of the dictionaries, or the fallback for a code we do not know. */
export function labelOf(dictionary: Readonly<Record<number, string>>, code: number, fallback = '—'): string {
  return dictionary[code] ?? fallback;
}
