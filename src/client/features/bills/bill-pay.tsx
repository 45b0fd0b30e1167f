import { useState } from 'react';
import type { Bill } from '#shared/screens/bills.ts';
import { Button } from '#client/components/ui/button.tsx';
import { lazyComponent } from '#client/lib/lazy-component.tsx';

// 'Оплатить' on an unpaid bill (ADR 0028). The dialog (QR, requisites, sharing) is its own chunk,
// fetched on the first press (or ahead, on hover and focus); the worker precaches it, so it opens
// offline too, and the list itself stays as light as before.

const BillPaymentDialog = lazyComponent(() =>
  import('./bill-payment-dialog.tsx').then((module) => module.BillPaymentDialog),
);

/** The button, only on a bill the server offers a payment for (unpaid, with the payee configured). */
export function BillPay({ bill }: { bill: Bill }) {
  const [open, setOpen] = useState(false);
  if (!bill.payment) return null;
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
      {open && <BillPaymentDialog bill={bill} payment={bill.payment} onClose={() => setOpen(false)} />}
    </>
  );
}
