import { useMemo, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { qrPng } from './qr-png.ts';
import styles from './bill-payment.module.css';

// On a phone the bank app's camera cannot read the phone's own screen (ADR 0046): the code goes to
// the bank app as a picture instead, saved to the gallery or shared straight into the app.

/** A download of the file under its name (a phone keeps it in its downloads or gallery). */
function download(file: File) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  link.click();
  // The browser reads the address when the download starts; a minute is ample before it goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const canShareFile = (file: File) => {
  try {
    return typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
};

export interface QrFileActionsProps {
  /** The code's text (the ГОСТ payload). */
  payload: string;
  /** The bill's number, for the file's name and the share sheet's title. */
  billNumber: string;
}

/** 'Сохранить QR-код' (a PNG) and, where the browser shares files, 'Поделиться'. */
export function QrFileActions({ payload, billNumber }: QrFileActionsProps) {
  // Made before the press: Safari drops a share that waited for work after the tap.
  const file = useMemo(
    () =>
      new File(
        [qrPng(payload) as Uint8Array<ArrayBuffer>],
        `QR-код счёта ${billNumber.replace(/[\\/:*?"<>|]/g, '-')}.png`,
        {
          type: 'image/png',
        },
      ),
    [payload, billNumber],
  );
  const shareable = useMemo(() => canShareFile(file), [file]);
  const [note, setNote] = useState<string | null>(null);

  const save = () => {
    download(file);
    setNote('QR-код сохранён в загрузки. В приложении банка выберите «Оплата по QR-коду» и загрузите эту картинку.');
  };
  const share = async () => {
    try {
      await navigator.share({ files: [file], title: `QR-код для оплаты счёта № ${billNumber}` });
      setNote(null);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setNote('Поделиться не получилось — сохраните QR-код и откройте его из приложения банка.');
    }
  };

  return (
    <div className={styles.qrActions}>
      <Button block onClick={save}>
        Сохранить QR-код
      </Button>
      {shareable && (
        <Button variant="secondary" block onClick={() => void share()} aria-label="Поделиться QR-кодом">
          Поделиться
        </Button>
      )}
      {note && <FormMessage tone="info">{note}</FormMessage>}
    </div>
  );
}
