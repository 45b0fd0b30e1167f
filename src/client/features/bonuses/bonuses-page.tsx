import { formatPoints } from '#shared/format/number/money.ts';
import { Link } from '@tanstack/react-router';
import type { BonusesData, BonusRow } from '#shared/screens/bonuses.ts';
import { formatDate } from '#shared/format/date.ts';
import { BONUS_FORMS, pluralize } from '#shared/format/plural.ts';
import { programmeText } from '#shared/screens/programme-text.ts';
import { Page } from '#client/components/layout/page.tsx';
import { RemoteView } from '#client/components/ui/remote-view.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useRemote } from '#client/lib/use-remote.ts';
import { fetchBonuses } from './api.ts';
import { earningText, expiringLine, KIND_LABELS, pendingLine, rowStateText, signedPoints } from './bonus-texts.ts';
import styles from './bonuses.module.css';

export interface BonusesPageProps {
  /** The page loaded: the header's balance should follow what it shows. */
  onLoaded: () => void;
}

/**
 * Бонусы (portal.md §4.7; ADR 0016): the active balance, points waiting to
 * activate with their dates, points expiring within 30 days, whether the clinic earns now (or the
 * programme's notice), and the ledger with where each change came from.
 */
export function BonusesPage({ onLoaded }: BonusesPageProps) {
  const remote = useRemote(async (signal) => {
    const data = await fetchBonuses(signal);
    onLoaded();
    return data;
  });
  return (
    <Page title="Бонусы" actions={<Link to="/loyalty">Как потратить?</Link>}>
      <RemoteView remote={remote} skeleton={<BonusesSkeleton />}>
        {(data) => <BonusesContent data={data} />}
      </RemoteView>
    </Page>
  );
}

function BonusesSkeleton() {
  return (
    <div aria-busy="true" aria-label="Загрузка бонусов" className={styles.summary}>
      <div className={styles.card}>
        <Skeleton width="6rem" />
        <Skeleton width="8rem" height="2rem" />
      </div>
      <div className={styles.card}>
        <Skeleton width="10rem" />
        <Skeleton width="60%" />
      </div>
    </div>
  );
}

function BonusesContent({ data }: { data: BonusesData }) {
  const earning = earningText(data.not_earning);
  const programme = programmeText(data.programme);
  return (
    <>
      {programme ? <p className={`${styles.notice} ${styles.warning}`}>{programme}</p> : null}
      <div className={styles.summary}>
        <section className={styles.card} aria-labelledby="bonuses-balance">
          <h2 id="bonuses-balance" className={styles.cardTitle}>
            Доступно
          </h2>
          <p className={styles.balance}>
            {formatPoints(data.balance)}
            {'\u00A0'}
            <span className={styles.unit}>{pluralize(data.balance, BONUS_FORMS)}</span>
          </p>
          <p className={styles.hint}>
            {'1\u00A0бонус = 1\u00A0₽; оплачивайте бонусами до 30\u00A0% стоимости ремонта.'}
          </p>
        </section>
        <section className={styles.card} aria-labelledby="bonuses-pending">
          <h2 id="bonuses-pending" className={styles.cardTitle}>
            Ожидают активации: {formatPoints(data.pending)}
          </h2>
          {data.pending_by_date.length === 0 ? <p className={styles.hint}>Нет бонусов, ожидающих активации.</p> : null}
          <ul className={styles.lines}>
            {data.pending_by_date.map((item) => (
              <li key={item.activates_at ?? 'held'}>{pendingLine(item.points, item.activates_at)}</li>
            ))}
          </ul>
        </section>
      </div>
      {data.expiring.length > 0 ? (
        <section className={`${styles.notice} ${styles.warning}`} aria-labelledby="bonuses-expiring">
          <h2 id="bonuses-expiring" className={styles.cardTitle}>
            Скоро сгорят
          </h2>
          <ul className={styles.lines}>
            {data.expiring.map((item) => (
              <li key={item.expires_at}>{expiringLine(item.points, item.expires_at)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {earning ? (
        <section className={`${styles.notice} ${styles.info}`} aria-label="Начисление бонусов">
          <p className={styles.noticeText}>{earning}</p>
        </section>
      ) : null}
      <h2 className={styles.sectionTitle}>История бонусов</h2>
      {data.rows.length === 0 ? (
        // What earns is said once, above, by the state: here only that nothing happened yet.
        <p className={styles.empty}>Пока нет ни начислений, ни списаний.</p>
      ) : (
        <ul className={styles.ledger} aria-label="История бонусов">
          {data.rows.map((row) => (
            <LedgerRow key={row.key} row={row} />
          ))}
        </ul>
      )}
    </>
  );
}

function RowSource({ row }: { row: BonusRow }) {
  if (row.ticket_id !== null) {
    return (
      <Link to="/cabinet/tickets/$id" params={{ id: row.ticket_id }}>
        Заявка №{row.ticket_id}
      </Link>
    );
  }
  if (row.bill !== null) return <Link to="/cabinet/bills">Счёт №{row.bill}</Link>;
  if (row.order !== null) return <span>Заказ №{row.order}</span>;
  return null;
}

function LedgerRow({ row }: { row: BonusRow }) {
  const state = rowStateText(row);
  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <span className={styles.kind}>{KIND_LABELS[row.kind]}</span>
        <span className={row.points > 0 ? styles.plus : styles.minus}>{signedPoints(row)}</span>
      </div>
      <p className={styles.reason}>{row.reason}</p>
      <p className={styles.meta}>
        <time dateTime={row.date}>{formatDate(row.date)}</time>
        <RowSource row={row} />
        {state ? <span>{state}</span> : null}
      </p>
    </li>
  );
}
