import { IdentityList } from './identity-list.tsx';
import { useKavoList } from './use-kavo-list.ts';
import styles from './kavo.module.css';

/** Below Настройки: the linked KAVO ID identities with 'Отвязать' (cabinet.md §2 Settings); nothing when KAVO ID is neither configured nor linked. */
export function KavoSettingsSection() {
  const list = useKavoList();
  if (list.data && !list.data.configured && list.data.profiles.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="kavo-settings-title">
      <h2 id="kavo-settings-title" className={styles.sectionTitle}>
        Аккаунты KAVO ID
      </h2>
      <IdentityList list={list} />
    </section>
  );
}
