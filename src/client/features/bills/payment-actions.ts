// What the payment dialog does outside the page (ADR 0028): the clipboard and the system share sheet.

/**
 * Puts text on the clipboard. The Clipboard API where the page may use it (HTTPS, a user's press);
 * else the old copy command on a hidden field inside the open dialog (the page around a modal is
 * inert, and a field there cannot be selected).
 */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) return await navigator.clipboard.writeText(text);
  } catch {
    // Refused (no permission, not focused): the copy command below may still work.
  }
  const host = document.activeElement?.closest('[role="dialog"]') ?? document.body;
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  host.append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  if (!copied) throw new Error('copy refused');
}

/** The bill's PDF as a file to share; fetched when the dialog opens, so the press shares at once (Safari drops a share that waited). */
export async function fetchBillFile(url: string, name: string): Promise<File> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new File([await response.blob()], name, { type: 'application/pdf' });
}

/** Opens the PDF the ordinary way: a download, or the browser's viewer. */
export function downloadBill(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.click();
}

export type ShareOutcome = 'shared' | 'cancelled' | 'downloaded';

/**
 * 'Поделиться счётом': the PDF through the Web Share API with files (a messenger, the mail to the
 * accountant); where files cannot be shared (desktop Firefox, older browsers) or the file did not
 * come, the download instead.
 */
export async function shareBill(file: File | null, url: string, name: string, title: string): Promise<ShareOutcome> {
  const data: ShareData | null = file ? { files: [file], title } : null;
  if (data && typeof navigator.canShare === 'function' && navigator.canShare(data)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // NotAllowedError and the like: the download still gets the file to the user.
    }
  }
  downloadBill(url, name);
  return 'downloaded';
}
