import { useState } from 'react';
import { PUSH_MESSAGES } from '#shared/screens/push.ts';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { currentSubscription, disablePush, enablePush, pushSupported, resaveSubscription } from './api.ts';

/** Whether this device is subscribed now (a failed look: not); a subscription found is saved again for the account. */
async function subscribedHere(signal: AbortSignal): Promise<boolean> {
  const subscription = await currentSubscription().catch(() => null);
  if (subscription && !signal.aborted) void resaveSubscription(subscription);
  return subscription !== null;
}

/**
 * 'Присылать уведомления на это устройство' (ADR 0019): permission is asked only when the switch is
 * pressed; on, this device's push subscription is saved for the account; off, it is removed. Not
 * shown where the browser has no push (an iPhone's Safari outside an installed app, for one).
 */
export function PushSwitch() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const supported = pushSupported();
  // null until the device has been looked at; then what the switch shows, and what the last press made it.
  const state = useRemote(supported ? subscribedHere : null);
  const on = state.data;

  if (!supported) return null;

  const toggle = (wanted: boolean) => {
    setBusy(true);
    setError(undefined);
    (wanted ? enablePush() : disablePush().then(() => 'off' as const)).then(
      (result) => {
        state.update(() => result === 'on');
        if (result === 'denied') setError(PUSH_MESSAGES.denied);
        setBusy(false);
      },
      () => {
        setError(PUSH_MESSAGES.failed);
        setBusy(false);
      },
    );
  };

  return (
    <CheckboxField
      role="switch"
      aria-checked={on === true}
      label={PUSH_MESSAGES.switchLabel}
      checked={on === true}
      disabled={on === null || busy}
      aria-busy={busy || undefined}
      onChange={(event) => toggle(event.currentTarget.checked)}
      error={error}
    />
  );
}
