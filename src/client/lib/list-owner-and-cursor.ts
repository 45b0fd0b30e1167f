// Its own module, without the list store: the entry builds a cold start's first list request with it
// (lib/head-start.ts).

/**
 * What every list call's query carries beside its own filter: the user's id as client_id for 'Только
 * мои', and the page's cursor; neither when not set.
 */
export function ownerAndCursor(onlyMine: boolean, userId: number, cursor: string | null) {
  const query: { client_id?: string; cursor?: string } = {};
  if (onlyMine) query.client_id = String(userId);
  if (cursor) query.cursor = cursor;
  return query;
}
