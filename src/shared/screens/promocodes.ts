import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';

// Promo codes (cabinet.md §2 Promo code, §5; portal.md §4.3, §7, §8): a clinic redeems a code the
// back office made for points, once per code. The refusal's text comes in `errors.code` and is the
// result popup's heading.

export const PROMOCODE_MAX = 50;

export const PROMOCODE_MESSAGES = {
  required: 'Введите промокод',
  tooLong: `Промокод — не длиннее ${PROMOCODE_MAX} символов`,
  unknown: 'Промокод не найден',
  expired: 'Срок действия промокода истёк',
  exhausted: 'Промокод больше не действует: все активации использованы',
  used: 'Вы уже использовали этот промокод',
  congratulations: 'Поздравляем!',
} as const;

/** What the clinic types: trimmed, 1–50 characters; the server compares it ignoring case. */
export const promocodeField = v.pipe(
  v.string(PROMOCODE_MESSAGES.required),
  v.trim(),
  v.nonEmpty(PROMOCODE_MESSAGES.required),
  v.maxLength(PROMOCODE_MAX, PROMOCODE_MESSAGES.tooLong),
);

/** The key codes are matched by: case does not matter ('Весна2026' is 'ВЕСНА2026'), in any alphabet. */
export function promocodeKey(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * As the spec names the call: `{promocode}` → `message`, the number of points credited (portal.md §3
 * "Promo code request"); a refusal is 422 with its text in `errors.code` (429 when guessing).
 */
export const applyPromocode = defineEndpoint({
  method: 'POST',
  path: '/ajax/promocode/set',
  input: v.object({ promocode: promocodeField }),
  output: okResponse({ message: v.number() }),
});
