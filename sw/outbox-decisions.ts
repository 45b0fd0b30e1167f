// The four decision calls the outbox may keep, and what an entry records about one: which
// statements (and versions) it touches, for its ticket. Validated with the endpoints' own input
// schemas, so the worker never keeps a request the server would refuse as malformed.
import * as v from 'valibot';
import { approveDefects, discussDefect, rejectDefects, tradeInDefect } from '#shared/screens/decisions.ts';
import { seenTermsHeaderValue, type DecisionKind, type SeenStatement } from '#shared/screens/outbox.ts';

const decisionEndpoints = [
  { kind: 'approve', endpoint: approveDefects },
  { kind: 'reject', endpoint: rejectDefects },
  { kind: 'discuss', endpoint: discussDefect },
  { kind: 'trade-in', endpoint: tradeInDefect },
] as const satisfies readonly { kind: DecisionKind; endpoint: { method: string; path: string } }[];

export function decisionKindOf(method: string, pathname: string): DecisionKind | null {
  return (
    decisionEndpoints.find((decision) => decision.endpoint.method === method && decision.endpoint.path === pathname)
      ?.kind ?? null
  );
}

export interface DecisionFacts {
  ticketId: number;
  statements: SeenStatement[];
}

/** The facts of a valid decision body, or null when the server would refuse it as malformed. */
export function describeDecision(kind: DecisionKind, body: unknown): DecisionFacts | null {
  switch (kind) {
    case 'approve': {
      const parsed = v.safeParse(approveDefects.input, body);
      return parsed.success ? { ticketId: parsed.output.ticket_id, statements: seen(parsed.output.defects) } : null;
    }
    case 'reject': {
      const parsed = v.safeParse(rejectDefects.input, body);
      return parsed.success ? { ticketId: parsed.output.ticket_id, statements: seen(parsed.output.defects) } : null;
    }
    case 'discuss': {
      const parsed = v.safeParse(discussDefect.input, body);
      return parsed.success ? { ticketId: parsed.output.ticket_id, statements: seen([parsed.output.defect]) } : null;
    }
    case 'trade-in': {
      const parsed = v.safeParse(tradeInDefect.input, body);
      return parsed.success ? { ticketId: parsed.output.ticket_id, statements: seen([parsed.output.defect]) } : null;
    }
  }
}

function seen(statements: readonly SeenStatement[]): SeenStatement[] {
  return statements.map(({ id, version }) => ({ id, version }));
}

/**
 * The statements with the terms the user saw, from the page's SEEN_TERMS_HEADER. Only terms of the
 * very version the body names are taken; a missing or malformed header leaves them without (the
 * page then shows the conflict with the current terms only).
 */
export function withSeenTerms(statements: readonly SeenStatement[], header: string | null): SeenStatement[] {
  const parsed = header === null ? null : v.safeParse(seenTermsHeaderValue, header);
  const seen = parsed?.success ? parsed.output : [];
  return statements.map((statement) => {
    const terms = seen.find((candidate) => candidate.id === statement.id && candidate.version === statement.version);
    return terms ? { ...statement, terms: { sum: terms.sum, status: terms.status, agreed: terms.agreed } } : statement;
  });
}
