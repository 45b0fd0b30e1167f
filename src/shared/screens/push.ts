import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';

// Web Push for this device ('Присылать уведомления на это устройство', ADR 0019): the portal's VAPID
// public key for pushManager.subscribe, and the PushSubscription saved or removed for the account.

export const PUSH_MESSAGES = {
  switchLabel: 'Присылать уведомления на это устройство',
  denied: 'Уведомления запрещены в настройках браузера для этого сайта. Разрешите их там и включите снова.',
  failed: 'Не удалось включить уведомления. Попробуйте позже.',
  badSubscription: 'Браузер передал неверную подписку на уведомления',
} as const;

/** The longest endpoint we keep; push services' are a few hundred characters. */
const MAX_ENDPOINT_LENGTH = 2048;

/** base64url of exactly `bytes` bytes (with or without padding). */
const base64urlOf = (bytes: number) =>
  v.pipe(
    v.string(PUSH_MESSAGES.badSubscription),
    v.regex(/^[\w-]+={0,2}$/, PUSH_MESSAGES.badSubscription),
    v.check((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, PUSH_MESSAGES.badSubscription),
  );

/** PushSubscription.toJSON(), as the browser gives it (expirationTime is ignored). */
export const pushSubscriptionInput = v.object({
  endpoint: v.pipe(
    v.string(PUSH_MESSAGES.badSubscription),
    v.maxLength(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.badSubscription),
    v.url(PUSH_MESSAGES.badSubscription),
  ),
  keys: v.object({
    /** The browser's uncompressed P-256 public key. */
    p256dh: base64urlOf(65),
    /** The 16-byte auth secret. */
    auth: base64urlOf(16),
  }),
});

export const getPushKey = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/push/key',
  output: okResponse({ public_key: v.string() }),
});

/** Saves this device's subscription for the account (an endpoint belongs to the account that saved it last). */
export const subscribePush = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/push/subscribe',
  input: pushSubscriptionInput,
  output: okResponse({}),
});

export const unsubscribePush = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/push/unsubscribe',
  input: v.object({ endpoint: v.pipe(v.string(), v.maxLength(MAX_ENDPOINT_LENGTH)) }),
  output: okResponse({}),
});

/** What a push carries, encrypted (the server's sender writes it, the service worker shows it). */
export const pushMessage = v.object({
  title: v.string(),
  body: v.string(),
  /** One notification replaces another with the same tag instead of stacking. */
  tag: v.string(),
  /** The page of the portal a tap opens: a path. */
  url: v.string(),
});
export type PushMessage = v.InferOutput<typeof pushMessage>;
