import { visualizerWithdrawalPayloadSchema } from '@contracts/visualizer-webhook';
import { answerDeadline } from '@/lib/answer-deadline';
import { getSiteEnv } from '@/lib/env';

type Withdrawal = { requestId: string; name: string; email: string };

/**
 * Withdrawals sent without an answer (offline, the processor down or stopped: no answer, or a 5xx from its host),
 * by request. Kept in the tab's memory, not the page's: a visitor who leaves the visualizer for another of the site's
 * pages still has theirs sent when the connection comes back. Sent again when it does, at the visitor's next "Process
 * Image", and once a photo's call is answered (the processor is back), until one is answered: withdrawn, or refused
 * (the row has ended: its e-mail went, and sending again would change nothing).
 */
const owed = new Map<string, Withdrawal>();
const sending = new Set<string>();
let listening = false;

/** No answer to a withdrawal: kept, and sent again (sendWithdrawalsOwed). */
export class WithdrawalUnanswered extends Error {
  constructor(cause: unknown) {
    super('The earlier request could not be withdrawn: no answer', { cause });
    this.name = 'WithdrawalUnanswered';
  }
}

/**
 * Withdraws a request this page sent and the visitor left before its floor was laid, as they send a new one with another
 * name, e-mail or photo (decision 056): the processor fails it if still pending or processing, so it neither renders a
 * result nor e-mails one under the details they corrected, and staff get no failed request's e-mail for it (it is no
 * fault: decision 059). The name and e-mail are the ones the request was made with. `keepalive`: the call still goes
 * if the visitor leaves at once. Rejects when the processor did not withdraw it: WithdrawalUnanswered when no answer
 * came (then it is kept and sent again: left unsent, the old request rendered and e-mailed under the old details),
 * another error when it was refused (its floor was laid already).
 */
export function withdrawVisualizerRequest(requestId: string, name: string, email: string): Promise<void> {
  owed.set(requestId, { requestId, name, email });
  return send(requestId);
}

/** Sends again every withdrawal still owed an answer (none is sent twice at once). */
export function sendWithdrawalsOwed(): void {
  for (const requestId of owed.keys()) if (!sending.has(requestId)) void send(requestId).catch(() => undefined);
}

async function send(requestId: string): Promise<void> {
  const withdrawal = owed.get(requestId);
  if (!withdrawal) return;
  sending.add(requestId);
  // A processor that is stopped takes the connection and never answers: without a deadline the withdrawal waited for
  // ever and was never sent again.
  const deadline = answerDeadline();
  let response: Response;
  try {
    response = await fetch(getSiteEnv().VITE_VISUALIZER_WEBHOOK_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(visualizerWithdrawalPayloadSchema.parse({ ...withdrawal, withdraw: true })),
      keepalive: true,
      signal: deadline.signal,
    });
  } catch (error) {
    stillOwed();
    throw new WithdrawalUnanswered(error);
  } finally {
    deadline.clear();
    sending.delete(requestId);
  }
  // A 5xx is the processor's host answering for it (down, restarting): the processor never saw the withdrawal.
  if (response.status >= 500) {
    stillOwed();
    throw new WithdrawalUnanswered(new Error(`${response.status}`));
  }
  owed.delete(requestId);
  if (!response.ok) throw new Error(`The earlier request was not withdrawn (${response.status})`);
}

/** Sent again when the browser says the connection is back. */
function stillOwed() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', sendWithdrawalsOwed);
}
