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

/** Whether `pathname` is a cabinet page (the header's cabinet state, the guard, logout's way out). */
export function isCabinetPath(pathname: string): boolean {
  return pathname === '/cabinet' || pathname.startsWith('/cabinet/');
}
