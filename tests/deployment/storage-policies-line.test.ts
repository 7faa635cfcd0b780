import { describe, expect, it } from 'vitest';
import { otherBucketsOutcome, storagePoliciesOutcome } from '../../scripts/check-deployment/storage-policies';

/** check:deployment's line on Storage policies, from what public.deployment_check_storage_policies answers. */
describe("check:deployment's storage policies line", () => {
  it('passes when no policy for anon or authenticated is on Storage', () => {
    expect(storagePoliciesOutcome([])).toEqual({
      ok: true,
      detail: 'no policy on storage.objects or storage.buckets applies to anon or authenticated, whatever bucket it names',
    });
  });

  it('names each policy, its table, command and roles, and says a signed-in user is anyone who signs up', () => {
    const outcome = storagePoliciesOutcome([
      { name: 'Authenticated users can read', table: 'objects', command: 'select', roles: ['authenticated'] },
      { name: 'uploads', command: 'insert', roles: ['public'] },
      { name: 'Anyone lists buckets', table: 'buckets', command: 'select', roles: ['anon'] },
    ]);

    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toBe(
      'Storage has "Authenticated users can read" on storage.objects (select, to authenticated), "uploads" on storage.objects (insert, to public), "Anyone lists buckets" on storage.buckets (select, to anon), which may let whoever signs up (Supabase Auth takes sign-ups from the public key unless they are turned off) or visitors open, list, add or delete files: in floor-visualizer and floor-visualizer-uploads, every visitor\'s room photos, and in any other bucket whatever staff keep there; only the service key uses Storage, so drop them (drop policy "Authenticated users can read" on storage.objects;)',
    );
    // A policy on a bucket added later (session 30): named as any other.
    expect(storagePoliciesOutcome([{ name: 'anon reads exports', table: 'objects', command: 'select', roles: ['anon'] }]).detail).toMatch(
      /^Storage has "anon reads exports" on storage\.objects \(select, to anon\), which may let visitors open/,
    );
  });
});

describe("check:deployment's other buckets line (session 30)", () => {
  it("passes the migrations' two buckets", () => {
    expect(otherBucketsOutcome([{ id: 'floor-visualizer', public: false }, { id: 'floor-visualizer-uploads', public: false }])).toEqual({
      ok: true,
      detail: 'Storage lists 2 buckets, none but floor-visualizer and floor-visualizer-uploads',
    });
  });

  it('names a bucket added later, and says a public one opens every file without a key', () => {
    expect(otherBucketsOutcome([{ id: 'floor-visualizer', public: false }, { id: 'exports', public: true }])).toEqual({
      ok: false,
      detail:
        "Storage also has exports (public), which no migration makes: every file in exports opens at its public address without any key; the retention job, forgetting and a visitor's data export know only floor-visualizer and floor-visualizer-uploads, so nothing in it is ever deleted or exported; move what it holds and delete it, or make it with a migration and add it to what those walk",
    });
  });
});
