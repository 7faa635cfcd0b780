import { BUCKETS } from './pages.ts';
import type { Outcome } from './test-rows.ts';

/**
 * What public.deployment_check_storage_policies answers: a policy on storage.objects or storage.buckets for anon or
 * authenticated. `table` is absent in the answer of a database before migration 20261205002000 (storage.objects only).
 */
export type StoragePolicy = { name: string; table?: 'objects' | 'buckets'; command: string; roles: string[] };

/** A bucket as the Storage API lists it to the service key (`GET /storage/v1/bucket`). */
export type BucketSeen = { id: string; public?: boolean };

/**
 * Whether any Storage policy lets anon or authenticated reach a bucket. Only the service key uses Storage; a dashboard
 * template's "authenticated users can read" hands every room photo to whoever signs up (Supabase Auth takes sign-ups
 * from the public key unless they are turned off), which no probe without a sign-up sees. The condition of a policy
 * is not judged, nor which bucket it names: until session 30 only policies naming the photo buckets (or none) were,
 * so one for a bucket added later (lead exports, staff documents) passed while the public key read every file in it.
 */
export function storagePoliciesOutcome(policies: StoragePolicy[]): Outcome {
  if (policies.length === 0)
    return { ok: true, detail: 'no policy on storage.objects or storage.buckets applies to anon or authenticated, whatever bucket it names' };
  const named = policies.map((policy) => `"${policy.name}" on storage.${policy.table ?? 'objects'} (${policy.command}, to ${policy.roles.join(', ')})`);
  const first = policies[0]!;
  return {
    ok: false,
    detail: `Storage has ${named.join(', ')}, which may let ${policies.some((policy) => policy.roles.some((role) => role !== 'anon')) ? 'whoever signs up (Supabase Auth takes sign-ups from the public key unless they are turned off) or ' : ''}visitors open, list, add or delete files: in ${BUCKETS.map((bucket) => bucket.id).join(' and ')}, every visitor's room photos, and in any other bucket whatever staff keep there; only the service key uses Storage, so drop ${policies.length > 1 ? 'them' : 'it'} (drop policy "${first.name}" on storage.${first.table ?? 'objects'};)`,
  };
}

/**
 * The line "project has no storage bucket but the photo buckets" (session 30): each bucket line asks one of the
 * migrations' buckets by name, so a bucket added later passed, public (every file opens at its public address, no
 * key, no policy) or not (the retention job, forgetting and a visitor's export walk only VISITOR_BUCKETS, so what
 * such a bucket holds is never deleted nor exported; the tests' walk of Storage fails on a bucket not reviewed).
 */
export function otherBucketsOutcome(buckets: BucketSeen[]): Outcome {
  const own = new Set<string>(BUCKETS.map((bucket) => bucket.id));
  const others = buckets.filter((bucket) => !own.has(bucket.id));
  if (others.length === 0)
    return { ok: true, detail: `Storage lists ${buckets.length} bucket${buckets.length === 1 ? '' : 's'}, none but ${[...own].join(' and ')}` };
  const open = others.filter((bucket) => bucket.public !== false);
  const named = others.map((bucket) => `${bucket.id} (${bucket.public === false ? 'private' : 'public'})`);
  return {
    ok: false,
    detail: `Storage also has ${named.join(', ')}, which no migration makes${open.length > 0 ? `: every file in ${open.map((bucket) => bucket.id).join(' and ')} opens at its public address without any key` : ''}; the retention job, forgetting and a visitor's data export know only ${[...own].join(' and ')}, so nothing in ${others.length === 1 ? 'it' : 'them'} is ever deleted or exported; move what ${others.length === 1 ? 'it holds' : 'they hold'} and delete ${others.length === 1 ? 'it' : 'them'}, or make ${others.length === 1 ? 'it' : 'them'} with a migration and add ${others.length === 1 ? 'it' : 'them'} to what those walk`,
  };
}
