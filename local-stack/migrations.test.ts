import { describe, expect, it } from 'vitest';
import { listMigrations } from './migrations';

describe('the migration files', () => {
  // The version is schema_migrations' primary key (as in the Supabase CLI): two files with one version stop every
  // stack at start, which two parallel branches each picking "the next number" did once.
  it('each has a version of its own', () => {
    const versions = listMigrations().map((migration) => migration.version);
    const repeated = versions.filter((version, index) => versions.indexOf(version) !== index);
    expect(repeated).toEqual([]);
    expect(versions.length).toBeGreaterThan(0);
  });
});
