import { useState } from 'react';
import { CloseButton } from '#client/components/ui/button.tsx';
import styles from './cabinet-nav.module.css';

/** localStorage: the bank-details notice was closed on this device. */
export const BANK_NOTICE_CLOSED_KEY = 'portal:bank-details-notice-closed';

function closedHere(): boolean {
  try {
    return globalThis.localStorage?.getItem(BANK_NOTICE_CLOSED_KEY) === '1';
  } catch {
    return false; // storage blocked: the notice shows, and can still be closed for this visit
  }
}

function rememberClosed(): void {
  try {
    globalThis.localStorage?.setItem(BANK_NOTICE_CLOSED_KEY, '1');
  } catch {
    // quota or privacy mode: closed for this visit only
  }
}

export interface BankDetailsBannerProps {
  /** The clinic has bills: the new bank details matter only to one that pays bills. */
  hasBills: boolean;
}

/**
 * The notice about the new bank details (cabinet.md §Profile shell). It points to the QR and the
 * requisites of 'Оплатить' (PAYEE_*), the ones the portal itself gives: sending clinics to other
 * requisites (the bill's file) would leave two sets to choose between (ADR 0046). Shown on every
 * cabinet page of a clinic with bills until closed; closed, it stays away on this device.
 */
export function BankDetailsBanner({ hasBills }: BankDetailsBannerProps) {
  const [closed, setClosed] = useState(closedHere);
  if (!hasBills || closed) return null;
  return (
    <div className={styles.banner} role="note">
      <span className={styles.bannerIcon} aria-hidden="true">
        !
      </span>
      <p className={styles.bannerText}>
        <strong>С 12 сентября изменились банковские реквизиты</strong> для оплаты счетов. Платите по QR-коду или
        реквизитам из кнопки «Оплатить» в разделе «Счета» — в них уже новые.
      </p>
      <CloseButton
        className={styles.bannerClose}
        aria-label="Закрыть уведомление о реквизитах"
        onClick={() => {
          rememberClosed();
          setClosed(true);
        }}
      />
    </div>
  );
}
