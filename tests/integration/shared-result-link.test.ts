import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_REFUSALS_PER_HOUR,
  WEBHOOK_REFUSAL,
  WEBHOOK_REQUEST_ID_HEADER,
} from '@contracts/visualizer-webhook';
import { DEFAULT_WOOD_STYLE } from '@contracts/wood-styles';
import { SUBMISSION_ID_HEADER } from '@/lib/insert-with-fallback';
import { FIXTURE_DIR } from '../../visualizer-processor/fixtures/make-fixtures';
import { toDataUrl } from '../../visualizer-processor/testing/bad-inputs';
import { insertAsVisitor, unique, until } from './visitor-data-fixtures';
import { anonFetch, sql, stack } from './stack-clients';

/**
 * What someone holding a visitor's result link can do with it. The link (`/floor-visualizer?wood=…#result=<id>`)
 * is in the result e-mail, so it is forwarded, pasted into chats and seen over shoulders: the request's id is the
 * one secret of the visitor's that must be assumed known. With it, an attacker with the public anon key and a script
 * may follow the result (decision 002) and nothing else: not the person, not the wood they chose (decision 046),
 * not a change of the row, and not the visitor's own webhook calls, which only the page that sent the photo can make
 * with its correction token (decision 009).
 */

const webhook = (body: Record<string, unknown>) =>
  fetch(stack.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A correction token of the right shape that nobody was given. */
const madeUpToken = () => randomBytes(32).toString('base64url');

/**
 * A webhook call that names `requestId` in its header, sends the start of a photo and hangs up: the processor fails a
 * pending row it names once the browser's own resend has had its grace (processor-server.ts, failUnlessResent).
 */
async function halfACallNaming(requestId: string): Promise<void> {
  const call = http.request(stack.webhookUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': '1000000',
      [WEBHOOK_REQUEST_ID_HEADER]: requestId,
    },
  });
  call.on('error', () => undefined);
  call.write(`{"requestId":"${requestId}","imageBase64":"data:image/jpeg;base64,/9j/`);
  // Time for the header to pass the gateway on to the processor (as visualizer-processor.test.ts waits).
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  call.destroy();
}

type Stored = {
  customer_name: string;
  email: string;
  wood_style: string | null;
  wood_settled_at: Date | null;
  corrections_used: number;
  correction_state: string | null;
  render_number: number;
};
const storedRow = async (id: string) =>
  (
    await sql<Stored>(
      `select customer_name, email, wood_style, wood_settled_at, corrections_used, correction_state, render_number
       from public.floor_visualizer_requests where id = $1`,
      [id],
    )
  )[0]!;

let id: string;
let name: string;
let email: string;
let token: string;

beforeAll(async () => {
  name = 'Robin Marsh';
  email = `link.${unique()}@example.com`;
  id = await insertAsVisitor('floor_visualizer_requests', { customer_name: name, email });
  const photo = await readFile(path.join(FIXTURE_DIR, 'room-carpet.jpg'));
  const sent = await webhook({
    requestId: id,
    name,
    email,
    imageBase64: toDataUrl(photo, 'image/jpeg'),
    fileName: 'den.jpg',
  });
  expect([200, 202]).toContain(sent.status);
  token = String(((await sent.json()) as { correctionToken: string }).correctionToken);
  await until(`request ${id} rendered`, async () => {
    const [row] = await sql<{ status: string }>('select status from public.floor_visualizer_requests where id = $1', [
      id,
    ]);
    if (row?.status === 'failed') throw new Error(`request ${id} failed`);
    return row?.status === 'completed';
  });
});

describe("someone holding a visitor's result link (the request id)", () => {
  it("follows the result but cannot read who sent it, the wood they chose or the token's hash", async () => {
    const follow = await anonFetch(`floor_visualizer_requests?select=id,status&id=eq.${id}`, {
      headers: { [SUBMISSION_ID_HEADER]: id },
    });
    expect(await follow.json()).toEqual([{ id, status: 'completed' }]);
    for (const column of [
      'wood_style',
      'wood_settled_at',
      'correction_token_sha256',
      'corrections_used',
      'email',
      'customer_name',
    ]) {
      const response = await anonFetch(`floor_visualizer_requests?select=${column}&id=eq.${id}`, {
        headers: { [SUBMISSION_ID_HEADER]: id },
      });
      expect(response.status, column).toBe(401);
      // Nor through a filter, which reads the column as a select does ("is the e-mail this one?").
      const filtered = await anonFetch(`floor_visualizer_requests?select=id&${column}=not.is.null`, {
        headers: { [SUBMISSION_ID_HEADER]: id },
      });
      expect(filtered.status, `${column} as a filter`).toBe(401);
    }
  });

  it('cannot pick the wood, send the e-mails early, fix the floor or take a token of its own, however often it tries; the visitor still can', async () => {
    // More tries than the webhook's per-request refusal limit: a limit counted per id would lock the visitor out.
    for (let attempt = 0; attempt <= MAX_WEBHOOK_REFUSALS_PER_HOUR; attempt++) {
      for (const call of [
        { requestId: id, correctionToken: madeUpToken(), wood: DEFAULT_WOOD_STYLE, left: true },
        { requestId: id, correctionToken: madeUpToken(), taps: [{ x: 0.5, y: 0.9, floor: false }] },
        { requestId: id, correctionToken: madeUpToken(), rugs: 'replace' },
      ]) {
        const refused = await webhook(call);
        expect(refused.status, JSON.stringify(call)).toBe(WEBHOOK_REFUSAL.status);
        expect(await refused.json()).toEqual({ error: WEBHOOK_REFUSAL.error });
      }
      // The first call again, with the name and e-mail the result e-mail shows: the row has its photo already.
      const photo = toDataUrl(await readFile(path.join(FIXTURE_DIR, 'room-carpet.jpg')), 'image/jpeg');
      const again = await webhook({ requestId: id, name, email, imageBase64: photo, fileName: 'den.jpg' });
      expect([WEBHOOK_REFUSAL.status, 429]).toContain(again.status);
      expect(await again.text()).not.toMatch(/correctionToken/);
    }
    expect(await storedRow(id)).toMatchObject({
      wood_style: null,
      wood_settled_at: null,
      corrections_used: 0,
      correction_state: null,
      render_number: 1,
    });

    const own = await webhook({ requestId: id, correctionToken: token, wood: DEFAULT_WOOD_STYLE });
    expect(own.status).toBe(200);
    expect((await storedRow(id)).wood_style).toBe(DEFAULT_WOOD_STYLE);
  });

  it('cannot fail the request by naming it in a call that goes half way', async () => {
    await halfACallNaming(id);
    // The same call for a pending row of the attacker's own, sent after: its row failing says the grace has passed
    // for both (the processor's timers run in the order they were set), so nothing here waits on a clock.
    const own = await insertAsVisitor('floor_visualizer_requests', {
      customer_name: 'Lee Ward',
      email: `own.${unique()}@example.com`,
    });
    await halfACallNaming(own);
    await until(`request ${own} failed`, async () => {
      const [row] = await sql<{ status: string }>('select status from public.floor_visualizer_requests where id = $1', [
        own,
      ]);
      return row?.status === 'failed';
    });
    const [row] = await sql<{ status: string; failure_reason: string | null }>(
      'select status, failure_reason from public.floor_visualizer_requests where id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'completed', failure_reason: null });
  });
});
