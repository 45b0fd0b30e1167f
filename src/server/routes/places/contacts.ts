import { Hono } from 'hono';
import { getContacts } from '#shared/screens/contacts.ts';
import type { AppEnv } from '#server/context.ts';
import { route } from '#server/lib/validate.ts';
import { loadContacts } from '#server/services/places/contacts.ts';

// The contacts page's data (src/shared/screens/contacts.ts): public, as the page is.
export const contactsRoutes = new Hono<AppEnv>();

route(contactsRoutes, getContacts, async (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return { success: true, ...(await loadContacts(c.var.deps.config, c.var.deps.database.db)) };
});
