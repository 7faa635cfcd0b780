import { http, HttpResponse } from 'msw';
import { restUrl, TEST_WEBHOOK_URL } from '@/testing/test-env';
import type { VisualizerRequest } from '../api/get-visualizer-request';

/** Test helpers for the visualizer's calls, shared by its component tests. */
export const REQUESTS_URL = restUrl('floor_visualizer_requests');
/** Signed links, as the processor stores them (decision 022). */
export const ORIGINAL_URL = 'http://supabase.test/storage/v1/object/sign/floor-visualizer/abc/original.jpg?token=a.b.c';
export const PROCESSED_URL =
  'http://supabase.test/storage/v1/object/sign/floor-visualizer/abc/processed.jpg?token=a.b.d';

/** How each test photo's bytes begin, as a real one of its type does: the page refuses a file that starts as no picture. */
const FIRST_BYTES: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/webp': [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  'image/heic': [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63],
};

/** A photo's file: `size` bytes that begin as a picture of `type` does (a HEIC's when the name says .heic). */
export function imageFile(size = 2048, name = 'living-room.jpg', type = 'image/jpeg'): File {
  const bytes = new Uint8Array(size).fill(7);
  const heic = /\.hei[cf]$/i.test(name) ? FIRST_BYTES['image/heic'] : undefined;
  bytes.set((FIRST_BYTES[type] ?? heic ?? [0xff, 0xd8, 0xff, 0xe0]).slice(0, size));
  return new File([bytes], name, { type });
}

export function row(id: string, overrides: Partial<VisualizerRequest> = {}): VisualizerRequest {
  return {
    id,
    // Made just now: its images' links are good for the retention period.
    created_at: new Date().toISOString(),
    status: 'processing',
    original_image_url: null,
    processed_image_url: null,
    failure_reason: null,
    failure_kind: null,
    style_image_urls: {},
    image_renditions: {},
    render_number: 0,
    correction_state: null,
    floor_mask_url: null,
    floor_share: null,
    rug_choice: null,
    rug_share: null,
    images_deleted_at: null,
    styles_coming: [],
    styles_not_made: [],
    ...overrides,
  };
}

export const completedRow = (id: string) =>
  row(id, { status: 'completed', original_image_url: ORIGINAL_URL, processed_image_url: PROCESSED_URL });

/** Records what reached the server, so tests can assert on the calls a visitor's actions made. */
export type Calls = { inserts: unknown[]; webhooks: Record<string, unknown>[]; reads: Request[]; id: () => string };

/** The create call (spec call 7) answering as PostgREST does, keeping the client-made id. */
export function insertHandler(calls: Calls) {
  return http.post(REQUESTS_URL, async ({ request }) => {
    const body = (await request.json()) as { id: string } | { id: string }[];
    calls.inserts.push(body);
    const inserted = Array.isArray(body) ? body[0] : body;
    return HttpResponse.json([{ id: inserted?.id }], { status: 201 });
  });
}

export function webhookHandler(
  calls: Calls,
  reply: () => Response = () => HttpResponse.json({ status: 'processing' }, { status: 202 }),
) {
  return http.post(TEST_WEBHOOK_URL, async ({ request }) => {
    calls.webhooks.push((await request.json()) as Record<string, unknown>);
    return reply();
  });
}

export function readHandler(calls: Calls, answer: (id: string, attempt: number) => Response | Promise<Response>) {
  return http.get(REQUESTS_URL, ({ request }) => {
    calls.reads.push(request.clone());
    const id = new URL(request.url).searchParams.get('id')?.replace(/^eq\./, '') ?? '';
    return answer(id, calls.reads.length);
  });
}

export function newCalls(): Calls {
  const calls: Calls = {
    inserts: [],
    webhooks: [],
    reads: [],
    id: () => {
      const first = calls.inserts[0];
      const inserted = (Array.isArray(first) ? first[0] : first) as { id?: string } | undefined;
      // The photo goes out beside the insert (decision 025, session 20): either may reach the server first.
      return inserted?.id ?? (calls.webhooks[0]?.requestId as string | undefined) ?? '';
    },
  };
  return calls;
}
