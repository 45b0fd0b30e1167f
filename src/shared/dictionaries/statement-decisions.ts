// What the clinic decided on a repair quote (a statement, the API's `defective_lists[].agreed`),
// and the statement statuses a decision sets. One dictionary for the server, the page and the worker.

/** `agreed` codes of a statement: 0 until the clinic decides. */
export const AGREED = { none: 0, approved: 1, rejected: 2, discussed: 3, tradeIn: 4 } as const;
export type AgreedCode = (typeof AGREED)[keyof typeof AGREED];

/** What was decided, in words that finish 'Решение уже принято: …'. */
export const AGREED_LABELS: Readonly<Record<number, string>> = {
  [AGREED.approved]: 'ремонт согласован',
  [AGREED.rejected]: 'от ремонта отказались',
  [AGREED.discussed]: 'ремонт на обсуждении',
  [AGREED.tradeIn]: 'обмен на новый инструмент',
};

/** Statement statuses (src/shared/dictionaries/defect-statuses.ts) that the clinic's decisions set. */
export const STATEMENT_STATUS = { awaiting: 1, agreed: 2, closed: 3, cancelled: 4 } as const;

/** True while the clinic has not decided on the statement yet. */
export const isUndecided = (statement: { agreed: number }): boolean => statement.agreed === AGREED.none;
