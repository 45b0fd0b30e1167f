/**
 * A value made on first use and kept. For Intl formatters: making one loads ICU locale data, which
 * on a slow phone costs tens of milliseconds of the first paint when done at module load.
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}
