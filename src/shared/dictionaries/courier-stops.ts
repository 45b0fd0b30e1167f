// A courier's stops (API.md §Added for the fourth wave): their kinds, states and the reasons of 'Не застал', with
// their Russian words in src/shared/screens/courier-labels.ts (only the courier's screens and the server
// use them: they stay off a clinic's cold start, ADR 0035).

export const STOP_KINDS = ['pickup', 'return'] as const;
export type StopKind = (typeof STOP_KINDS)[number];

/** planned → en_route (any number of times: a new ETA) → done or failed, both final. */
export const STOP_STATES = ['planned', 'en_route', 'done', 'failed'] as const;
export type StopState = (typeof STOP_STATES)[number];

export const STOP_FAIL_REASONS = ['closed', 'no_contact', 'not_ready', 'other'] as const;
export type StopFailReason = (typeof STOP_FAIL_REASONS)[number];

/** The choices of 'Еду': minutes until the courier expects to arrive. */
export const ETA_CHOICES = [15, 30, 60] as const;
export type EtaMinutes = (typeof ETA_CHOICES)[number];
