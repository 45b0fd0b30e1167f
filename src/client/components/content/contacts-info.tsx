import { Link } from '@tanstack/react-router';
import styles from './content.module.css';

/** How to reach the service (the /contacts page's text; the addresses follow it, from the offices data). */
export function ContactsInfo() {
  return (
    <div className={styles.prose}>
      <p>Мы ответим на вопросы о заявках, ремонте, счетах и бонусах.</p>
      <h2>По заявке</h2>
      <p>
        Быстрее всего — прямо из заявки: откройте её в разделе <Link to="/cabinet/tickets">«Заявки»</Link> и нажмите
        «Обсудить» у нужного инструмента. Вопрос попадёт менеджеру сервисного центра, который ведёт ремонт. Все
        сервисные центры — <Link to="/service-centres">списком и на карте</Link>.
      </p>
    </div>
  );
}
