import { BUCKETS } from './pages.ts';
import type { Outcome } from './test-rows.ts';

/** What public.deployment_check_storage_policies answers: a policy on storage.objects that may reach the photo buckets. */
export type StoragePolicy = { name: string; command: string; roles: string[] };

/**
 * Whether any Storage policy lets anon or authenticated reach the visitor buckets. Only the service key uses them;
 * a dashboard template's "authenticated users can read" hands every room photo to whoever signs up (Supabase Auth
 * takes sign-ups from the public key unless they are turned off), which no probe without a sign-up sees. The
 * condition of a policy is not judged (one naming the buckets or no bucket is answered): none should exist.
 */
export function storagePoliciesOutcome(policies: StoragePolicy[]): Outcome {
  const buckets = BUCKETS.map((bucket) => bucket.id).join(' and ');
  if (policies.length === 0)
    return {
      ok: true,
      detail: `no policy on storage.objects for anon or authenticated names ${buckets}, or applies to every bucket`,
    };
  const named = policies.map((policy) => `"${policy.name}" (${policy.command}, to ${policy.roles.join(', ')})`);
  return {
    ok: false,
    detail: `storage.objects has ${named.join(', ')}, which may let ${policies.some((policy) => policy.roles.some((role) => role !== 'anon')) ? 'whoever signs up (Supabase Auth takes sign-ups from the public key unless they are turned off) or ' : ''}visitors open, list, add or delete files in ${buckets}: every visitor's room photos; only the service key uses these buckets, so drop ${policies.length > 1 ? 'them' : 'it'} (drop policy "${policies[0]!.name}" on storage.objects;)`,
  };
}
