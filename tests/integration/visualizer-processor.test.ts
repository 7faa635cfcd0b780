import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../visualizer-processor/fixtures/make-fixtures';
import pg from 'pg';
import { WEBHOOK_REFUSAL, WEBHOOK_REQUEST_ID_HEADER } from '../../contracts/visualizer-webhook';
import { WOOD_STYLE_IDS } from '../../contracts/wood-styles';
import { firstRenderJob } from '../../visualizer-processor/src/render-job';
import { createSqlVisualizerRequestRepository } from '../../visualizer-processor/src/sql-visualizer-request-repository';
import { stylesOfTheRequest } from '../../visualizer-processor/src/visualizer-request-repository';
import { toDataUrl } from '../../visualizer-processor/testing/bad-inputs';
import { RENDERED_ROOMS } from '../../visualizer-processor/evaluation/rendered/rendered-room-scenes';
import { renderRoomScene } from '../../visualizer-processor/evaluation/rendered/room-ray-tracer';
import { anonFetch, readStoredImage, signedLinkTo, sql, stack } from './stack-clients';

/**
 * The processor as the stack runs it: behind the gateway's webhook path, on the real database, queue and
 * storage. The webhook answers 200 with the result when the render finished within its wait (20 s), else 202;
 * either way the row ends completed or failed.
 */
type StoredRequest = {
  status: string;
  original_image_url: string | null;
  processed_image_url: string | null;
  failure_reason: string | null;
  failure_kind: string | null;
  image_renditions: Record<string, unknown>;
};

async function finishedRow(id: string, timeoutMs = 60_000): Promise<StoredRequest> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<StoredRequest>(
      'select status, original_image_url, processed_image_url, failure_reason, failure_kind, image_renditions from public.floor_visualizer_requests where id = $1',
      [id],
    );
    if (row && (row.status === 'completed' || row.status === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`Request ${id} still ${row?.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function createRequestRow(): Promise<{ id: string; name: string; email: string }> {
  const row = { id: randomUUID(), customer_name: 'Integration Visitor', email: 'visitor@example.com' };
  const response = await anonFetch('floor_visualizer_requests', {
    method: 'POST',
    headers: { Prefer: 'return=minimal' },
    body: JSON.stringify(row),
  });
  expect(response.status).toBe(201);
  return { id: row.id, name: row.customer_name, email: row.email };
}

async function postWebhook(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(stack.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('the visualizer processor in the stack', () => {
  it('completes a request: both images open by their signed links, without EXIF, and by no public URL', async () => {
    const row = await createRequestRow();
    const photo = await readFile(path.join(FIXTURE_DIR, 'room-gps.jpg'));
    const payload = {
      requestId: row.id,
      name: row.name,
      email: row.email,
      imageBase64: toDataUrl(photo, 'image/jpeg'),
      fileName: 'room.jpg',
    };

    const reply = await postWebhook(payload);

    expect([200, 202]).toContain(reply.status);
    const stored = await finishedRow(row.id);
    expect(stored).toMatchObject({
      status: 'completed',
      original_image_url: expect.stringMatching(signedLinkTo(`${row.id}/original.jpg`)),
      processed_image_url: expect.stringMatching(signedLinkTo(`${row.id}/render-1/natural-white-oak.jpg`)),
    });
    expect((await fetch(`${stack.url}/storage/v1/object/public/floor-visualizer/${row.id}/original.jpg`)).status).toBe(400);
    if (reply.status === 200) {
      expect(reply.json).toEqual({
        status: 'completed',
        requestId: row.id,
        originalImageUrl: stored.original_image_url,
        processedImageUrl: stored.processed_image_url,
        processedImageRenditions: stored.image_renditions['natural-white-oak'],
        originalImageRenditions: stored.image_renditions.original,
        correctionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
    }
    for (const url of [stored.original_image_url, stored.processed_image_url]) {
      const image = await fetch(url!);
      expect(image.status).toBe(200);
      const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', 960, 720, undefined]);
    }
    // The web-sized copies (issue 35): the visitor reads their links with the row, by its id; each opens by its
    // signed link only, in its format and size (the photo is 960 px: WebP 720 and 960, the JPEG 960), without EXIF.
    const visitorView = await anonFetch(`floor_visualizer_requests?id=eq.${row.id}&select=image_renditions,style_image_urls`, {
      headers: { 'x-submission-id': row.id },
    });
    type Copy = { url: string; width: number };
    const [{ image_renditions: renditions, style_image_urls: styles }] = (await visitorView.json()) as [
      { image_renditions: Record<string, { webp: Copy[]; jpeg: Copy }>; style_image_urls: Record<string, string> },
    ];
    expect(Object.keys(renditions).sort()).toEqual(['original', ...Object.keys(styles)].sort());
    for (const [key, { webp, jpeg }] of Object.entries(renditions)) {
      expect([...webp.map((copy) => `webp ${copy.width}`), `jpeg ${jpeg.width}`], key).toEqual(['webp 720', 'webp 960', 'jpeg 960']);
    }
    const copies = Object.values(renditions).flatMap(({ webp, jpeg }) => [...webp.map((copy) => ({ ...copy, format: 'webp' })), { ...jpeg, format: 'jpeg' }]);
    for (const copy of copies) {
      const image = await fetch(copy.url);
      expect([image.status, image.headers.get('content-type')], copy.url).toEqual([200, `image/${copy.format}`]);
      const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.exif], copy.url).toEqual([copy.format, copy.width, undefined]);
    }
    expect((await fetch(`${stack.url}/storage/v1/object/public/floor-visualizer/${row.id}/render-1/natural-white-oak-720w.webp`)).status).toBe(400);

    // A replay, and a guess at the visitor's e-mail with the id from the public image URL, get one answer.
    const replay = await postWebhook(payload);
    const guess = await postWebhook({ ...payload, email: 'a.guess@example.com' });
    expect(replay).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
    expect(guess).toEqual(replay);
  });

  it('fails the row of a corrupt image with its reason', async () => {
    const row = await createRequestRow();
    const reply = await postWebhook({
      requestId: row.id,
      name: row.name,
      email: row.email,
      imageBase64: toDataUrl(Buffer.from('not an image at all'), 'image/jpeg'),
      fileName: 'broken.jpg',
    });
    expect([422, 202]).toContain(reply.status);
    expect(await finishedRow(row.id)).toMatchObject({ status: 'failed', failure_reason: 'The file is not a readable image.', failure_kind: 'another_photo' });
  });

  // Decision 059: a withdrawal is no fault. The withdrawn row was failed `try_again`, and its failing queued the staff
  // e-mail of a failed request ("Result: Failed: Withdrawn by the visitor ...") beside the new request's.
  it('withdraws a pending request with its own kind and e-mails nobody of it; a failed photo still e-mails staff', async () => {
    const emailsOf = (id: string) =>
      sql<{ kind: string }>('select kind from back_office.outbound_emails where source_id = $1', [id]);
    const withdrawn = await createRequestRow();
    const reply = await postWebhook({ requestId: withdrawn.id, name: withdrawn.name, email: withdrawn.email, withdraw: true });
    expect(reply).toEqual({ status: 200, json: { status: 'withdrawn', requestId: withdrawn.id } });
    expect(await finishedRow(withdrawn.id)).toMatchObject({ status: 'failed', failure_kind: 'withdrawn' });

    const broken = await createRequestRow();
    await postWebhook({
      requestId: broken.id,
      name: broken.name,
      email: broken.email,
      imageBase64: toDataUrl(Buffer.from('not an image at all'), 'image/jpeg'),
      fileName: 'broken.jpg',
    });
    expect(await finishedRow(broken.id)).toMatchObject({ status: 'failed', failure_kind: 'another_photo' });
    // Queued in the transaction that failed the row: both are read after it.
    expect(await emailsOf(broken.id)).toEqual([{ kind: 'staff_visualizer' }]);
    expect(await emailsOf(withdrawn.id)).toEqual([]);
  });

  it('fails a photo too small to show a floor with its own reason, and renders nothing (issue 38: a 1×1 image was rendered)', async () => {
    for (const [width, height] of [
      [1, 1],
      [1024, 199],
    ] as const) {
      const row = await createRequestRow();
      const photo = await sharp({ create: { width, height, channels: 3, background: '#8a6a4a' } }).png().toBuffer();
      const reply = await postWebhook({ requestId: row.id, name: row.name, email: row.email, imageBase64: toDataUrl(photo, 'image/png'), fileName: 'tiny.png' });
      const reason = `This photo is too small to show a floor: ${width}×${height} pixels. Please choose a photo at least 200 pixels on its shorter side.`;
      expect([422, 202]).toContain(reply.status);
      if (reply.status === 422) expect(reply.json).toEqual({ error: reason });
      expect(await finishedRow(row.id)).toMatchObject({ status: 'failed', failure_reason: reason, processed_image_url: null });
    }
  });

  it('the SQL repository queues the render with the row, once, and only moves the row forward', async () => {
    const db = new pg.Pool({ connectionString: stack.superuserUrl, max: 2 });
    try {
      const repository = createSqlVisualizerRequestRepository(db);
      const row = await createRequestRow();
      expect(await repository.find(row.id)).toMatchObject({ status: 'pending', customer_name: row.name, email: row.email });
      // An upload path that does not exist: the render job (run by the stack's processor) fails the row.
      const tokenHash = 'a'.repeat(64);
      expect(await repository.startRender(row.id, firstRenderJob(row.id, `${row.id}/missing`), tokenHash)).toBe(true);
      expect(await repository.startRender(row.id, firstRenderJob(row.id, `${row.id}/missing`), tokenHash)).toBe(false);
      const failed = await finishedRow(row.id);
      expect(failed).toMatchObject({ status: 'failed', failure_reason: "We couldn't put a new floor on this photo. Please try again, or try another photo." });
      const images = { originalImageUrl: 'a', processedImageUrl: 'b', styleImageUrls: {}, imageRenditions: {}, renderNumber: 1, floorMaskUrl: 'c', floorShare: 0.4, rugChoice: null, rugShare: null };
      expect(await repository.markCompleted(row.id, images)).toBe(false);
      // A failed request takes no correction, even with the right token.
      expect(await repository.startCorrection(row.id, tokenHash, [{ x: 0.5, y: 0.5, floor: true }])).toEqual({ kind: 'refused' });
      expect(await repository.find(randomUUID())).toBeNull();
      expect(await repository.recordRefusal(row.id)).toBe(1);
      expect(await repository.recordRefusal(row.id)).toBe(2);
      expect(await repository.refusalsThisHour(row.id)).toBe(2);
    } finally {
      await db.end();
    }
  });

  it('the default wood first: the row says which woods are coming, takes them when laid (only for its render), or says they were not made; the visitor reads both by id', async () => {
    const db = new pg.Pool({ connectionString: stack.superuserUrl, max: 2 });
    try {
      const repository = createSqlVisualizerRequestRepository(db);
      const row = await createRequestRow();
      // As the webhook leaves it, without a job for the stack's processor to run.
      await sql(`update public.floor_visualizer_requests set status = 'processing' where id = $1`, [row.id]);
      const copy = (url: string) => ({ webp: [{ width: 720, height: 540, url: `${url}-720.webp` }], jpeg: { width: 960, height: 720, url: `${url}-960.jpg` } });
      const others = WOOD_STYLE_IDS.filter((style) => style !== 'natural-white-oak');
      const images = {
        originalImageUrl: 'https://x/original.jpg',
        processedImageUrl: 'https://x/oak.jpg',
        styleImageUrls: { 'natural-white-oak': 'https://x/oak.jpg' },
        imageRenditions: { original: copy('https://x/original'), 'natural-white-oak': copy('https://x/oak') },
        renderNumber: 1,
        floorMaskUrl: 'https://x/mask.png',
        floorShare: 0.4,
        rugChoice: null,
        rugShare: null,
        stylesComing: others,
      };
      expect(await repository.markCompleted(row.id, images)).toBe(true);
      const read = async () => {
        const reply = await anonFetch(`floor_visualizer_requests?id=eq.${row.id}&select=status,style_image_urls,image_renditions,styles_coming,styles_not_made`, {
          headers: { 'x-submission-id': row.id },
        });
        expect(reply.status).toBe(200);
        return ((await reply.json()) as Record<string, unknown>[])[0]!;
      };
      expect(await read()).toMatchObject({ status: 'completed', style_image_urls: images.styleImageUrls, styles_coming: others, styles_not_made: [] });
      // Another visitor's id in the header reads nothing of it (decision 002).
      const stranger = await anonFetch(`floor_visualizer_requests?id=eq.${row.id}&select=styles_coming`, { headers: { 'x-submission-id': randomUUID() } });
      expect(await stranger.json()).toEqual([]);

      const walnut = { renderNumber: 1, styleImageUrls: { walnut: 'https://x/walnut.jpg' }, imageRenditions: { walnut: copy('https://x/walnut') } };
      expect(await repository.addLaterStyles(row.id, { ...walnut, renderNumber: 2 })).toBe(false);
      expect(await repository.addLaterStyles(row.id, walnut)).toBe(true);
      // Each wood joins on its own (decision 049): the others are still coming, in their order.
      const notWalnut = others.filter((style) => style !== 'walnut');
      const withWalnut = await read();
      expect(withWalnut).toMatchObject({ styles_coming: notWalnut, styles_not_made: [], style_image_urls: { 'natural-white-oak': 'https://x/oak.jpg', walnut: 'https://x/walnut.jpg' } });
      expect(Object.keys(withWalnut.image_renditions as object).sort()).toEqual(['natural-white-oak', 'original', 'walnut']);
      // The rest at once, as two woods laid back to back may be written: each write keeps the other's wood.
      const joined = await Promise.all(
        notWalnut.map((style) => repository.addLaterStyles(row.id, { renderNumber: 1, styleImageUrls: { [style]: `https://x/${style}.jpg` }, imageRenditions: { [style]: copy(`https://x/${style}`) } })),
      );
      expect(joined).toEqual(notWalnut.map(() => true));
      const whole = await read();
      expect(whole).toMatchObject({ styles_coming: [], styles_not_made: [] });
      expect(Object.keys(whole.style_image_urls as object).sort()).toEqual([...WOOD_STYLE_IDS].sort());
      expect(Object.keys(whole.image_renditions as object).sort()).toEqual(['original', ...WOOD_STYLE_IDS].sort());
      await sql(`update public.floor_visualizer_requests set style_image_urls = $2, image_renditions = $3 where id = $1`, [
        row.id,
        JSON.stringify({ 'natural-white-oak': 'https://x/oak.jpg' }),
        JSON.stringify({ original: copy('https://x/original'), 'natural-white-oak': copy('https://x/oak') }),
      ]);

      // A fix now takes every style the request was asked for, coming ones included.
      await sql(`update public.floor_visualizer_requests set styles_coming = $2 where id = $1`, [row.id, others]);
      await repository.markStylesNotMade(row.id, 2);
      expect(await read()).toMatchObject({ styles_coming: others, styles_not_made: [] });
      await repository.markStylesNotMade(row.id, 1);
      expect(await read()).toMatchObject({ styles_coming: [], styles_not_made: others, style_image_urls: { 'natural-white-oak': 'https://x/oak.jpg' } });
      expect(stylesOfTheRequest((await repository.find(row.id))!)).toEqual([...WOOD_STYLE_IDS]);
      // Woods that come after the processor's bound said they were not made (LATER_STYLES_TIMEOUT_MS) join the row,
      // and are not said not made any more; the others still are until they come.
      expect(await repository.addLaterStyles(row.id, walnut)).toBe(true);
      expect(await read()).toMatchObject({ styles_coming: [], styles_not_made: notWalnut });
    } finally {
      await db.end();
    }
  });

  it('"Fix the floor": the token from the reply re-renders with taps; the visitor reads every style by id, never the token', async () => {
    const row = await createRequestRow();
    const photo = await readFile(path.join(FIXTURE_DIR, 'room-carpet.jpg'));
    const reply = await postWebhook({ requestId: row.id, name: row.name, email: row.email, imageBase64: toDataUrl(photo, 'image/jpeg'), fileName: 'room.jpg' });
    const token = String(reply.json.correctionToken);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await finishedRow(row.id)).status).toBe('completed');

    const correction = await postWebhook({ requestId: row.id, correctionToken: token, taps: [{ x: 0.5, y: 0.85, floor: true }] });
    expect(correction).toEqual({ status: 202, json: { status: 'rendering', requestId: row.id, renderNumber: 2 } });

    const columns = 'id,status,processed_image_url,style_image_urls,render_number,correction_state,floor_mask_url,floor_share';
    const deadline = Date.now() + 60_000;
    let visible: Record<string, unknown> = {};
    while (Date.now() < deadline) {
      const read = await anonFetch(`floor_visualizer_requests?id=eq.${row.id}&select=${columns}`, { headers: { 'x-submission-id': row.id } });
      visible = ((await read.json()) as Record<string, unknown>[])[0]!;
      if (visible.render_number === 2 || visible.correction_state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // The stack's processor renders every wood style (its default), and a correction re-renders them all, each
    // with a new signed link.
    const styles = Object.fromEntries(WOOD_STYLE_IDS.map((style) => [style, expect.stringMatching(signedLinkTo(`${row.id}/render-2/${style}.jpg`))]));
    expect(visible).toEqual({
      id: row.id,
      status: 'completed',
      processed_image_url: expect.stringMatching(signedLinkTo(`${row.id}/render-2/natural-white-oak.jpg`)),
      style_image_urls: styles,
      render_number: 2,
      correction_state: null,
      floor_mask_url: expect.stringMatching(signedLinkTo(`${row.id}/render-2/floor-mask.png`)),
      floor_share: expect.any(Number),
    });
    const render2 = String(visible.processed_image_url);
    // The correction's tap says "this is floor" in the room's floor: the stored share is that render's.
    expect(visible.floor_share).toBeGreaterThan(0.05);
    expect(visible.floor_share).toBeLessThanOrEqual(1);
    expect((await fetch(render2)).status).toBe(200);
    const mask = await fetch(String(visible.floor_mask_url));
    expect([mask.status, mask.headers.get('content-type')]).toEqual([200, 'image/png']);
    const secret = await anonFetch(`floor_visualizer_requests?id=eq.${row.id}&select=correction_token_sha256`, { headers: { 'x-submission-id': row.id } });
    expect(secret.status).toBe(401); // PostgREST's answer to anon reading a column it has no grant on

    // Once the retention job has deleted the photo, a fix has nothing to render on: the visitor is told so, and
    // nothing is queued or counted.
    await sql('select back_office.mark_visualizer_images_deleted(array[$1]::uuid[])', [row.id]);
    const late = await postWebhook({ requestId: row.id, correctionToken: token, taps: [{ x: 0.5, y: 0.85, floor: true }] });
    expect(late).toEqual({ status: 410, json: { error: 'This result has expired and its photo has been deleted. Please start a new request.' } });
    const [after] = await sql<{ corrections_used: number; correction_state: string | null }>(
      'select corrections_used, correction_state from public.floor_visualizer_requests where id = $1',
      [row.id],
    );
    expect(after).toEqual({ corrections_used: 1, correction_state: null });
  });

  it('carpet and rugs: the token asks for "Replace carpet and rugs too", rendered through the queue on the floors the first render stored', async () => {
    // A rendered living room whose area rug the network sees as rug (decision 010): kept by default.
    const room = renderRoomScene(RENDERED_ROOMS.find((item) => item.id === 'rendered-living-rug')!.scene);
    const photo = await sharp(room.rgb, { raw: { width: room.width, height: room.height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
    const row = await createRequestRow();
    const reply = await postWebhook({ requestId: row.id, name: row.name, email: row.email, imageBase64: toDataUrl(photo, 'image/jpeg'), fileName: 'living.jpg' });
    const token = String(reply.json.correctionToken);
    expect((await finishedRow(row.id)).status).toBe('completed');

    const columns = 'render_number,correction_state,rug_choice,rug_share,floor_share,processed_image_url,floor_mask_url';
    const read = async () => {
      const response = await anonFetch(`floor_visualizer_requests?id=eq.${row.id}&select=${columns}`, { headers: { 'x-submission-id': row.id } });
      return ((await response.json()) as Record<string, unknown>[])[0]!;
    };
    const first = await read();
    expect(first).toMatchObject({ render_number: 1, rug_choice: 'keep', correction_state: null });
    expect(first.rug_share).toBeGreaterThan(0.05);
    for (const file of ['floor-keep-rugs.png', 'floor-replace-rugs.png', 'scene-classes.png']) {
      expect((await readStoredImage(`${row.id}/render-1/${file}`)).status).toBe(200);
    }

    const choice = await postWebhook({ requestId: row.id, correctionToken: token, rugs: 'replace' });
    expect(choice).toEqual({ status: 202, json: { status: 'rendering', requestId: row.id, renderNumber: 2 } });
    const deadline = Date.now() + 60_000;
    let replaced = await read();
    while (replaced.render_number !== 2 && replaced.correction_state !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      replaced = await read();
    }
    expect(replaced).toMatchObject({
      render_number: 2,
      rug_choice: 'replace',
      correction_state: null,
      rug_share: first.rug_share,
      processed_image_url: expect.stringMatching(signedLinkTo(`${row.id}/render-2/natural-white-oak.jpg`)),
      floor_mask_url: expect.stringMatching(signedLinkTo(`${row.id}/render-2/floor-mask.png`)),
    });
    // The rug is under wood now: the render laid it on the rug's share of the photo more.
    expect(Number(replaced.floor_share) - Number(first.floor_share)).toBeCloseTo(Number(first.rug_share), 2);
    // The same floors go forward with the render, for the next switch.
    expect((await readStoredImage(`${row.id}/render-2/floor-keep-rugs.png`)).status).toBe(200);
    const [stored] = await sql<{ rug_choices_used: number; corrections_used: number }>(
      'select rug_choices_used, corrections_used from public.floor_visualizer_requests where id = $1',
      [row.id],
    );
    expect(stored).toEqual({ rug_choices_used: 1, corrections_used: 0 });
    const wrong = await postWebhook({ requestId: row.id, correctionToken: 'C'.repeat(43), rugs: 'keep' });
    expect(wrong).toEqual({ status: WEBHOOK_REFUSAL.status, json: { error: WEBHOOK_REFUSAL.error } });
  });

  it('fails a request stuck in processing past the deadline, and one whose photo never came', async () => {
    const stuck = await createRequestRow();
    const abandoned = await createRequestRow();
    // Triggers off for this session, or the updated_at trigger would stamp the present time.
    await sql(
      `set session_replication_role = replica;
       update public.floor_visualizer_requests set status = 'processing', updated_at = now() - interval '5 minutes' where id = '${stuck.id}';
       update public.floor_visualizer_requests set created_at = now() - interval '2 hours' where id = '${abandoned.id}';`,
    );
    expect(await finishedRow(stuck.id)).toMatchObject({ status: 'failed', failure_reason: 'Your photo took too long to process. Please try again.', failure_kind: 'try_again' });
    expect(await finishedRow(abandoned.id)).toMatchObject({ status: 'failed', failure_reason: 'No photo was received for this request.', failure_kind: 'try_again' });
  });

  it('fails a request within seconds when the call that names it in its header goes before its photo is all there', async () => {
    // A reload or a lost connection half-way through the upload: the reloaded page reads why, where the row used to
    // stay pending for the hour's sweep while the page followed it for the spec's 30 reads.
    const row = await createRequestRow();
    const call = http.request(stack.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '1000000', [WEBHOOK_REQUEST_ID_HEADER]: row.id },
    });
    call.on('error', () => undefined);
    call.write(`{"requestId":"${row.id}","imageBase64":"data:image/jpeg;base64,/9j/`);
    // Time for the header to pass the gateway on to the processor, which nothing outside them shows: a call gone
    // before the gateway opened its own never reaches the processor. A few milliseconds on a quiet machine, more
    // on a busy runner (three processes to be scheduled in turn); waiting longer only costs the wait.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    call.destroy();
    // After the processor's grace for the browser's own resend (10 s): none comes here.
    expect(await finishedRow(row.id, 30_000)).toMatchObject({ status: 'failed', failure_reason: 'No photo was received for this request.' });
  });
});
