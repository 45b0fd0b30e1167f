// The KAVO ID calls (src/shared/screens/kavo.ts) and the city suggestions of the profile form.
import {
  connectKavoId,
  getKavoProfile,
  listKavoIds,
  unlinkKavoId,
  updateKavoProfile,
  type KavoProfileForm,
} from '#shared/screens/kavo.ts';
import { suggestCities } from '#shared/screens/places.ts';
import { callApi } from '#client/lib/http.ts';

export const fetchKavoList = (signal?: AbortSignal) => callApi(listKavoIds, { signal });

export const fetchKavoProfile = (kavoId: number, signal?: AbortSignal) =>
  callApi(getKavoProfile, { input: { kavo_id: String(kavoId) }, signal });

export const saveKavoProfile = async (kavoId: number, form: KavoProfileForm): Promise<string> =>
  (await callApi(updateKavoProfile, { input: { kavo_id: kavoId, ...form } })).message;

export const unlinkKavo = async (kavoId: number): Promise<string> =>
  (await callApi(unlinkKavoId, { input: { kavo_id: kavoId } })).message;

/** The provider's authorization address 'Привязать KAVO ID' sends the browser to. */
export const startKavoLink = async (): Promise<string> => (await callApi(connectKavoId, { input: {} })).url;

/** 'Страна, Город' suggestions (cabinet.md §7 geo/suggest, limit 5). */
export const suggestKavoCities = async (query: string): Promise<string[]> =>
  (await callApi(suggestCities, { input: { query, limit: 5 } })).data.map((place) => `${place.country}, ${place.city}`);
