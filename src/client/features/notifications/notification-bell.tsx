import { useEffect, useId, useRef, useState } from 'react';
import { UNREAD_NOTIFICATION_FORMS } from '#shared/format/plural.ts';
import { Badge, labelWithCount } from '#client/components/ui/badge.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import styles from './notification-bell.module.css';

// The list comes with its own chunk when the bell is first opened: the cabinet's start carries the button only.
const BellPanel = lazyComponent(() => import('./bell-panel.tsx').then((module) => module.BellPanel), {
  fallback: <output className={styles.loading}>Загрузка…</output>,
});

export interface NotificationBellProps {
  unread: number;
  /** The panel closed after showing notifications: the unread count is fetched again (it resets). */
  onClosed: () => void;
}

/**
 * The desktop bell under /cabinet (portal.md §2.4): the unread count on it, and a panel of the
 * notifications under 'Уведомления' with 'Показать все'. Closes on Escape and a click outside.
 */
export function NotificationBell({ unread, onClosed }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const onClosedRef = useRef(onClosed);
  useEffect(() => {
    onClosedRef.current = onClosed;
  });

  useEffect(() => {
    if (!open) return;
    const close = () => {
      setOpen(false);
      onClosedRef.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const toggle = () => {
    if (open) onClosedRef.current();
    setOpen(!open);
  };

  return (
    <div ref={root} className={styles.bell}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={labelWithCount('Уведомления', unread, UNREAD_NOTIFICATION_FORMS) ?? 'Уведомления'}
        onClick={toggle}
      >
        <Icon name="bell" size={22} />
        <Badge count={unread} decorative className={styles.badge} />
      </button>
      {open ? (
        <section id={panelId} className={styles.panel} aria-label="Уведомления">
          <BellPanel onNavigate={() => setOpen(false)} />
        </section>
      ) : null}
    </div>
  );
}
