import { useEffect, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { copyText } from './payment-actions.ts';

const SHOWN_MS = 2500;

/** A copy button that says 'Скопировано' for a moment (or that copying failed), read out by screen readers. */
export function CopyButton({
  text,
  label,
  what,
  block = false,
  className,
}: {
  text: string;
  label: string;
  what: string;
  block?: boolean;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () =>
    copyText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <Button
      variant="secondary"
      block={block}
      className={className}
      onClick={() => void copy()}
      aria-label={state === 'idle' ? `${label}: ${what}` : undefined}
    >
      <span aria-live="polite">
        {state === 'copied' ? 'Скопировано' : state === 'failed' ? 'Не удалось, выделите текст' : label}
      </span>
    </Button>
  );
}
