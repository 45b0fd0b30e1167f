import type { ServiceCentre } from '#shared/screens/places.ts';
import { CENTRAL_OFFICE_IDS } from '#shared/dictionaries/regions.ts';
import { ContactsInfo } from '#client/components/content/contacts-info.tsx';
import { Page } from '#client/components/layout/page.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { CentreCard } from './centre-card.tsx';
import { CentreCardSkeletons } from './centre-card-skeletons.tsx';
import { fetchContacts } from './contacts-api.ts';
import styles from './places.module.css';

/**
 * 'Контакты': the support address (SUPPORT_EMAIL or the central office's), then the service centre's
 * contacts from the offices data: the central office first, then the regional centres.
 */
export function ContactsPage() {
  const contacts = useRemote(fetchContacts);
  const offices = contacts.data?.offices ?? [];
  const central = offices.filter((office) => CENTRAL_OFFICE_IDS.includes(office.id));
  const regional = offices.filter((office) => !CENTRAL_OFFICE_IDS.includes(office.id));

  return (
    <Page title="Контакты" narrow>
      <ContactsInfo />
      <RemoteView remote={contacts} skeleton={<CentreCardSkeletons label="Загрузка контактов" rows={2} />}>
        {({ support_email }) => (
          <>
            {support_email && (
              <section className={styles.region} aria-labelledby="contacts-support">
                <h2 id="contacts-support" className={styles.regionTitle}>
                  Служба поддержки
                </h2>
                <p className={styles.address}>
                  По вопросам работы личного кабинета, начисления бонусов и технических сбоев пишите на{' '}
                  <a href={`mailto:${support_email}`}>{support_email}</a>.
                </p>
              </section>
            )}
            <OfficeGroup title="Центральный офис" offices={central} />
            <OfficeGroup title="Региональные сервисные центры" offices={regional} />
            {offices.length === 0 && <p className={styles.empty}>Контакты сервисных центров пока не указаны.</p>}
          </>
        )}
      </RemoteView>
    </Page>
  );
}

function OfficeGroup({ title, offices }: { title: string; offices: ServiceCentre[] }) {
  if (offices.length === 0) return null;
  return (
    <section className={styles.region} aria-label={title}>
      <h2 className={styles.regionTitle}>{title}</h2>
      <ul className={styles.list}>
        {offices.map((office) => (
          <li key={office.id}>
            <CentreCard centre={office} />
          </li>
        ))}
      </ul>
    </section>
  );
}
