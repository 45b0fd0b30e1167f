/**
 * The kinds of account that share one login (DESIGN.md §Couriers; ADR 0042): a clinic (and its
 * colleagues) lands in the cabinet, the service centre's courier on /courier.
 */
export const ACCOUNT_KINDS = ['clinic', 'courier'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
