import { useEffect, useState } from 'react';
import { PUSH_MESSAGES } from '#shared/api/push.ts';
import { CheckboxField } from '#client/components/ui/checkbox-field.tsx';
import { currentSubscription, disablePush, enablePush, pushSupported, resaveSubscription } from './api.ts';

/**
 * 'Присылать уведомления на это устройство' (ADR 0019): permission is asked only when the switch is
 * pressed; on, this device's push subscription is saved for the account; off, it is removed. Not
 * shown where the browser has no push (an iPhone's Safari outside an installed app, for one).
 */
export function PushSwitch() {
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const supported = pushSupported();

  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentSubscription().then(
      (subscription) => {
        if (!live) return;
        setOn(subscription !== null);
        if (subscription) void resaveSubscription(subscription);
      },
      () => live && setOn(false),
    );
    return () => {
      live = false;
    };
  }, [supported]);

  if (!supported) return null;

  const toggle = (wanted: boolean) => {
    setBusy(true);
    setError(undefined);
    (wanted ? enablePush() : disablePush().then(() => 'off' as const)).then(
      (result) => {
        setOn(result === 'on');
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
