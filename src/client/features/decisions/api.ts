// The decision calls, through the app's one HTTP client and the shared contract
// (src/shared/screens/decisions.ts). Every decision carries the Idempotency-Key of the user's tap.
import { IDEMPOTENCY_HEADER } from '#shared/api/headers.ts';
import {
  approveDefects,
  discussDefect,
  getDefectLoyalty,
  getTradeInInstrument,
  listTradeInInstruments,
  rejectDefects,
  tradeInDefect,
  type Gift,
  type StatementTerms,
  type TradeInDetail,
  type TradeInListItem,
} from '#shared/screens/decisions.ts';
import type { EndpointInput } from '#shared/api/endpoint.ts';
import { queuedAnswer, seenTermsHeader, type QueuedAnswer } from '#shared/screens/outbox.ts';
import { callApi, callApiOr } from '#client/lib/http.ts';
import { refreshOutbox } from '#client/lib/sw-bridge.ts';

export type ApprovePayload = EndpointInput<typeof approveDefects>;
export type RejectPayload = EndpointInput<typeof rejectDefects>;
export type DiscussPayload = EndpointInput<typeof discussDefect>;
export type TradeInPayload = EndpointInput<typeof tradeInDefect>;

/** What every decision answers: the server's Russian message and the user's points afterwards. */
export interface DecisionAnswer {
  message: string;
  /** Null when the decision was only kept for later. */
  balls: number | null;
  /** True when the service worker kept it to send later (no network; ADR 0010). */
  queued: boolean;
}

/**
 * The tap's key, and the statements' terms as the user saw them: if the service worker keeps the
 * decision and the server later refuses it (409), the list of waiting decisions shows was → now.
 */
const decisionHeaders = (key: string, seen: readonly StatementTerms[]) => ({
  [IDEMPOTENCY_HEADER]: key,
  ...seenTermsHeader(seen),
});

/** The worker's 202 "queued" answer is checked first: the endpoint's schema would refuse it. */
function toAnswer(answer: { first?: QueuedAnswer; output?: { message: string; balls: number } }): DecisionAnswer {
  if (answer.first) {
    void refreshOutbox();
    return { message: answer.first.message, balls: null, queued: true };
  }
  const { message, balls } = answer.output ?? { message: '', balls: 0 };
  return { message, balls, queued: false };
}

type DecisionEndpoint = typeof approveDefects | typeof rejectDefects | typeof discussDefect | typeof tradeInDefect;

/** One decision call: the payload with the tap's key and the terms seen, the answer as DecisionAnswer. */
function decisionCall<E extends DecisionEndpoint>(endpoint: E) {
  return async (payload: EndpointInput<E>, key: string, seen: readonly StatementTerms[]): Promise<DecisionAnswer> =>
    toAnswer(await callApiOr(endpoint, { first: queuedAnswer, input: payload, headers: decisionHeaders(key, seen) }));
}

export const approve = decisionCall(approveDefects);
export const reject = decisionCall(rejectDefects);
export const discuss = decisionCall(discussDefect);
export const tradeIn = decisionCall(tradeInDefect);

export interface Loyalty {
  ballsAvailable: number;
  ballsForDiscount: number;
  giftsAvailable: Gift[];
}

/** The points the user may spend on one statement, and the gifts offered. */
export async function loadLoyalty(defectId: number, signal?: AbortSignal): Promise<Loyalty> {
  const { ballsAvailable, ballsForDiscount, giftsAvailable } = await callApi(getDefectLoyalty, {
    params: { id: defectId },
    signal,
  });
  return { ballsAvailable, ballsForDiscount, giftsAvailable };
}

export async function loadTradeInList(signal?: AbortSignal): Promise<TradeInListItem[]> {
  return (await callApi(listTradeInInstruments, { signal })).data;
}

export async function loadTradeInInstrument(id: number, signal?: AbortSignal): Promise<TradeInDetail> {
  return (await callApi(getTradeInInstrument, { params: { id }, signal })).instrument;
}
