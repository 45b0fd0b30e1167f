import type { Office } from '#shared/api/tickets.ts';
import { isServiceCentreOffice } from '#shared/dictionaries/regions.ts';
import { telHref } from '#shared/screens/map-links.ts';
import styles from './ticket-page.module.css';

/** A ticket handled by a regional service centre shows the centre instead of statements (offices 1 and 2 are central). */
export function isServiceCentre(office: Office | null): office is Office {
  return office !== null && isServiceCentreOffice(office.id);
}

/** The service-centre card (cabinet.md §2 Ticket page, right column). */
export function ServiceCentreCard({ office }: { office: Office }) {
  const address = [office.country_name, office.city, office.address].filter(Boolean).join(', ');
  return (
    <section className={styles.office} aria-labelledby="ticket-office-title">
      <h2 id="ticket-office-title" className={styles.officeTitle}>
        Заявка отправлена в сервисный центр
      </h2>
      <p className={styles.officeName}>{office.name}</p>
      <dl className={styles.officeFacts}>
        {office.manager_phone && (
          <div>
            <dt>Телефон менеджера</dt>
            <dd>
              <a href={telHref(office.manager_phone)} className={styles.link}>
                {office.manager_phone}
              </a>
            </dd>
          </div>
        )}
        {address && (
          <div>
            <dt>Адрес</dt>
            <dd>{address}</dd>
          </div>
        )}
        {office.email && (
          <div>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${office.email}`} className={styles.link}>
                {office.email}
              </a>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
