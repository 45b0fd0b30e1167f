import type { ReactNode } from 'react';
import type { UserData } from '#shared/api/account.ts';
import { Link, useRouterState } from '@tanstack/react-router';
import { buttonClassName } from '#client/components/ui/button.tsx';
import { Skeleton, SkeletonText } from '#client/components/ui/skeleton.tsx';
import { BankDetailsBanner } from './bank-details-banner.tsx';
import { CabinetNav } from './cabinet-nav.tsx';
import styles from './cabinet-layout.module.css';

export interface CabinetLayoutProps {
  unpaidBills: number;
  /** The clinic has any bills: the bank-details notice is for it only. */
  hasBills: boolean;
  /** Sections the account has no way to: the navigation leaves them out (issue 41). */
  hiddenSections?: UserData['hidden_sections'];
  children: ReactNode;
}

const REQUEST_FORM_PATH = '/cabinet/repair';

/** The profile shell (cabinet.md §Profile shell): top navigation, the bank-details notice, the section. */
export function CabinetLayout({ unpaidBills, hasBills, hiddenSections, children }: CabinetLayoutProps) {
  const onRequestForm = useRouterState({ select: (state) => state.location.pathname === REQUEST_FORM_PATH });
  return (
    <div className={styles.layout}>
      <CabinetNav unpaidBills={unpaidBills} hiddenSections={hiddenSections} />
      <div className={styles.bar}>
        <BankDetailsBanner hasBills={hasBills} />
        {/* Phones have the tab bar's central 'Ремонт'; wider screens get the request form here, on every
            cabinet page but the form itself (a link to the page one is on leads nowhere). */}
        {onRequestForm ? null : (
          <Link to={REQUEST_FORM_PATH} className={`${buttonClassName('primary')} ${styles.newRequest}`}>
            Новая заявка
          </Link>
        )}
      </div>
      <div className={styles.content}>{children}</div>
    </div>
  );
}

/**
 * The cabinet until the app knows who is here (the saved account read back, or without one the
 * server's answer): the shape of a section, a screen tall, so the footer below starts out of view and
 * nothing visible moves when the section comes.
 */
export function CabinetSkeleton() {
  return (
    <div className={`${styles.layout} ${styles.skeleton}`} aria-busy="true">
      <output className="visually-hidden">Загрузка…</output>
      <Skeleton shape="rect" height="3.75rem" className={styles.navSkeleton} />
      <Skeleton width="12rem" height="2rem" />
      <SkeletonText lines={4} />
    </div>
  );
}
