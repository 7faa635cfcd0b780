import { describe, expect, it } from 'vitest';
import { listMigrations } from '../../local-stack/migrations';
import { MIGRATIONS_CHECK_VERSION, migrationsOutcome } from '../../scripts/check-deployment/migrations';

/** check:deployment's line on the database's applied migrations (check-deployment.test.ts removes a record from a real one). */
const local = ['20261101000001', '20261102000001', '20261130170003', '20261201000001'];

describe('the migrations line', () => {
  it('is ok when every migration of the checkout is recorded as applied', () => {
    expect(migrationsOutcome(local, [...local])).toEqual({ ok: true, detail: 'all 4 migrations of supabase/migrations/ are applied' });
  });

  it('fails a database that lacks some, naming the first ones, and one without the check function itself', () => {
    expect(migrationsOutcome(local, local.slice(0, 2))).toMatchObject({ ok: false, detail: expect.stringMatching(/^the database lacks 2 of the 4 migrations of this checkout \(20261130170003, 20261201000001\): /) });
    expect(migrationsOutcome(local, 'missing')).toMatchObject({ ok: false, detail: expect.stringMatching(/^the database has no public\.deployment_check_migrations, so it lacks at least 2 migration\(s\) of this checkout, from 20261130170003 on: /) });
  });

  it('skips, not passes, when the database keeps no record or has migrations the checkout does not (run from an older checkout)', () => {
    expect(migrationsOutcome(local, null)).toMatchObject({ ok: false, skipped: true });
    expect(migrationsOutcome(local, [...local, '20261215000001'])).toMatchObject({ ok: false, skipped: true, detail: expect.stringMatching(/^the database has 1 migration\(s\) this checkout does not \(20261215000001\)/) });
  });

  it("names the migration that makes the check's function", () => {
    expect(listMigrations().some((migration) => migration.version === MIGRATIONS_CHECK_VERSION && /deployment_check_migrations/.test(migration.name))).toBe(true);
  });
});
