import * as v from 'valibot';

export const healthOutput = v.object({ ok: v.literal(true), db: v.picklist(['pglite', 'postgres']) });
