import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';

// 'Дублировать уведомления на e-mail' beside the Web Push switch on Уведомления (ADR 0045): every
// new notification of the account also goes to its login address, through the deliveries outbox.
// Off until the clinic turns it on.

export const NOTIFICATION_MAIL_MESSAGES = {
  switchLabel: 'Дублировать уведомления на e-mail',
  on: 'Уведомления будут приходить и на e-mail',
  off: 'Уведомления больше не будут приходить на e-mail',
  failed: 'Не удалось сохранить настройку. Попробуйте позже.',
  badValue: 'Укажите, включить ли уведомления на e-mail',
} as const;

export const getNotificationMail = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/notification-mail',
  output: okResponse({ on: v.boolean() }),
});

export const setNotificationMail = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/notification-mail',
  input: v.object({ on: v.boolean(NOTIFICATION_MAIL_MESSAGES.badValue) }),
  output: okResponse({ message: v.string(), on: v.boolean() }),
});
