// The decision calls, through the app's one HTTP client and the shared contract
// (src/shared/api/decisions.ts). Every decision carries the Idempotency-Key of the user's tap.
import {
  approveDefects,
  discussDefect,
  getDefectLoyalty,
  getTradeInInstrument,
  IDEMPOTENCY_HEADER,
  listTradeInInstruments,
  rejectDefects,
  tradeInDefect,
  type Gift,
  type TradeInDetail,
  type TradeInListItem,
} from '#shared/api/decisions.ts';
import type { EndpointInput } from '#shared/api/endpoint.ts';
import { callApi } from '#client/lib/http.ts';

export type ApprovePayload = EndpointInput<typeof approveDefects>;
export type RejectPayload = EndpointInput<typeof rejectDefects>;
export type DiscussPayload = EndpointInput<typeof discussDefect>;
export type TradeInPayload = EndpointInput<typeof tradeInDefect>;

/** What every decision answers: the server's Russian message and the user's points afterwards. */
export interface DecisionAnswer {
  message: string;
  balls: number;
}

const keyHeader = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

export async function approve(payload: ApprovePayload, key: string): Promise<DecisionAnswer> {
  const { message, balls } = await callApi(approveDefects, payload, undefined, keyHeader(key));
  return { message, balls };
}

export async function reject(payload: RejectPayload, key: string): Promise<DecisionAnswer> {
  const { message, balls } = await callApi(rejectDefects, payload, undefined, keyHeader(key));
  return { message, balls };
}

export async function discuss(payload: DiscussPayload, key: string): Promise<DecisionAnswer> {
  const { message, balls } = await callApi(discussDefect, payload, undefined, keyHeader(key));
  return { message, balls };
}

export async function tradeIn(payload: TradeInPayload, key: string): Promise<DecisionAnswer> {
  const { message, balls } = await callApi(tradeInDefect, payload, undefined, keyHeader(key));
  return { message, balls };
}

export interface Loyalty {
  ballsAvailable: number;
  ballsForDiscount: number;
  giftsAvailable: Gift[];
}

/** The points the user may spend on one statement, and the gifts offered. */
export async function loadLoyalty(defectId: number): Promise<Loyalty> {
  const { ballsAvailable, ballsForDiscount, giftsAvailable } = await callApi(getDefectLoyalty, undefined, { id: defectId });
  return { ballsAvailable, ballsForDiscount, giftsAvailable };
}

export async function loadTradeInList(): Promise<TradeInListItem[]> {
  return (await callApi(listTradeInInstruments)).data;
}

export async function loadTradeInInstrument(id: number): Promise<TradeInDetail> {
  return (await callApi(getTradeInInstrument, undefined, { id })).instrument;
}
