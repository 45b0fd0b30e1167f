import type { ApiError } from '#client/lib/http.ts';

/** The server's messages for the given fields, and whether any of them matched. */
export function pickFieldErrors<Field extends string>(
  error: ApiError,
  fields: readonly Field[],
): { errors: Partial<Record<Field, string>>; matched: boolean } {
  const errors: Partial<Record<Field, string>> = {};
  let matched = false;
  for (const field of fields) {
    const message = error.field(field);
    if (message) {
      errors[field] = message;
      matched = true;
    }
  }
  return { errors, matched };
}
