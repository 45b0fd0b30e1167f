// The promo-code call (src/shared/screens/promocodes.ts).
import { applyPromocode } from '#shared/screens/promocodes.ts';
import { callApi } from '#client/lib/http.ts';

/** Redeems the code; the points credited. A refusal throws an ApiError whose `field('code')` is its reason. */
export const redeemPromocode = async (promocode: string): Promise<number> =>
  (await callApi(applyPromocode, { input: { promocode } })).message;
