import { ApiError } from '#client/lib/http.ts';

const UNEXPECTED_MESSAGE = 'Что-то пошло не так. Попробуйте ещё раз.';

/** Any thrown value as an ApiError (callApi throws them; anything else is a bug, shown generically). */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  console.error(error);
  return new ApiError(UNEXPECTED_MESSAGE, 0);
}

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
