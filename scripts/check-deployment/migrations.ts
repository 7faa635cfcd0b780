import type { Outcome } from './test-rows.ts';

/** The migration that made public.deployment_check_migrations: a database without the function lacks it and every later one. */
export const MIGRATIONS_CHECK_VERSION = '20261130170003';

/**
 * Whether the deployment's database has every migration of the checkout the check runs from (`local`, the versions
 * of supabase/migrations/), from what public.deployment_check_migrations answered: the versions `supabase db push`
 * recorded, null when the database keeps no record, or `missing` when the function itself is not there.
 */
export function migrationsOutcome(local: string[], applied: string[] | null | 'missing'): Outcome & { skipped?: boolean } {
  const push = 'run `npx supabase db push` from this checkout (README, "Deploying", step 2)';
  if (applied === 'missing') {
    const lacking = local.filter((version) => version >= MIGRATIONS_CHECK_VERSION);
    return { ok: false, detail: `the database has no public.deployment_check_migrations, so it lacks at least ${lacking.length} migration(s) of this checkout, from ${MIGRATIONS_CHECK_VERSION} on: ${push}` };
  }
  if (applied === null) {
    return { ok: false, skipped: true, detail: 'the database keeps no record of applied migrations (supabase_migrations.schema_migrations): applied by hand? Which are missing is not known here' };
  }
  const missing = local.filter((version) => !applied.includes(version));
  if (missing.length > 0) {
    return {
      ok: false,
      detail: `the database lacks ${missing.length} of the ${local.length} migrations of this checkout (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', ...' : ''}): the services write columns and call functions it does not have, and visitors' forms or photos fail; ${push}`,
    };
  }
  const newer = applied.filter((version) => !local.includes(version));
  if (newer.length > 0) {
    return {
      ok: false,
      skipped: true,
      detail: `the database has ${newer.length} migration(s) this checkout does not (${newer.slice(-3).join(', ')}): the check runs from an older checkout than was deployed, so its lines may judge by old rules; pull and run it again`,
    };
  }
  return { ok: true, detail: `all ${local.length} migrations of supabase/migrations/ are applied` };
}
