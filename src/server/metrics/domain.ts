// What the portal does, counted where it happens (issue 40). Counters are per process and summed
// over the workers; labels are fixed words (outcomes, rule and channel names, route patterns).
import { Counter } from 'prom-client';
import { registry } from './registry.ts';

const registers = [registry];

export const loadShed = new Counter({
  name: 'portal_load_shed_total',
  help: 'API requests refused with 503 because the process was saturated (ADR 0032).',
  registers,
});

export const rateLimitRefusals = new Counter({
  name: 'portal_rate_limit_refusals_total',
  help: 'Requests refused with 429, by the rule that refused them.',
  labelNames: ['rule'],
  registers,
});

export const logins = new Counter({
  name: 'portal_logins_total',
  help: 'Login attempts: ok, failed (wrong e-mail or password, or a switched-off account), locked (throttled).',
  labelNames: ['outcome'],
  registers,
});

export const repairRequests = new Counter({
  name: 'portal_repair_requests_total',
  help: "Repair requests, a clinic's or a guest's: sent (a ticket written), or failed with a reason.",
  labelNames: ['who', 'outcome', 'reason'],
  registers,
});

export const decisions = new Counter({
  name: 'portal_decisions_total',
  help: "Clinics' decisions on statements, by kind (a replayed Idempotency-Key is not counted again).",
  labelNames: ['kind'],
  registers,
});

export const idempotentReplays = new Counter({
  name: 'portal_idempotent_replays_total',
  help: 'Requests answered from a stored answer to the same Idempotency-Key (outbox repeats), by call.',
  labelNames: ['call'],
  registers,
});

export const deliveriesDone = new Counter({
  name: 'portal_deliveries_total',
  help: 'Mail, Telegram and Web Push delivery attempts by channel and outcome (sent, retry, failed for good).',
  labelNames: ['channel', 'outcome'],
  registers,
});

export const uploadBytes = new Counter({
  name: 'portal_upload_bytes_total',
  help: 'Bytes of uploaded files stored (photos of repair requests).',
  registers,
});

export const clientErrorReports = new Counter({
  name: 'portal_client_error_reports_total',
  help: "Error reports received from users' pages and service workers, by source.",
  labelNames: ['source'],
  registers,
});

/** A rule that refused; counted once per rule that was over. */
export function countRefusal(ruleName: string): void {
  rateLimitRefusals.inc({ rule: ruleName });
}

const REASONS: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  422: 'invalid',
  429: 'rate_limited',
};

/** Why a repair request failed, as a fixed word from the answer's status, never its text. */
export function failureReason(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'server_error' : 'other');
}

const SOURCES = new Set(['window', 'promise', 'render', 'caught', 'worker', 'console', 'repair-request']);
/** Known sources by name; anything else a page sends is one 'other', so a label cannot grow without end. */
export const clientErrorSource = (source: string): string => (SOURCES.has(source) ? source : 'other');

/** A page's report of a repair request the server never answered (portal.md §8), counted as `who: page`. */
export function countUnansweredRepairRequest(status: number): void {
  repairRequests.inc({ who: 'page', outcome: 'failed', reason: status === 0 ? 'no_answer' : failureReason(status) });
}
