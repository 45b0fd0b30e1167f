import type { Config } from '#server/context.ts';
import { dadataYandexProvider } from './dadata-yandex.ts';
import type { GeoFetch } from './http.ts';
import { osmProvider } from './osm.ts';
import type { GeoProvider } from './provider.ts';

/** The provider GEO_PROVIDER names, on the URLs and keys of the configuration. */
export function makeGeoProvider(config: Pick<Config, 'geo' | 'publicUrl'>, fetchFn: GeoFetch = fetch): GeoProvider {
  const { geo } = config;
  if (geo.provider === 'dadata-yandex') {
    return dadataYandexProvider({
      dadataUrl: geo.dadataUrl,
      dadataApiKey: geo.dadataApiKey ?? '',
      yandexGeocoderUrl: geo.yandexGeocoderUrl,
      yandexGeocoderApiKey: geo.yandexGeocoderApiKey,
      fetch: fetchFn,
    });
  }
  // Nominatim's usage policy asks for an identifying User-Agent.
  const userAgent = `ServicePortal/1.0 (+${config.publicUrl})`;
  return osmProvider({ photonUrl: geo.photonUrl, nominatimUrl: geo.nominatimUrl, userAgent, fetch: fetchFn });
}
