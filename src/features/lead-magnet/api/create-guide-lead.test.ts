import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { restUrl } from '@/testing/test-env';
import { createGuideLead } from './create-guide-lead';

/** The guide sign-up's data function on its own: what it stores, and what it refuses before sending anything. */
describe('createGuideLead', () => {
  function recordLeads() {
    const bodies: unknown[] = [];
    server.use(
      http.post(restUrl('leads'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json([{ id: 'ignored' }], { status: 201 });
      }),
    );
    return bodies;
  }

  it('stores the address trimmed, without a control character pasted into it, with the fixed source', async () => {
    const bodies = recordLeads();
    const { id } = await createGuideLead({ email: ' ann\u0000.lee@example.com\u0007 ' });
    expect(bodies).toEqual([
      [{ email: 'ann.lee@example.com', lead_source: 'free_flooring_guide', guide_sent: true, id }],
    ]);
  });

  // leads.email's rule (private.is_email) takes at most 254 characters: one more, and the visitor would read
  // 'Oops! Something went wrong' rather than what to change.
  it('takes an address of 254 characters and refuses one of 255 with its message, sending nothing', async () => {
    const bodies = recordLeads();
    const ofLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    await expect(createGuideLead({ email: ofLength(255) })).rejects.toThrow(
      'Please enter an email address of at most 254 characters.',
    );
    expect(bodies).toEqual([]);
    await createGuideLead({ email: ofLength(254) });
    expect(bodies).toEqual([[expect.objectContaining({ email: ofLength(254) })]]);
  });
});
