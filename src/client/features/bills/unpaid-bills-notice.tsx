import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { buttonClassName } from '#client/components/ui/button.tsx';
import { Modal } from '#client/components/ui/modal.tsx';
import { hasCookie, setCookie } from '#client/lib/screens/cookies.ts';

/** portal.md §4.6: the modal shows this long after the count changes… */
export const UNPAID_NOTICE_DELAY_MS = 1000;
/** …and at most once in this many days, remembered in a cookie of that life. */
export const UNPAID_NOTICE_DAYS = 7;
export const UNPAID_NOTICE_COOKIE = 'unpaid_bills_notice';

const noticeShownRecently = () => hasCookie(UNPAID_NOTICE_COOKIE);
const rememberNoticeShown = () => setCookie(UNPAID_NOTICE_COOKIE, UNPAID_NOTICE_DAYS);

export interface UnpaidBillsNoticeProps {
  /** The user data's unpaid_bills. */
  unpaidBills: number;
  /**
   * When (Date.now()) the data brought this count, if known: the second is counted from then, as this
   * component may mount later than the data came. Unknown, it counts from the change it sees.
   */
  countSince?: (count: number) => number | null;
}

/**
 * The unpaid-bills modal (portal.md §2.3, §4.6): 1 s after the count changes to above 0, unless it
 * was shown in the last 7 days (cookie 'unpaid_bills_notice').
 */
export function UnpaidBillsNotice({ unpaidBills, countSince }: UnpaidBillsNoticeProps) {
  const [open, setOpen] = useState(false);
  const lastCount = useRef<number | null>(null);

  useEffect(() => {
    // "When the data changes": the first value and every new one, not re-renders with the same count.
    if (lastCount.current === unpaidBills) return;
    lastCount.current = unpaidBills;
    if (unpaidBills <= 0 || noticeShownRecently()) return;
    const since = countSince?.(unpaidBills);
    const elapsed = since == null ? 0 : Date.now() - since;
    const timer = setTimeout(
      () => {
        if (noticeShownRecently()) return;
        rememberNoticeShown();
        setOpen(true);
      },
      Math.max(0, UNPAID_NOTICE_DELAY_MS - elapsed),
    );
    return () => clearTimeout(timer);
  }, [unpaidBills, countSince]);

  const close = () => setOpen(false);
  return (
    <Modal
      open={open}
      onClose={close}
      title="У вас есть неоплаченные счета"
      size="sm"
      describedBy="unpaid-bills-notice-text"
      footer={
        <Link to="/cabinet/bills" className={buttonClassName('primary')} onClick={close}>
          Перейти к счетам
        </Link>
      }
    >
      <p id="unpaid-bills-notice-text">Счета можно скачать в разделе «Счета»</p>
    </Modal>
  );
}
