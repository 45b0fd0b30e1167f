import { useState } from 'react';
import { NOTIFICATION_MAIL_MESSAGES } from '#shared/screens/notification-mail.ts';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { RetryRow } from '#client/components/ui/retry-row.tsx';
import { useNoConnection } from '#client/lib/connection.ts';
import { asApiError } from '#client/lib/http.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { fetchNotificationMail, saveNotificationMail } from './api.ts';

/**
 * 'Дублировать уведомления на e-mail' (ADR 0045): the account's notifications also go to its login
 * address. Disabled until the saved state is known; a failed load offers 'Повторить' (none with no
 * connection: the list of the page it sits on says that once, and the switch loads again by itself
 * when the server answers, lib/use-remote.ts); what a press
 * saved is said under it (polite live region), and a failed save leaves the switch where it was.
 */
export function NotificationMailSwitch() {
  const state = useRemote(fetchNotificationMail);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const noConnection = useNoConnection();

  // The switch itself is the loading state (disabled, busy): only a failure takes its place. Offline
  // Уведомления said 'Нет связи с сервером' twice, each with its 'Повторить': the list's is enough.
  if (state.data === null && state.failure)
    return noConnection ? null : <RetryRow failure={state.failure} onRetry={state.reload} final={state.finalFailure} />;

  const toggle = (wanted: boolean) => {
    setBusy(true);
    setMessage(undefined);
    saveNotificationMail(wanted).then(
      (answer) => {
        state.update(() => answer.on);
        setMessage({ tone: 'success', text: answer.message });
        setBusy(false);
      },
      (error: unknown) => {
        setMessage({ tone: 'error', text: asApiError(error, NOTIFICATION_MAIL_MESSAGES.failed).message });
        setBusy(false);
      },
    );
  };

  return (
    <div>
      <CheckboxField
        role="switch"
        aria-checked={state.data === true}
        label={NOTIFICATION_MAIL_MESSAGES.switchLabel}
        checked={state.data === true}
        disabled={state.data === null || busy}
        aria-busy={state.data === null || busy || undefined}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
      {/* Always there, empty until a press: a live region announces what is put into it. */}
      <FormMessage tone={message?.tone ?? 'success'}>{message?.text}</FormMessage>
    </div>
  );
}
