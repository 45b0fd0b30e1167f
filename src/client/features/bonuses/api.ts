// The 'Бонусы' page (src/shared/api/bonuses.ts).
import { confirmBonusEligibility, getBonuses, type BonusesData } from '#shared/api/bonuses.ts';
import { callApi } from '#client/lib/http.ts';

export async function fetchBonuses(): Promise<BonusesData> {
  return (await callApi(getBonuses)).data;
}

export async function confirmEligibility(): Promise<string> {
  return (await callApi(confirmBonusEligibility, { input: { confirmed: true } })).message;
}
