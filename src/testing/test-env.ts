/** The settings component tests run with (vitest.config.ts puts them in import.meta.env). */
export const TEST_SUPABASE_URL = 'http://supabase.test';
export const TEST_ANON_KEY = 'test-anon-key-0123456789abcdef';
export const TEST_WEBHOOK_URL = 'http://supabase.test/functions/v1/floor-visualizer';

export const restUrl = (table: string) => `${TEST_SUPABASE_URL}/rest/v1/${table}`;
