import * as v from 'valibot';
import { defineEndpoint, okResponse } from './endpoint.ts';

// The loyalty programme's pause or end as the site announces it (portal.md §4.7; ADR 0016: shown
// from the announcement). Public and small: the shell asks once after load, a guest as much as a clinic.

/** A pause or end announced (null while the programme runs): the Бонусы page and the shell's notice. */
export const programmeNotice = v.nullable(
  v.object({ state: v.picklist(['paused', 'ending']), ends_on: v.nullable(v.string()), ended: v.boolean() }),
);
export type ProgrammeNotice = v.InferOutput<typeof programmeNotice>;

export const getLoyaltyProgramme = defineEndpoint({
  method: 'GET',
  path: '/ajax/loyalty/programme',
  output: okResponse({ programme: programmeNotice }),
});
