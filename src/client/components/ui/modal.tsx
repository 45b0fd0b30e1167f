import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { lockScroll } from '#client/lib/scroll-lock.ts';
import { CloseButton } from './close-button.tsx';
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

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]') && element.getAttribute('aria-hidden') !== 'true' && !element.hidden,
  );
}

/** Open modals, innermost last: only the top one handles Escape and keeps focus. */
const stack: symbol[] = [];

/** Makes everything outside `keep` inert (not focusable, hidden from screen readers); returns the undo. */
function makeOutsideInert(keep: HTMLElement): () => void {
  const changed: Element[] = [];
  for (const element of Array.from(document.body.children)) {
    if (element === keep || element.hasAttribute('inert')) continue;
    element.setAttribute('inert', '');
    changed.push(element);
  }
  return () => {
    for (const element of changed) element.removeAttribute('inert');
  };
}

/**
 * A real modal dialog: rendered into <body>, focus moved in, trapped and given back on close,
 * the rest of the page inert, page scroll locked, Escape and overlay close when allowed.
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
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pointerDownOnOverlay = useRef(false);
  const onCloseRef = useRef(onClose);
  const closeOnEscapeRef = useRef(closeOnEscape);

  useEffect(() => {
    onCloseRef.current = onClose;
    closeOnEscapeRef.current = closeOnEscape;
  });

  useEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    const panel = panelRef.current;
    if (!root || !panel) return;

    const id = Symbol('modal');
    stack.push(id);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlockScroll = lockScroll();
    const restoreOutside = makeOutsideInert(root);
    (initialFocusRef?.current ?? panel).focus({ preventScroll: true });

    const isTop = () => stack[stack.length - 1] === id;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !isTop() || event.defaultPrevented) return;
      event.preventDefault();
      if (closeOnEscapeRef.current) onCloseRef.current();
    };
    // Focus that escapes anyway (a click on a non-inert overlay element, a browser without inert) comes back.
    const onFocusIn = (event: FocusEvent) => {
      if (!isTop() || !(event.target instanceof Node) || root.contains(event.target)) return;
      (focusableIn(panel)[0] ?? panel).focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const index = stack.indexOf(id);
      if (index !== -1) stack.splice(index, 1);
      restoreOutside();
      unlockScroll();
      if (previouslyFocused?.isConnected) previouslyFocused.focus({ preventScroll: true });
    };
  }, [open, initialFocusRef]);

  if (!open || typeof document === 'undefined') return null;

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = focusableIn(panelRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      panelRef.current.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onOverlayPointerDown = (event: MouseEvent<HTMLDivElement>) => {
    pointerDownOnOverlay.current = event.target === event.currentTarget;
  };
  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    const startedOnOverlay = pointerDownOnOverlay.current;
    pointerDownOnOverlay.current = false;
    if (event.target !== event.currentTarget || !startedOnOverlay) return;
    if (closeOnOverlay) onClose();
  };

  return createPortal(
    <div
      ref={rootRef}
      className={`${styles.overlay} ${styles[variant]}`}
      data-testid="modal-overlay"
      onMouseDown={onOverlayPointerDown}
      onClick={onOverlayClick}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={[styles.panel, styles[`size-${size}`], className].filter(Boolean).join(' ')}
        onKeyDown={trapTab}
      >
        <div className={hideTitle && !showCloseButton ? styles.headerHidden : styles.header}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          {showCloseButton && <CloseButton onClick={onClose} />}
        </div>
        <div className={styles.body}>{children}</div>
        {footer != null && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
