import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  checkAddressEndpoint,
  deleteAddress,
  geocodeCoordinates,
  listAddresses,
  listServiceCentres,
  mapSettings,
  saveAddress,
  suggestAddresses,
  suggestCities,
} from '#shared/screens/places.ts';
import type { AppEnv } from '#server/context.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { readPathId, route } from '#server/lib/validate.ts';
import { requireSession, sessionOf } from '#server/middleware/session.ts';
import * as addressBook from '#server/services/places/addresses.ts';
import * as geo from '#server/services/places/geo.ts';
import { listOffices } from '#server/services/places/offices.ts';

// Places (src/shared/screens/places.ts): the account's saved addresses, for a logged-in clinic;
// suggestions and geocoding through our server, the service centres and the map's settings, for
// anyone (a guest's wizard has the same address step, portal.md §2.1).

export const placesRoutes = new Hono<AppEnv>();
const loggedIn = { before: [requireSession()] };

/** A guest's wizard asks the provider too (docs/api.md): counted per address, a clinic per account. */
const askerOf = (c: Context<AppEnv>): geo.GeoAsker => c.var.session?.clientId ?? `guest:${clientIp(c)}`;

route(placesRoutes, suggestAddresses, async (c, { query }) => ({
  success: true,
  suggestions: await geo.suggestAddresses(c.var.deps, askerOf(c), query),
}));

route(placesRoutes, geocodeCoordinates, async (c, { lat, lon }) => ({
  success: true,
  suggestions: await geo.reverseGeocode(c.var.deps, askerOf(c), lat, lon),
}));

route(placesRoutes, checkAddressEndpoint, async (c, { address }) => ({
  success: true,
  check: await geo.checkTypedAddress(c.var.deps, askerOf(c), address),
}));

route(
  placesRoutes,
  suggestCities,
  async (c, { query, limit }) => ({
    success: true,
    data: await geo.suggestCities(c.var.deps, sessionOf(c).clientId, query, limit),
  }),
  loggedIn,
);

route(
  placesRoutes,
  listAddresses,
  async (c) => {
    c.header('Cache-Control', 'private, no-cache');
    return { success: true, data: await addressBook.listAddresses(c.var.deps.database.db, sessionOf(c).clientId) };
  },
  loggedIn,
);

route(
  placesRoutes,
  saveAddress,
  async (c, form) => {
    const address = await addressBook.saveAddress(c.var.deps, sessionOf(c).clientId, form);
    return { success: true, address_id: address.id, address };
  },
  loggedIn,
);

route(
  placesRoutes,
  deleteAddress,
  async (c) => {
    await addressBook.deleteAddress(c.var.deps, sessionOf(c).clientId, readPathId(c));
    return { success: true };
  },
  loggedIn,
);

// Public, as a contacts page is: guests choose a centre too.
route(placesRoutes, listServiceCentres, async (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return { success: true, data: await listOffices(c.var.deps.database.db) };
});

route(placesRoutes, mapSettings, async (c) => ({
  success: true,
  tiles_url: c.var.deps.config.mapTilesUrl,
  attribution: MAP_ATTRIBUTION,
}));

/** OpenStreetMap's data licence asks for this wherever its tiles are shown. */
const MAP_ATTRIBUTION = '© участники OpenStreetMap';
