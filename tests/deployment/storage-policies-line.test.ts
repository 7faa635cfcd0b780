import { describe, expect, it } from 'vitest';
import { storagePoliciesOutcome } from '../../scripts/check-deployment/storage-policies';

/** check:deployment's line on Storage policies, from what public.deployment_check_storage_policies answers. */
describe("check:deployment's storage policies line", () => {
  it('passes when no policy for anon or authenticated reaches the photo buckets', () => {
    expect(storagePoliciesOutcome([])).toEqual({
      ok: true,
      detail:
        'no policy on storage.objects for anon or authenticated names floor-visualizer and floor-visualizer-uploads, or applies to every bucket',
    });
  });

  it('names each policy, its command and roles, and says a signed-in user is anyone who signs up', () => {
    const outcome = storagePoliciesOutcome([
      { name: 'Authenticated users can read', command: 'select', roles: ['authenticated'] },
      { name: 'uploads', command: 'insert', roles: ['public'] },
    ]);

    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toBe(
      'storage.objects has "Authenticated users can read" (select, to authenticated), "uploads" (insert, to public), which may let whoever signs up (Supabase Auth takes sign-ups from the public key unless they are turned off) or visitors open, list, add or delete files in floor-visualizer and floor-visualizer-uploads: every visitor\'s room photos; only the service key uses these buckets, so drop them (drop policy "Authenticated users can read" on storage.objects;)',
    );
    expect(storagePoliciesOutcome([{ name: 'anon reads', command: 'select', roles: ['anon'] }]).detail).toMatch(
      /^storage\.objects has "anon reads" \(select, to anon\), which may let visitors open/,
    );
  });
});
