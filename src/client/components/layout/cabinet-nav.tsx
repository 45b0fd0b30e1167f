import { Link } from '@tanstack/react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { CABINET_LINKS } from './cabinet-links.ts';
import styles from './cabinet-nav.module.css';

export interface CabinetNavProps {
  unpaidBills: number;
}

/** The cabinet's top navigation (cabinet.md §Profile shell); hidden on phones, where the tab bar and More panel serve. */
export function CabinetNav({ unpaidBills }: CabinetNavProps) {
  return (
    <nav className={styles.nav} aria-label="Разделы личного кабинета">
      <ul className={styles.list}>
        {CABINET_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.link} activeProps={{ className: `${styles.link} ${styles.active}` }}>
              {link.label}
              {link.to === '/cabinet/bills' && <Badge count={unpaidBills} label="неоплаченных" />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The notice about the new bank details (cabinet.md §Profile shell), shown on every cabinet page. */
export function BankDetailsBanner() {
  return (
    <p className={styles.banner} role="note">
      <span className={styles.bannerIcon} aria-hidden="true">
        !
      </span>
      <span>
        <strong>С 12 сентября изменились банковские реквизиты</strong> для оплаты счетов. Оплачивайте счета по реквизитам,
        указанным в самом счёте.
      </span>
    </p>
  );
}
