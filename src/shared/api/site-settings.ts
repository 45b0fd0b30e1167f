import * as v from 'valibot';
import { defineEndpoint, okResponse } from './endpoint.ts';

/** What the public pages read from the server's settings; a null main site hides its links (portal.md §2.5, §8). */
export const getSiteSettings = defineEndpoint({
  method: 'GET',
  path: '/ajax/site/settings',
  output: okResponse({ main_site_url: v.nullable(v.string()), support_email: v.nullable(v.string()) }),
});
export type SiteSettings = Omit<v.InferOutput<typeof getSiteSettings.output>, 'success'>;
