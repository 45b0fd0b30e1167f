import type { EndpointOutput } from '#shared/api/endpoint.ts';
import type { listKavoIds } from '#shared/screens/kavo.ts';
import { useRemote } from '#client/lib/use-remote.ts';
import { fetchKavoList } from './api.ts';

export type KavoList = EndpointOutput<typeof listKavoIds>;

/** The linked identities and whether KAVO ID is configured here, as a page's remote data. */
export const useKavoList = () => useRemote(fetchKavoList);
