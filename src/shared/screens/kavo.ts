import * as v from 'valibot';
import { messages } from '../validation/messages.ts';
import { text } from '../validation/fields.ts';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';
import { positiveInt4 } from '../api/ids.ts';
import { settingsForm } from './profile.ts';
import { queryInt } from '../api/query.ts';

// KAVO ID, the provider identity (cabinet.md §2 Provider identity page and Settings, §5–§8; API.md
// "Accounts"): an OpenID Connect provider whose identities an account links, reads and unlinks.
// The provider's tokens never leave the server; `kavo_id` is the linked identity's id here.

export const KAVO_MESSAGES = {
  notConfigured: 'KAVO ID не настроен на этом портале.',
  loadFailed: 'Не удалось загрузить данные пользователя.',
  failed: 'Произошла ошибка. Попробуйте позже.',
  unlinkConfirm: 'Отвязать пользователя?',
  unlinked: 'Пользователь отвязан',
  city: 'Укажите город в виде «Страна, Город»',
  unreachable: 'Не удалось связаться с KAVO ID. Попробуйте позже.',
} as const;

/** Where the provider sends the browser back ('Привязать KAVO ID'); it answers with a redirect to the page. */
export const KAVO_CALLBACK_PATH = '/ajax/cabinet/kavo-id/callback';
/** The page the callback redirects to, with `?kavo=<result>`. */
export const KAVO_PAGE_PATH = '/cabinet/kavo-id';

/** How a 'Привязать KAVO ID' ended, as the callback tells the page (`?kavo=`), and what the page says. */
export const KAVO_LINK_RESULTS = {
  linked: 'KAVO ID привязан',
  denied: 'Вы не дали доступ к данным KAVO ID. Ничего не привязано.',
  expired: 'Привязка устарела или начата в другом окне. Нажмите «Привязать KAVO ID» ещё раз.',
  taken:
    'Этот KAVO ID уже привязан к другому аккаунту. Отвяжите его там или войдите в KAVO ID под другим пользователем.',
  failed: 'Не удалось привязать KAVO ID. Попробуйте позже.',
  'not-configured': KAVO_MESSAGES.notConfigured,
} as const;
export type KavoLinkResult = keyof typeof KAVO_LINK_RESULTS;

export const isKavoLinkResult = (value: unknown): value is KavoLinkResult =>
  typeof value === 'string' && Object.hasOwn(KAVO_LINK_RESULTS, value);

/** 'Страна, Город': two non-empty parts split by a comma (cabinet.md §5). */
export const kavoCityField = v.pipe(
  text(200),
  v.nonEmpty(messages.requiredShort),
  v.check((value) => {
    const parts = value.split(',').map((part) => part.trim());
    return parts.length === 2 && parts.every((part) => part !== '');
  }, KAVO_MESSAGES.city),
);

export const kavoProfileForm = v.object({
  last_name: settingsForm.entries.surname,
  first_name: settingsForm.entries.name,
  middle_name: settingsForm.entries.patronymic,
  city: kavoCityField,
});
export type KavoProfileForm = v.InferInput<typeof kavoProfileForm>;

const kavoId = positiveInt4();

/** A linked identity as Настройки and the page list it. */
export const kavoListItem = v.object({
  kavo_id: v.number(),
  phone: v.string(),
  last_name: v.string(),
  first_name: v.string(),
  middle_name: v.string(),
});
export type KavoListItem = v.InferOutput<typeof kavoListItem>;

/** 'Привязать KAVO ID': the provider's authorization address to send the browser to. */
export const connectKavoId = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/kavo-id/connect',
  input: v.object({}),
  output: okResponse({ url: v.string() }),
});

/** The linked identities, oldest first; `configured` false when the KAVO_* settings are unset. */
export const listKavoIds = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/profile/kavo-list',
  output: okResponse({ configured: v.boolean(), profiles: v.array(kavoListItem) }),
});

/** One identity's profile, read from the provider with its stored token (the first linked one without `kavo_id`). */
export const getKavoProfile = defineEndpoint({
  method: 'GET',
  path: '/ajax/cabinet/profile/kavo-id',
  input: v.object({ kavo_id: v.optional(queryInt(1, 999_999_999)) }),
  output: okResponse({
    kavo_id: v.number(),
    last_name: v.string(),
    first_name: v.string(),
    middle_name: v.string(),
    phone: v.string(),
    city: v.string(),
  }),
});

export const updateKavoProfile = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/profile/update-kavo-id',
  input: v.object({ kavo_id: kavoId, ...kavoProfileForm.entries }),
  output: okResponse({ message: v.string() }),
});

export const unlinkKavoId = defineEndpoint({
  method: 'POST',
  path: '/ajax/cabinet/profile/unlink-kavo-id',
  input: v.object({ kavo_id: kavoId }),
  output: okResponse({ message: v.string() }),
});
