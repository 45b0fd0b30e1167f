import type { BonusesData, BonusRow, BonusRowKind } from '#shared/screens/bonuses.ts';
import { BONUS_TEXTS } from '#shared/screens/bonuses.ts';
import { formatDate } from '#shared/format/date.ts';
import { formatPoints } from '#shared/format/number/money.ts';
import { BONUS_FORMS, countOf, pluralCategory } from '#shared/format/plural.ts';

// The words of the 'Бонусы' page, kept apart from the markup so the component stays about layout.

export const KIND_LABELS: Record<BonusRowKind, string> = {
  earned: 'Начислено',
  credited: 'Зачислено',
  returned: 'Возвращено',
  spent: 'Списано',
  annulled: 'Аннулировано',
  expired: 'Сгорело',
};

/** 'DD.MM' of an ISO moment. */
const dayMonth = (iso: string) => formatDate(iso).slice(0, 5);

/** 'ещё N бонусов станут доступны DD.MM' (ADR 0016), with the verb agreeing with N. */
export function pendingLine(points: number, activatesAt: string | null): string {
  const one = pluralCategory(points) === 'one';
  if (activatesAt === null)
    return `ещё ${countOf(points, BONUS_FORMS)} ${one ? 'станет доступен' : 'станут доступны'} после восстановления участия`;
  return `ещё ${countOf(points, BONUS_FORMS)} ${one ? 'станет доступен' : 'станут доступны'} ${dayMonth(activatesAt)}`;
}

export function expiringLine(points: number, expiresAt: string): string {
  return `${countOf(points, BONUS_FORMS)} ${pluralCategory(points) === 'one' ? 'сгорит' : 'сгорят'} ${formatDate(expiresAt)}`;
}

/**
 * What the page says about earning, from the same answer as the ledger it shows (never a
 * contradiction; ADR 0016, amended). A participant earns; one that left or is suspended is told so; while a pause or
 * end is announced the programme's notice says it, so this says nothing.
 */
export function earningText(reason: BonusesData['not_earning']): string | null {
  if (reason === null) return BONUS_TEXTS.earning;
  if (reason === 'left') return BONUS_TEXTS.left;
  if (reason === 'suspended') return BONUS_TEXTS.suspended;
  return null;
}

/** The points of a row as the ledger shows them, grouped as the balance is: '+617', '+1 500', '−150'. */
export function signedPoints(row: BonusRow): string {
  const points = formatPoints(Math.abs(row.points));
  return row.points > 0 ? `+${points}` : `−${points}`;
}

/** A credit's state beside it, when it says more than the kind does. */
export function rowStateText(row: BonusRow): string | null {
  if (row.state === 'pending')
    return row.activates_at ? `станут доступны ${formatDate(row.activates_at)}` : 'ожидают восстановления участия';
  if (row.state === 'active' && row.expires_at) return `действуют до ${formatDate(row.expires_at)}`;
  return null;
}
