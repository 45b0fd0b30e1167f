import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { lockScroll } from '#client/lib/scroll-lock.ts';
import { CloseButton } from './button.tsx';
import styles from './modal.module.css';

export type ModalVariant = 'dialog' | 'sheet' | 'fullscreen';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, overlay click and the close button (each only when allowed below). */
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** Keep the heading for screen readers only. */
  hideTitle?: boolean;
  children?: ReactNode;
  /** Buttons row pinned under the scrolling body. */
  footer?: ReactNode;
  /**
   * dialog: centred box; a bottom sheet on phones. sheet: a bottom sheet on phones, a side panel
   * from 768 px. fullscreen: the whole screen at every width.
   */
  variant?: ModalVariant;
  /** Width of the dialog variant from 768 px. */
  size?: 'sm' | 'md' | 'lg';
  closeOnEscape?: boolean;
  closeOnOverlay?: boolean;
  showCloseButton?: boolean;
  /** Receives focus on open; otherwise the dialog itself does (so its title is read first). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** id of the element describing the dialog (aria-describedby). */
  describedBy?: string;
  className?: string;
}

/**
 * A modal dialog on the platform's <dialog>: showModal() puts it in the top layer and makes the rest of
 * the page inert (focus stays inside, screen readers see only it), and Escape reaches only the top
 * dialog as its 'cancel' event. Around that: rendered into <body> (so it is never inside another form),
 * focus moved in and given back to the opener on close, page scroll locked, overlay close when allowed.
 * The open state stays the caller's: Escape and the overlay ask onClose, they do not close by themselves.
 */
export function Modal({
  open,
  onClose,
  title,
  hideTitle = false,
  children,
  footer,
  variant = 'dialog',
  size = 'md',
  closeOnEscape = true,
  closeOnOverlay = true,
  showCloseButton = true,
  initialFocusRef,
  describedBy,
  className,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const latest = useRef({ onClose, closeOnEscape, closeOnOverlay });

  useEffect(() => {
    latest.current = { onClose, closeOnEscape, closeOnOverlay };
  });

  // A layout effect: the dialog is shown before the browser paints it closed.
  useLayoutEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    if (!dialog) return;

    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlockScroll = lockScroll();
    dialog.showModal();
    // The dialog itself unless told otherwise (showModal would pick its first control), so its title is read first.
    (initialFocusRef?.current ?? dialog).focus({ preventScroll: true });

    const onCancel = (event: Event) => {
      event.preventDefault();
      if (latest.current.closeOnEscape) latest.current.onClose();
    };
    // The browser may close it anyway (Chromium does on a second Escape with no click or key press
    // between): the caller decides whether it stays closed.
    const onNativeClose = () => {
      if (latest.current.closeOnEscape) latest.current.onClose();
      else if (dialog.isConnected) dialog.showModal();
    };
    // The overlay is the <dialog> itself around the panel: a click that starts and ends on it, not a
    // drag out of a field, asks to close. A pointer-only shortcut; Escape and the close button do the same.
    let pressedOnOverlay = false;
    const onMouseDown = (event: MouseEvent) => {
      pressedOnOverlay = event.target === dialog;
    };
    const onClick = (event: MouseEvent) => {
      const startedOnOverlay = pressedOnOverlay;
      pressedOnOverlay = false;
      if (event.target === dialog && startedOnOverlay && latest.current.closeOnOverlay) latest.current.onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('mousedown', onMouseDown);
    dialog.addEventListener('click', onClick);

    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('mousedown', onMouseDown);
      dialog.removeEventListener('click', onClick);
      dialog.close();
      unlockScroll();
      if (previouslyFocused?.isConnected) previouslyFocused.focus({ preventScroll: true });
    };
  }, [open, initialFocusRef]);

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <dialog
      ref={dialogRef}
      className={`${styles.overlay} ${styles[variant]}`}
      data-testid="modal-overlay"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      tabIndex={-1}
    >
      <div className={[styles.panel, styles[`size-${size}`], className].filter(Boolean).join(' ')}>
        <div className={hideTitle && !showCloseButton ? styles.headerHidden : styles.header}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          {showCloseButton && <CloseButton onClick={onClose} />}
        </div>
        <div className={styles.body}>{children}</div>
        {footer != null && <div className={styles.footer}>{footer}</div>}
      </div>
    </dialog>,
    document.body,
  );
}
