import { afterEach, describe, expect, it, vi } from 'vitest';

const original = import.meta.env.VITE_SUPABASE_ANON_KEY;
afterEach(() => {
  import.meta.env.VITE_SUPABASE_ANON_KEY = original;
  vi.resetModules();
});

async function siteEnvWithKey(key: string) {
  import.meta.env.VITE_SUPABASE_ANON_KEY = key;
  vi.resetModules();
  const { getSiteEnv } = await import('./env');
  return getSiteEnv();
}

describe('the site key setting', () => {
  it('takes a publishable key or a legacy anon JWT', async () => {
    expect((await siteEnvWithKey('sb_publishable_abcDEF123_4567890')).VITE_SUPABASE_ANON_KEY).toBe(
      'sb_publishable_abcDEF123_4567890',
    );
    expect((await siteEnvWithKey('eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2ln')).VITE_SUPABASE_ANON_KEY).toMatch(
      /^eyJ/,
    );
  });

  it('refuses a secret key, which would put a key that bypasses RLS in every page', async () => {
    await expect(siteEnvWithKey('sb_secret_abcDEF123_4567890')).rejects.toThrow(
      'is a secret key (sb_secret_…): use the publishable key',
    );
  });
});
