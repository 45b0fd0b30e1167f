import * as v from 'valibot';
import { object } from './object.ts';
import { idField, integerOut, integrationMessages, linkField } from './integration.ts';

// PUT /api/v1/banner (API.md §Notifications): the back office sets the site's one promo banner.

export const bannerMessages = {
  imageRequired: 'Для активного баннера нужна картинка (image_file_id)',
  imageType: 'Картинка баннера — файл JPEG, PNG или WebP',
  imagePrivate: 'Этот файл относится к документам клиента и не может быть картинкой баннера',
} as const;

export const putBannerInput = v.pipe(
  object({
    is_active: v.boolean(integrationMessages.boolean),
    /** Where a click on the banner leads: http(s) only; null for a banner without a link. */
    link: v.optional(v.nullable(linkField), null),
    image_file_id: v.optional(v.nullable(idField), null),
  }),
  v.forward(
    v.check((input) => !input.is_active || input.image_file_id !== null, bannerMessages.imageRequired),
    ['image_file_id'],
  ),
);
export type PutBannerInput = v.InferOutput<typeof putBannerInput>;

export const putBannerOutput = object({
  is_active: v.boolean(),
  link: v.nullable(v.string()),
  image_file_id: v.nullable(integerOut),
});
