import type { SendOutcome } from './outcome.ts';

// What a relay's refusal means for a queued mail (ADR 0045). A 5xx reply to this message (a mailbox
// that does not exist, a message refused) will be refused again: given up at once. Anything else —
// no connection, a timeout, a 4xx ("try again later", greylisting), or a login the relay refused
// (our configuration, fixed by an operator, not the mail's fault) — is tried again with back-off.

interface NodemailerError {
  code?: unknown;
  responseCode?: unknown;
}

export function smtpOutcome(error: unknown): SendOutcome {
  const { code, responseCode } = (error ?? {}) as NodemailerError;
  // The reason is the error's code and reply number only: a relay's reply text may quote the message.
  const reason = `SMTP ${typeof code === 'string' ? code : 'error'}${typeof responseCode === 'number' ? ` ${responseCode}` : ''}`;
  if (typeof responseCode === 'number' && responseCode >= 500 && code !== 'EAUTH') return { kind: 'failed', reason };
  return { kind: 'retry', reason };
}
