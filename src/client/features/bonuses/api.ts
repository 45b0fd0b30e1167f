// The 'Бонусы' page (src/shared/screens/bonuses.ts).
import { getBonuses, type BonusesData } from '#shared/screens/bonuses.ts';
import { callApi } from '#client/lib/http.ts';

export async function fetchBonuses(signal?: AbortSignal): Promise<BonusesData> {
  return (await callApi(getBonuses, { signal })).data;
}
