import type { AppDeps } from '#server/context.ts';
import type { SendOutcome } from '#server/delivery/outcome.ts';
import { smtpOutcome } from '#server/delivery/smtp-outcome.ts';
import type { Delivery } from '#server/services/notifications/deliveries.ts';
import { notificationAddress, notificationMail, openQueuedMail } from '#server/services/notifications/mail-queue.ts';

/** Sends one claimed e-mail row (ADR 0045): an account mail's sealed message, or a notification's copy. */
export async function sendMailDelivery(
  deps: Pick<AppDeps, 'config' | 'database' | 'mailer'>,
  delivery: Delivery,
): Promise<SendOutcome> {
  let message;
  if (delivery.mailBody !== null) {
    message = openQueuedMail(deps.config, delivery.mailBody);
    if (!message) return { kind: 'failed', reason: 'the queued mail does not open with this MAIL_QUEUE_KEY' };
  } else if (delivery.notificationId !== null) {
    const to = await notificationAddress(deps.database.db, delivery.notificationId);
    if (!to) return { kind: 'failed', reason: 'the account is gone' };
    message = notificationMail(to, delivery.text, `${deps.config.publicUrl}${delivery.url}`);
  } else {
    return { kind: 'failed', reason: 'nothing to send' };
  }
  try {
    await deps.mailer.send(message);
    return { kind: 'sent' };
  } catch (error) {
    return smtpOutcome(error);
  }
}
