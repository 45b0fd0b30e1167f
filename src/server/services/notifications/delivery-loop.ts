import type { AppDeps } from '#server/context.ts';
import type { SendOutcome } from '#server/delivery/outcome.ts';
import { deliveriesDone } from '#server/metrics/domain.ts';
import { sendTelegramMessage } from '#server/delivery/telegram-bot.ts';
import { vapidKeysOf, vapidSubject } from '#server/delivery/vapid-keys.ts';
import { sendWebPush } from '#server/delivery/web-push-sender.ts';
import {
  claimDueDeliveries,
  pruneFinishedDeliveries,
  pushTargetOf,
  recordOutcome,
  type Delivery,
} from '#server/services/notifications/deliveries.ts';
import { openQueuedMail } from '#server/services/notifications/mail-queue.ts';
import { sendMailDelivery } from '#server/services/notifications/mail-sender.ts';

// The sender of the delivery outbox (ADR 0019): in the server process, every `intervalMs` it claims
// what is due and sends it, a batch at a time in parallel, so one slow channel delays a batch by at
// most the channel timeout and never the notification's write. Timers and the clock are injectable.

export interface DeliveryLoopOptions {
  intervalMs?: number;
  batchSize?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface DeliveryLoop {
  start(): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
  /** Sends what is due now (on one channel, if named); resolves to how many rows it tried. */
  runOnce(channel?: Delivery['channel']): Promise<number>;
}

const DEFAULT_INTERVAL_MS = 1_000;
const DEFAULT_BATCH = 20;
/** Finished rows are pruned at most this often (by each process; the delete is idempotent). */
const PRUNE_EVERY_MS = 60 * 60_000;

/** Sends one claimed row on its channel. */
export async function sendDelivery(
  deps: Pick<AppDeps, 'config' | 'database' | 'mailer'>,
  delivery: Delivery,
): Promise<SendOutcome> {
  const { config } = deps;
  if (delivery.channel === 'email') return sendMailDelivery(deps, delivery);
  if (delivery.channel === 'telegram') {
    if (!config.telegram) return { kind: 'retry', reason: 'Telegram is not configured' };
    if (!delivery.telegramChatId) return { kind: 'failed', reason: 'no chat' };
    const link = `${config.publicUrl}${delivery.url}`;
    const text = delivery.notificationId === null ? delivery.text : `${delivery.text}\n\n${link}`;
    return sendTelegramMessage(config.telegram, delivery.telegramChatId, text);
  }
  const target = await pushTargetOf(deps.database.db, delivery.pushSubscriptionId);
  if (!target) return { kind: 'failed', reason: 'subscription removed' };
  const message = {
    title: 'Сервисный центр',
    body: delivery.text,
    tag: `notification-${delivery.notificationId ?? delivery.id}`,
    url: delivery.url,
  };
  return sendWebPush(target, message, vapidKeysOf(config), vapidSubject(config), config);
}

export function createDeliveryLoop(
  deps: Pick<AppDeps, 'config' | 'database' | 'log' | 'now' | 'mailer'>,
  options: DeliveryLoopOptions = {},
): DeliveryLoop {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms).unref());
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as NodeJS.Timeout));
  let timer: unknown;
  let running: Promise<number> | null = null;
  let stopped = true;
  let prunedAt = -Infinity;

  async function deliver(delivery: Delivery): Promise<void> {
    let outcome: SendOutcome;
    try {
      outcome = await sendDelivery(deps, delivery);
    } catch (error) {
      outcome = { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
    const finished = await recordOutcome(deps.database.db, delivery, outcome, deps.now());
    deliveriesDone.inc({
      channel: delivery.channel,
      outcome: outcome.kind === 'sent' ? 'sent' : finished ? 'failed' : 'retry',
    });
    if (outcome.kind === 'sent') return;
    const fields = {
      id: delivery.id,
      channel: delivery.channel,
      // A mail is named by its kind, never its content (ADR 0045).
      ...(delivery.mailKind === null ? {} : { kind: delivery.mailKind }),
      attempts: delivery.attempts,
      outcome: outcome.kind,
      reason: outcome.reason,
    };
    if (finished && delivery.channel === 'email') deps.log.error('mail failed for good', fields);
    else deps.log.warn('delivery not sent', fields);
  }

  async function drain(channel?: Delivery['channel']): Promise<number> {
    const now = deps.now().getTime();
    if (now - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now;
      await pruneFinishedDeliveries(deps.database.db, deps.now());
    }
    const claimed = await claimDueDeliveries(deps.database.db, deps.now(), batchSize, channel);
    // Targets in parallel; one chat's, device's or mailbox's messages one after another, oldest
    // first, so they arrive in the order they were written (the newest code is the one that works).
    const byTarget = new Map<string, Delivery[]>();
    for (const delivery of claimed.toSorted((a, b) => a.id - b.id)) {
      const target = targetOf(delivery);
      byTarget.set(target, [...(byTarget.get(target) ?? []), delivery]);
    }
    await Promise.all(
      [...byTarget.values()].map(async (queue) => {
        for (const delivery of queue) await deliver(delivery);
      }),
    );
    return claimed.length;
  }

  function targetOf(delivery: Delivery): string {
    if (delivery.channel !== 'email') return delivery.telegramChatId ?? `push:${delivery.pushSubscriptionId}`;
    const mailbox = delivery.mailBody === null ? null : openQueuedMail(deps.config, delivery.mailBody)?.to;
    return mailbox ? `mail:${mailbox.trim().toLowerCase()}` : `mail:row-${delivery.id}`;
  }

  function runOnce(channel?: Delivery['channel']): Promise<number> {
    running ??= drain(channel).finally(() => (running = null));
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimer(() => {
      runOnce()
        .then((tried) => {
          // A full batch means more may be due: go on at once.
          if (tried === batchSize && !stopped) return runOnce();
          return tried;
        })
        .catch((error: unknown) => deps.log.error('delivery loop failed', { error }))
        .finally(schedule);
    }, intervalMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimer(timer);
      await running?.catch(() => {});
    },
    runOnce,
  };
}
