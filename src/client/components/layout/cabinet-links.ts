import type { UserData } from '#shared/api/account.ts';

/** The cabinet's sections (cabinet.md §2), in menu order; the top navigation and the More panel list them. */
export const CABINET_LINKS = [
  { to: '/cabinet/tickets', label: 'Заявки' },
  { to: '/cabinet/notifications', label: 'Уведомления' },
  { to: '/cabinet/bills', label: 'Счета' },
  { to: '/cabinet/bonuses', label: 'Бонусы' },
  { to: '/cabinet/promocode', label: 'Промокоды' },
  { to: '/cabinet/address', label: 'Мои адреса' },
  { to: '/cabinet/profile', label: 'Личные данные' },
  { to: '/cabinet/password', label: 'Смена пароля' },
  { to: '/cabinet/accesses', label: 'Доступы' },
  { to: '/cabinet/history', label: 'История' },
  { to: '/cabinet/kavo-id', label: 'KAVO ID' },
  { to: '/cabinet/settings', label: 'Настройки' },
] as const;

export type CabinetPath = (typeof CABINET_LINKS)[number]['to'];

/** The sections a colleague's accesses may give nothing of (UserData `hidden_sections`, ADR 0054). */
const HIDEABLE: Readonly<Record<string, NonNullable<UserData['hidden_sections']>[number]>> = {
  '/cabinet/tickets': 'tickets',
  '/cabinet/bills': 'bills',
};

/** Whether the link to `to` is shown: not when the account has no way to that section (the server refuses it anyway). */
export function isShownSection(to: string, hidden: UserData['hidden_sections']): boolean {
  const section = HIDEABLE[to];
  return section === undefined || !(hidden ?? []).includes(section);
}

/** Where the cabinet opens: the requests list, or the bills for a colleague given only those ('Счета'). */
export function cabinetHome(hidden: UserData['hidden_sections']): '/cabinet/tickets' | '/cabinet/bills' {
  return isShownSection('/cabinet/tickets', hidden) ? '/cabinet/tickets' : '/cabinet/bills';
}

/** Whether `pathname` is a cabinet page (the header's cabinet state, the guard, logout's way out). */
export function isCabinetPath(pathname: string): boolean {
  return pathname === '/cabinet' || pathname.startsWith('/cabinet/');
}
