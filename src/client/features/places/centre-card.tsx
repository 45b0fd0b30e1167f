import type { ServiceCentre } from '#shared/screens/places.ts';
import styles from './places.module.css';

/** A service centre's card: name, address, phone and e-mail (links on a phone). */
export function CentreCard({ centre, compact = false }: { centre: ServiceCentre; compact?: boolean }) {
  const Heading = compact ? 'p' : 'h3';
  return (
    <div className={compact ? styles.centreCompact : styles.card}>
      <Heading className={styles.name}>{centre.name}</Heading>
      <p className={styles.address}>{[centre.country_name, centre.city, centre.address].filter(Boolean).join(', ')}</p>
      <p className={styles.apartment}>
        <a href={`tel:${centre.manager_phone.replace(/[^\d+]/g, '')}`}>{centre.manager_phone}</a>
        {' · '}
        <a href={`mailto:${centre.email}`}>{centre.email}</a>
      </p>
    </div>
  );
}
