import * as v from 'valibot';
import { defineEndpoint, okResponse } from '../api/endpoint.ts';

// The pickup calendar's call, apart from the rule that applies it (pickup-days.ts): the repair
// wizard's offline copy fetches it at idle (src/client/features/repair/offline-copies.ts) without
// bringing the rule's dayjs and the repair request's contract along.

const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

/** The calendar the wizard's address step applies (PickupCalendar of pickup-days.ts); never asked on a cold start. */
export const getPickupCalendar = defineEndpoint({
  method: 'GET',
  path: '/ajax/repair-requests/pickup-calendar',
  output: okResponse({
    cutoff_hour: v.number(),
    closed_days: v.array(day),
    /** Working Saturdays and Sundays (PickupCalendar.openDays); a cached answer of an older server has none. */
    open_days: v.optional(v.array(day), []),
  }),
});
