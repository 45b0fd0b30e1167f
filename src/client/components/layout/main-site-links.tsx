import { useSiteSettings } from '#client/lib/site-settings.ts';
import styles from './more-panel.module.css';

/** The company's main site's sections (portal.md §2.5 static links): they live there, not in this app. */
export const MAIN_SITE_SECTIONS = [
  { path: '/laser', label: 'Лазерная маркировка' },
  { path: '/faq', label: 'Вопросы и ответы' },
  { path: '/news', label: 'Новости' },
  { path: '/articles', label: 'Статьи' },
  { path: '/services-list', label: 'Услуги' },
  { path: '/actions', label: 'Акции' },
  { path: '/updates', label: 'Обновления' },
] as const;

/** The links to MAIN_SITE_URL's sections; nothing at all while it is unknown or unset (no link to our 404). */
export function MainSiteLinks() {
  const base = useSiteSettings()?.main_site_url;
  if (!base) return null;
  return (
    <nav aria-label="Сайт компании">
      <h3 className={styles.groupTitle}>Сайт компании</h3>
      <ul className={styles.list}>
        {MAIN_SITE_SECTIONS.map((section) => (
          <li key={section.path}>
            <a className={styles.item} href={`${base}${section.path}`}>
              <span>{section.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
