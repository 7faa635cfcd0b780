import { test as base, expect } from '@playwright/test';

type Row = Record<string, unknown>;

export type Database = {
  /** Rows of `table` matching every column = value given, read with the service key (what the owner sees). */
  rowsWhere(table: string, match: Record<string, string>): Promise<Row[]>;
};

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the end-to-end tests with npm run test:e2e`);
  return value;
}

export const test = base.extend<{ database: Database; failOnPageErrors: void }>({
  baseURL: async ({}, use) => use(setting('E2E_BASE_URL')),
  database: async ({}, use) => {
    const url = setting('E2E_SUPABASE_URL');
    const key = setting('E2E_SERVICE_ROLE_KEY');
    await use({
      async rowsWhere(table, match) {
        const filters = Object.entries(match).map(([column, value]) => `${column}=eq.${encodeURIComponent(value)}`);
        const response = await fetch(`${url}/rest/v1/${table}?select=*&${filters.join('&')}`, {
          headers: { apikey: key, Authorization: `Bearer ${key}` },
        });
        if (!response.ok) throw new Error(`Reading ${table} failed: ${response.status} ${await response.text()}`);
        return (await response.json()) as Row[];
      },
    });
  },
  // An uncaught exception in the page fails the journey, even when the screen looks right.
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
