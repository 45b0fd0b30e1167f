import { useState } from 'react';
import { offersPayment, type Bill } from '#shared/screens/bills.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { PartErrorBoundary } from '#client/components/ui/error-boundary.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';

// 'Оплатить' on an unpaid bill (ADR 0028). The dialog (QR, requisites, sharing) is its own chunk,
// fetched on the first press (or ahead, on hover and focus); the worker precaches it, so it opens
// offline too, and the list itself stays as light as before.

const BillPaymentDialog = lazyComponent(() =>
  import('./bill-payment-dialog.tsx').then((module) => module.BillPaymentDialog),
);

const DIALOG_FAILED =
  'Не удалось показать оплату этого счёта. Скачайте счёт и оплатите его по реквизитам из файла или напишите нам.';

/** The button, only on a bill the server offers a payment for (unpaid, not zero, with the payee configured). */
export function BillPay({ bill }: { bill: Bill }) {
  const [open, setOpen] = useState(false);
  if (!offersPayment(bill)) return null;
  const close = () => setOpen(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void BillPaymentDialog.preload()}
        onFocus={() => void BillPaymentDialog.preload()}
        aria-haspopup="dialog"
        aria-label={`Оплатить счёт ${bill.id_1c}`}
      >
        Оплатить
      </Button>
      {open && (
        // A dialog that cannot draw this bill says so in its place; the list and the page stay.
        <PartErrorBoundary
          failure={DIALOG_FAILED}
          fallback={() => (
            <Modal open onClose={close} title={`Оплата счёта № ${bill.id_1c}`} size="md">
              <FormMessage tone="error">{DIALOG_FAILED}</FormMessage>
            </Modal>
          )}
        >
          <BillPaymentDialog bill={bill} payment={bill.payment} onClose={close} />
        </PartErrorBoundary>
      )}
    </>
  );
}
