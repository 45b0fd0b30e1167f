import type { KavoListItem } from '#shared/screens/kavo.ts';
import { formatPhone } from '#shared/format/phone-mask.ts';

/** 'Фамилия Имя Отчество' of a linked identity, the parts it has. */
export const fullName = (identity: Pick<KavoListItem, 'last_name' | 'first_name' | 'middle_name'>) =>
  [identity.last_name, identity.first_name, identity.middle_name].filter(Boolean).join(' ');

/** The phone in the mask +7 (###) ###-##-##, or a dash when the provider gave none. */
export const shownPhone = (phone: string) => (phone ? formatPhone(phone) : '—');
