import { useState, type MouseEvent, type ReactNode } from 'react';
import { lazyComponent } from '#client/lib/lazy-component.tsx';
import { DOCUMENTS, type DocumentName } from './documents.ts';

const DocumentDialog = lazyComponent(() => import('./document-dialog.tsx').then((module) => module.DocumentDialog));

export interface DocumentLinkProps {
  document: DocumentName;
  className?: string;
  children: ReactNode;
}

/** A click that asks for the browser's own handling: a new tab or window, a download. */
const wantsBrowserHandling = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * A link to a legal text that opens it as a popup in place (the form being filled stays as it is);
 * its real address still works without scripts, and for a middle or modified click.
 */
export function DocumentLink({ document, className, children }: DocumentLinkProps) {
  const [open, setOpen] = useState(false);
  const openInPlace = (event: MouseEvent<HTMLAnchorElement>) => {
    if (wantsBrowserHandling(event)) return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <a
        className={className}
        href={DOCUMENTS[document].path}
        target="_blank"
        rel="noopener"
        aria-haspopup="dialog"
        onClick={openInPlace}
        onPointerEnter={() => void DocumentDialog.preload()}
        onFocus={() => void DocumentDialog.preload()}
      >
        {children}
      </a>
      {open ? <DocumentDialog document={document} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
