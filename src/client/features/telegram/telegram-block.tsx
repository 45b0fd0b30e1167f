import { useEffect, useState } from 'react';
import { TELEGRAM_MESSAGES, type TelegramState } from '#shared/screens/telegram.ts';
import { Button, buttonClassName } from '#client/components/ui/button.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { asApiError, UNEXPECTED_MESSAGE } from '#client/lib/http.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { disconnectTelegram, fetchTelegramState } from './api.ts';
import { QrCode } from '#client/components/ui/qr-code.tsx';
import styles from './telegram-block.module.css';

const TITLE = 'Уведомления в Telegram';

/**
 * The messaging-bot block of Личные данные (cabinet.md §2 Personal data): 'Подключено' with
 * 'Отключить' when a chat is linked, else a QR code and the bot's start link with the account's own
 * token; the QR opens the messaging QR modal (portal.md §2.3). Hidden when the portal has no bot.
 * Checked again when the page comes back into view (the user went to Telegram and back).
 */
export function TelegramBlock() {
  // Wrapped: null is "not loaded yet" to useRemote, while a null state means "no bot".
  const state = useRemote(async (signal) => ({ telegram: await fetchTelegramState(signal) }));
  const { reload } = state;

  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  // Nothing until the first answer: a portal without a bot would show the title and a skeleton, then drop them.
  if (state.data?.telegram === null || (state.data === null && !state.failure)) return null;
  return (
    <section
      className={styles.block}
      aria-labelledby="telegram-block-title"
      aria-busy={(state.data === null && state.loading) || undefined}
    >
      <h2 id="telegram-block-title" className={styles.title}>
        {TITLE}
      </h2>
      <RemoteView remote={state} skeleton={<Skeleton width="80%" />}>
        {({ telegram }) =>
          telegram ? (
            <TelegramLink telegram={telegram} onChange={(next) => state.update(() => ({ telegram: next }))} />
          ) : null
        }
      </RemoteView>
    </section>
  );
}

/** The linked chat with 'Отключить', or the QR code and the start link. */
function TelegramLink({
  telegram,
  onChange,
}: {
  telegram: TelegramState;
  onChange: (next: TelegramState | null) => void;
}) {
  const [qrOpen, setQrOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();

  const disconnect = () => {
    setBusy(true);
    setMessage(undefined);
    disconnectTelegram().then(
      (answer) => {
        onChange(answer.telegram);
        setMessage({ tone: 'success', text: answer.message });
        setBusy(false);
      },
      (error: unknown) => {
        setMessage({ tone: 'error', text: asApiError(error, UNEXPECTED_MESSAGE).message });
        setBusy(false);
      },
    );
  };

  return (
    <>
      {telegram.connected || !telegram.link ? (
        <div className={styles.connected}>
          <span className={styles.status}>
            <span aria-hidden="true">✓</span>
            {TELEGRAM_MESSAGES.connected}
          </span>
          <Button variant="secondary" onClick={disconnect} disabled={busy}>
            Отключить
          </Button>
        </div>
      ) : (
        <>
          <p className={styles.text}>
            Получайте уведомления о заявках и счетах в Telegram: отсканируйте QR-код или откройте ссылку и нажмите
            «Запустить».
          </p>
          <div className={styles.link}>
            <button
              type="button"
              className={styles.qrButton}
              onClick={() => setQrOpen(true)}
              aria-label="Показать QR-код крупно"
            >
              <QrCode text={telegram.link} size={128} label="QR-код для подключения Telegram" />
            </button>
            <a className={buttonClassName('primary')} href={telegram.link} target="_blank" rel="noopener noreferrer">
              Открыть Telegram
            </a>
          </div>
          <Modal
            open={qrOpen}
            onClose={() => setQrOpen(false)}
            title="QR-код для входа в Telegram-бот"
            size="sm"
            footer={
              <a
                className={buttonClassName('primary', true)}
                href={telegram.link}
                target="_blank"
                rel="noopener noreferrer"
              >
                Открыть Telegram
              </a>
            }
          >
            <p>
              Откройте камеру телефона или Telegram и наведите на QR-код: откроется чат с ботом сервисного центра.
              Нажмите в нём «Запустить» — уведомления начнут приходить туда.
            </p>
            <div className={styles.modalQr}>
              <QrCode text={telegram.link} size={280} label="QR-код для подключения Telegram" />
            </div>
          </Modal>
        </>
      )}
      <FormMessage tone={message?.tone}>{message?.text}</FormMessage>
    </>
  );
}
