import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEPLOYMENT_CHECK_ADDRESS, DEPLOYMENT_CHECK_NAME } from '../../contracts/deployment-check.ts';
import { WEBHOOK_REFUSAL } from '../../contracts/visualizer-webhook.ts';
import { createSupabaseVisitorFiles } from '../../visitor-data/visitor-files.ts';
import { excerpt, keyHeaders, request, type Reply, type RequestOptions } from './http.ts';
import { LEAD_TABLES } from './pages.ts';
import { corsRequestHeaders } from './site.ts';
import { VISUALIZER_PAGE_PATH } from '../../contracts/visualizer-result-link.ts';

export type LeadTable = (typeof LEAD_TABLES)[number];
export type Outcome = { ok: boolean; detail: string };

/** The name and address of every row the check plants (public.deployment_check_plant_rows). */
/** The longest one Storage request of the removal may take (a host gone silent would hold it for minutes). */
const REMOVAL_FILE_REQUEST_MS = 60_000;

export const TEST_NAME = DEPLOYMENT_CHECK_NAME;
export const TEST_EMAIL = DEPLOYMENT_CHECK_ADDRESS;

/** A room the engine finds a floor in, without rugs (so its e-mails would not wait): the processor's own fixture. */
const TEST_PHOTO = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../visualizer-processor/fixtures/images/room-gps.jpg');
/**
 * How long the webhook may think before it answers the test photo: it waits up to VISUALIZER_SYNC_REPLY_MS (20 s by
 * default) for the render before its 202, and the page itself allows 60 s more than the upload takes.
 */
const WEBHOOK_ANSWER_MS = 60_000;
/** How long the check follows the test photo's render after the webhook's reply. */
const RENDER_WAIT_MS = 180_000;

export type Deployment = {
  supabaseUrl: string;
  anonKey: string;
  serviceKey: string;
  webhookUrl: string;
  siteOrigin: string;
};

function isJsonList(body: string): boolean {
  try {
    return Array.isArray(JSON.parse(body));
  } catch {
    return false;
  }
}

/** PostgREST's answer when the database refuses a role a table or column (SQLSTATE 42501, insufficient privilege). */
function isPermissionDenied(body: string): boolean {
  try {
    return (JSON.parse(body) as { code?: unknown }).code === '42501';
  } catch {
    return false;
  }
}

export function restClient(deployment: Deployment) {
  return (pathAndQuery: string, key: string, init: RequestOptions = {}): Promise<Reply> =>
    request(`${deployment.supabaseUrl}/rest/v1/${pathAndQuery}`, { ...init, headers: { ...keyHeaders(key), ...init.headers } });
}

/**
 * The marked rows the check puts in every lead table with the secret key, so that a table the public key can read
 * shows a row (an empty one answers `[]` however open it is). They queue no e-mail (the database drops e-mails of
 * marked rows), and `remove` takes them out with the test photo's files; an earlier check's leftovers go too.
 */
export function createTestRows(deployment: Deployment) {
  const rest = restClient(deployment);
  let planted: Partial<Record<LeadTable, string>> = {};
  /** The test photo's stored images, as the signed links its row holds. */
  let storedImages: string[] = [];
  let unsubscribeStepRan = false;
  /** The test photo through the webhook for `requestId`, with the fields the site sends. */
  const sendTestPhotoFor = async (requestId: string, headers: Record<string, string> = {}) => {
    const photo = await readFile(TEST_PHOTO);
    return request(deployment.webhookUrl, {
      method: 'POST',
      headers: { origin: deployment.siteOrigin, ...corsRequestHeaders(deployment.siteOrigin, deployment.webhookUrl, VISUALIZER_PAGE_PATH), ...headers },
      idleTimeoutMs: WEBHOOK_ANSWER_MS,
      body: JSON.stringify({
        requestId,
        name: TEST_NAME,
        email: TEST_EMAIL,
        imageBase64: `data:image/jpeg;base64,${photo.toString('base64')}`,
        fileName: 'deployment-check.jpg',
      }),
    });
  };

  return {
    planted: () => planted,
    /** The unsubscribe step (unsubscribe.ts) ran: its address's unsubscribe goes with the rows, even if none was planted. */
    unsubscribeStepRuns: () => void (unsubscribeStepRan = true),

    async plant(): Promise<Outcome> {
      const reply = await rest('rpc/deployment_check_plant_rows', deployment.serviceKey, { method: 'POST', body: '{}' });
      if (reply.status !== 200) {
        return { ok: false, detail: `the secret key could not plant them: status ${reply.status}: ${excerpt(reply)} (are the migrations applied, is it the secret key?)` };
      }
      planted = JSON.parse(reply.body) as Record<LeadTable, string>;
      return { ok: true, detail: `one in each of ${LEAD_TABLES.join(', ')}, marked so they queue no e-mail` };
    },

    /** The public key asks for the marked row, for its id (granted to anon) and for every column. */
    async probe(table: LeadTable): Promise<Outcome> {
      const id = planted[table];
      if (!id) return { ok: false, detail: 'no marked row to look for (planting failed above), so this table is unchecked' };
      for (const select of ['id', '*']) {
        const reply = await rest(`${table}?id=eq.${id}&select=${select}`, deployment.anonKey);
        // Only PostgREST's list (`[]`) or a refusal says the row is not readable; an empty or other 200 says nothing.
        if (reply.status === 200 && !isJsonList(reply.body)) {
          return { ok: false, detail: `answered 200 without a list for select=${select} (${excerpt(reply, 80) || 'an empty body'}): nothing can be concluded; is SUPABASE_URL the project's API?` };
        }
        if (reply.status === 200 && reply.body.includes(id)) {
          return {
            ok: false,
            detail: `the public key read the marked test row (select=${select}): row-level security is off or a select policy lets anon read other visitors' rows`,
          };
        }
        if (reply.status !== 200 && reply.status !== 401 && reply.status !== 403) {
          return { ok: false, detail: `unexpected status ${reply.status} for select=${select}: ${excerpt(reply)}` };
        }
        // Only the database's own refusal says the row is hidden; a key the API refuses outright reads nothing anywhere.
        if (reply.status !== 200 && !isPermissionDenied(reply.body)) {
          return {
            ok: false,
            detail: `the API refused the public key itself (${reply.status} ${excerpt(reply, 80)}), so nothing about the row is known: SUPABASE_ANON_KEY is not a key of this project (another project's, or a rotated one); a site built with it fails every form`,
          };
        }
      }
      return { ok: true, detail: 'a marked row is there, and the public key does not see it' };
    },

    /**
     * The test photo sent for a request nobody made (a fresh random id): the processor trusts only a pending row's id,
     * so it must refuse it. A processor, proxy or stub that takes it would render and store anyone's photos.
     * `headers`: sent with it (the client-address headers the next line judges); `localAddress`, where it left from.
     */
    async sendForUnknownRequest(headers: Record<string, string> = {}): Promise<Outcome & { refused: boolean; localAddress?: string }> {
      const reply = await sendTestPhotoFor(randomUUID(), headers);
      const sent = { refused: reply.status === WEBHOOK_REFUSAL.status, localAddress: reply.localAddress };
      if (reply.status === WEBHOOK_REFUSAL.status) return { ...sent, ok: true, detail: `${reply.status}: a photo for a request that does not exist is refused` };
      return reply.status < 400
        ? { ...sent, ok: false, detail: `it took a photo for a request nobody made (${reply.status} ${excerpt(reply, 80)}): anyone could have it render and store photos; is something in front of the processor answering for it?` }
        : { ...sent, ok: false, detail: `answered ${reply.status} ${excerpt(reply, 80)}, not the processor's refusal (${WEBHOOK_REFUSAL.status}): is VITE_VISUALIZER_WEBHOOK_URL the processor?` };
    },

    /**
     * The test photo through the webhook, as the site sends it: stored, rendered and its images served. Its row is
     * marked, so no e-mail is queued for it.
     */
    async sendTestPhoto(): Promise<Outcome> {
      const requestId = planted.floor_visualizer_requests;
      if (!requestId) return { ok: false, detail: 'no marked visualizer request (planting failed above)' };
      const reply = await sendTestPhotoFor(requestId);
      if (reply.status >= 300) {
        return { ok: false, detail: `the processor could not take the test photo: ${reply.status} ${excerpt(reply, 120)} (its log says why: storage, the database or the queue)` };
      }
      const row = await this.followRender(requestId);
      if (row.status !== 'completed') {
        return { ok: false, detail: row.status === 'failed' ? `the test photo's render failed: ${row.failure_reason}` : `the test photo was still ${row.status} after ${RENDER_WAIT_MS / 1000} s (is the processor's job runner alive?)` };
      }
      if (row.styles_coming.length > 0) {
        return { ok: false, detail: `the test photo's default wood was rendered, but ${row.styles_coming.join(', ')} were still coming after ${RENDER_WAIT_MS / 1000} s (the processor's log says where it stopped)` };
      }
      if (row.styles_not_made.length > 0) {
        return { ok: false, detail: `the test photo's default wood was rendered, but ${row.styles_not_made.join(', ')} could not be made (the processor's log says why)` };
      }
      for (const [what, url] of [['photo', row.original_image_url], ['render', row.processed_image_url]] as const) {
        const image = url ? await request(url) : undefined;
        if (!image || image.status !== 200 || !String(image.headers['content-type']).startsWith('image/')) {
          return { ok: false, detail: `rendered, but its ${what} is not served (${image ? `status ${image.status}` : 'no URL'}): check the buckets` };
        }
      }
      storedImages = [row.original_image_url, row.processed_image_url].filter((url): url is string => Boolean(url));
      // Served, but from where the processor stored them: a processor given another project's SUPABASE_URL and key
      // (staging's) stores every photo there, out of reach of this project's retention, forget and export.
      for (const link of storedImages) {
        const signed = new URL(link).pathname.match(/\/storage\/v1\/object\/sign\/([^/]+)\/(.+)$/);
        if (!signed) continue;
        const here = await request(`${deployment.supabaseUrl}/storage/v1/object/authenticated/${signed[1]}/${signed[2]}`, { headers: keyHeaders(deployment.serviceKey) });
        if (here.status !== 200) {
          return {
            ok: false,
            detail: `rendered and served, but ${signed[1]}/${signed[2]} is not in this project's Storage (${here.status} to the secret key): the processor stores the photos in another project (its SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are another's, staging's?), where this project's retention job, data:forget and data:export never reach them; give it this project's`,
          };
        }
      }
      return { ok: true, detail: `stored in this project's Storage, rendered (${reply.status}) and both images served` };
    },

    /**
     * The public key must neither open nor list the test photo's files, and their public address must open nothing:
     * a private bucket with a storage policy for anon serves every visitor's room to anyone (the bucket line above
     * only reads the bucket's flag).
     */
    async probeStoredImages(): Promise<Outcome> {
      if (storedImages.length === 0) return { ok: false, detail: 'no stored test photo to look for (see the line above), so storage is unchecked' };
      const storage = `${deployment.supabaseUrl}/storage/v1`;
      for (const link of storedImages) {
        const signed = new URL(link).pathname.match(/\/storage\/v1\/object\/sign\/([^/]+)\/(.+)$/);
        if (!signed) return { ok: false, detail: `its row's link ${new URL(link).pathname} is not a Storage signed link, so storage is unchecked` };
        const [, bucket, file] = signed as unknown as [string, string, string];
        const opened = await request(`${storage}/object/authenticated/${bucket}/${file}`, { headers: keyHeaders(deployment.anonKey) });
        if (opened.status === 200) {
          return { ok: false, detail: `the public key opened ${bucket}/${file}: a storage policy lets anon read the visitors' photos` };
        }
        const open = await request(`${storage}/object/public/${bucket}/${file}`);
        if (open.status === 200) return { ok: false, detail: `${bucket}/${file} opens at its public address without any key: the bucket is public` };
        const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
        const listed = await request(`${storage}/object/list/${bucket}`, {
          method: 'POST',
          headers: keyHeaders(deployment.anonKey),
          body: JSON.stringify({ prefix: folder, limit: 100 }),
        });
        if (listed.status === 200) {
          if (!isJsonList(listed.body)) return { ok: false, detail: `listing ${bucket}/${folder} with the public key answered 200 without a list (${excerpt(listed, 80) || 'an empty body'}): nothing can be concluded` };
          if ((JSON.parse(listed.body) as unknown[]).length > 0) return { ok: false, detail: `the public key lists ${bucket}/${folder}: a storage policy lets anon see the visitors' photos` };
        }
      }
      return { ok: true, detail: `the public key neither opens nor lists its ${storedImages.length} stored images, and their public address opens nothing` };
    },

    /**
     * The test photo's row until its render is over: failed, or completed with no wood style still coming (the
     * processor completes the row with the default wood and lays the others after, decision 025), so its files are
     * all written before they are looked at and removed.
     */
    async followRender(requestId: string) {
      type Row = { status: string; failure_reason: string | null; original_image_url: string | null; processed_image_url: string | null; styles_coming: string[]; styles_not_made: string[] };
      const deadline = Date.now() + RENDER_WAIT_MS;
      for (;;) {
        const reply = await rest(
          `floor_visualizer_requests?id=eq.${requestId}&select=status,failure_reason,original_image_url,processed_image_url,styles_coming,styles_not_made`,
          deployment.serviceKey,
        );
        const [row] = reply.status === 200 ? (JSON.parse(reply.body) as Row[]) : [];
        if (!row) throw new Error(`the marked visualizer request could not be read back: status ${reply.status}`);
        if ((row.status === 'completed' && row.styles_coming.length === 0) || row.status === 'failed' || Date.now() > deadline) return row;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    },

    /** Removes the test photo's files (Storage's API) and every planted row; says what was left, if anything. */
    async remove(): Promise<Outcome> {
      const ids = Object.values(planted);
      if (ids.length === 0 && !unsubscribeStepRan) return { ok: true, detail: 'nothing was planted' };
      // Bounded: against a host gone silent, fetch's own limits are minutes a request.
      const files = createSupabaseVisitorFiles({
        supabaseUrl: deployment.supabaseUrl,
        serviceRoleKey: deployment.serviceKey,
        fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(REMOVAL_FILE_REQUEST_MS) }),
      });
      const requestId = planted.floor_visualizer_requests;
      // A file that could not be removed is counted below; the rows go all the same.
      const deletedFiles = requestId ? await files.deleteRequestFiles(requestId).catch(() => 0) : 0;
      // Asked even of a host given up on earlier in the run (http.ts): it may answer again, and the rows must go.
      const reply = await rest('rpc/deployment_check_remove_rows', deployment.serviceKey, { method: 'POST', body: JSON.stringify({ planted: ids }), evenIfGivenUp: true });
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)}; the next check or the processor's hourly sweep removes them` };
      const removed = JSON.parse(reply.body) as { left_behind: number; emails: number; unsubscribes_left?: number };
      const filesLeft = requestId ? await files.countRequestFiles(requestId).catch(() => Number.NaN) : 0;
      planted = {};
      storedImages = [];
      if (removed.left_behind > 0 || !(filesLeft === 0)) return { ok: false, detail: `${removed.left_behind} row(s) and ${Number.isNaN(filesLeft) ? 'perhaps some' : filesLeft} file(s) left behind${Number.isNaN(filesLeft) ? " (Storage did not answer; the processor's hourly sweep removes them)" : ''}` };
      // The unsubscribe step's: the test address's unsubscribe and the worker's link (absent before migration 20261130160001).
      if (removed.unsubscribes_left === undefined || removed.unsubscribes_left > 0) {
        return { ok: false, detail: `the test address's unsubscribe ${removed.unsubscribes_left === undefined ? 'may be left behind (are the migrations applied?)' : 'was left behind'}` };
      }
      if (removed.emails > 0) return { ok: false, detail: `${removed.emails} e-mail(s) were queued for the marked rows; none may be` };
      return { ok: true, detail: `${ids.length} rows and ${deletedFiles} stored files removed; no e-mail was queued for them` };
    },
  };
}
