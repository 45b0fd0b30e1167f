import * as v from 'valibot';
import { emailField, passwordField } from '../validation/fields.ts';
import { messages } from '../validation/messages.ts';

// The back office's calls (API.md). Answers are plain JSON, not the portal's envelope.

const optionalText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, messages.tooLong))));

export const createClientInput = v.object({
  email: emailField,
  name: v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), v.maxLength(60, messages.tooLong)),
  surname: v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), v.maxLength(60, messages.tooLong)),
  patronymic: optionalText(60),
  phone: optionalText(30),
  company: optionalText(200),
  password: v.optional(passwordField),
});
export type CreateClientInput = v.InferOutput<typeof createClientInput>;

export const createClientOutput = v.object({ id: v.number() });
