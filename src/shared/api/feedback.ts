import * as v from 'valibot';
import { messages } from '../validation/messages.ts';
import { defineEndpoint, okResponse } from './endpoint.ts';
import { cleanText } from '../validation/invisible-characters.ts';

// The feedback box (portal.md §2.6, §4.5, §5): a suggestion about the portal from a logged-in clinic.

export const FEEDBACK_MAX = 300;
export const FEEDBACK_MIN = 10;

export const FEEDBACK_MESSAGES = {
  sent: 'Спасибо! Ваше предложение отправлено.',
  guest: 'Войдите или зарегистрируйтесь, чтобы отправить предложение',
  min: 'Минимум 10 символов',
  max: 'Максимум 300 символов',
} as const;

export const feedbackComment = v.pipe(
  v.string(messages.requiredShort),
  cleanText(),
  v.nonEmpty(messages.requiredShort),
  v.minLength(FEEDBACK_MIN, FEEDBACK_MESSAGES.min),
  v.maxLength(FEEDBACK_MAX, FEEDBACK_MESSAGES.max),
);

/** As the spec names the call; the back office reads it as a `feedback.sent` event. */
export const sendProposal = defineEndpoint({
  method: 'POST',
  path: '/ajax/form/proposal-send',
  input: v.object({ comment: feedbackComment }),
  output: okResponse({ message: v.string() }),
});
