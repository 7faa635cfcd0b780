import { describe, expect, it } from 'vitest';
import { isPostgresProblem } from './postgres';

describe('the Postgres log lines the stack shows', () => {
  it('shows errors, fatal errors and panics', () => {
    expect(isPostgresProblem('2026-11-22 10:00:00.000 UTC [42] ERROR:  permission denied for table leads')).toBe(true);
    expect(
      isPostgresProblem('2026-11-22 10:00:00.000 UTC [42] FATAL:  password authentication failed for user "anon"'),
    ).toBe(true);
    expect(
      isPostgresProblem('2026-11-22 10:00:00.000 UTC [42] PANIC:  could not write to file "pg_wal/xlogtemp.42"'),
    ).toBe(true);
  });

  it('leaves out ordinary lines', () => {
    expect(
      isPostgresProblem('2026-11-22 10:00:00.000 UTC [42] LOG:  database system is ready to accept connections'),
    ).toBe(false);
  });

  it("leaves out the expected refusals: the readiness probe's while starting, graphile-worker's first look for its schema", () => {
    expect(isPostgresProblem('2026-11-22 10:00:00.000 UTC [42] FATAL:  the database system is starting up')).toBe(
      false,
    );
    expect(
      isPostgresProblem(
        '2026-11-22 10:00:00.000 UTC [42] ERROR:  relation "graphile_worker.migrations" does not exist at character 21',
      ),
    ).toBe(false);
  });
});
