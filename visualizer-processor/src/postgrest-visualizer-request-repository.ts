import type { VisualizerRequestRepository, VisualizerRequestRow } from './visualizer-request-repository.ts';
import { shortenFailureReason } from './visualizer-request-repository.ts';

/**
 * The repository over PostgREST with the service key (service_role bypasses RLS). Every change is a
 * conditional PATCH, so the status only ever moves forward: pending → processing → completed or failed,
 * and two deliveries of the same webhook cannot both claim a row.
 */
export interface PostgrestSettings {
  supabaseUrl: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}

const COLUMNS = 'id,customer_name,email,status,original_image_url,processed_image_url,failure_reason';

export function createPostgrestVisualizerRequestRepository(settings: PostgrestSettings): VisualizerRequestRepository {
  const doFetch = settings.fetch ?? fetch;
  const table = `${settings.supabaseUrl.replace(/\/+$/, '')}/rest/v1/floor_visualizer_requests`;
  const headers = {
    apikey: settings.serviceRoleKey,
    authorization: `Bearer ${settings.serviceRoleKey}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };

  async function call(query: string, init: RequestInit): Promise<VisualizerRequestRow[]> {
    const response = await doFetch(`${table}?${query}`, { ...init, headers: { ...headers, ...init.headers } });
    const text = await response.text();
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // Not JSON: keep the raw text.
      }
      throw new Error(`Database request failed (${response.status}): ${message.slice(0, 200)}`);
    }
    return text ? (JSON.parse(text) as VisualizerRequestRow[]) : [];
  }

  const patch = (query: string, body: Record<string, unknown>) =>
    call(`${query}&select=${COLUMNS}`, {
      method: 'PATCH',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify(body),
    });

  return {
    async find(id) {
      const rows = await call(`id=eq.${encodeURIComponent(id)}&select=${COLUMNS}`, { method: 'GET' });
      return rows[0] ?? null;
    },
    async claimPending(id) {
      const rows = await patch(`id=eq.${encodeURIComponent(id)}&status=eq.pending`, { status: 'processing' });
      return rows[0] ?? null;
    },
    async markCompleted(id, urls) {
      const rows = await patch(`id=eq.${encodeURIComponent(id)}&status=eq.processing`, {
        status: 'completed',
        original_image_url: urls.originalImageUrl,
        processed_image_url: urls.processedImageUrl,
        failure_reason: null,
      });
      if (rows.length === 0) throw new Error('The request was no longer processing when it was completed');
    },
    async markFailed(id, reason) {
      await patch(`id=eq.${encodeURIComponent(id)}&status=in.(pending,processing)`, {
        status: 'failed',
        failure_reason: shortenFailureReason(reason),
      });
    },
  };
}
