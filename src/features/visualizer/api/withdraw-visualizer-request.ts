import { visualizerWithdrawalPayloadSchema } from '@contracts/visualizer-webhook';
import { getSiteEnv } from '@/lib/env';

/**
 * Withdraws a request this page sent and the visitor left before its floor was laid, as they send a new one with
 * another name, e-mail or photo (decision 056): the processor fails it if still pending or processing, so it neither
 * renders a result nor e-mails one under the details they corrected. The name and e-mail are the ones the request was
 * made with. `keepalive`: the call still goes if the visitor leaves at once. Rejects when the processor did not
 * withdraw it (its floor was laid already, or no answer).
 */
export async function withdrawVisualizerRequest(requestId: string, name: string, email: string): Promise<void> {
  const response = await fetch(getSiteEnv().VITE_VISUALIZER_WEBHOOK_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(visualizerWithdrawalPayloadSchema.parse({ requestId, name, email, withdraw: true })),
    keepalive: true,
  });
  if (!response.ok) throw new Error(`The earlier request was not withdrawn (${response.status})`);
}
