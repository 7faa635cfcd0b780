import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test('the built site carries the anon key but never the service key', () => {
  const buildDir = process.env.E2E_BUILD_DIR!;
  const serviceKey = process.env.E2E_SERVICE_ROLE_KEY!;
  const texts = filesUnder(buildDir)
    .filter((file) => /\.(js|html|css|map|json)$/.test(file))
    .map((file) => fs.readFileSync(file, 'utf8'));

  expect(texts.length).toBeGreaterThan(0);
  expect(texts.some((text) => text.includes(process.env.E2E_ANON_KEY!))).toBe(true);
  for (const text of texts) {
    expect(text).not.toContain(serviceKey);
    expect(text).not.toContain('SUPABASE_SERVICE_ROLE_KEY');
  }
});
