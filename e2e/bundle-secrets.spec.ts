import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_JWT_SECRET, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY } from '../local-stack/keys';
import { jwtRoles } from '../scripts/check-deployment/site';
import { expect, test } from './support/test';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test('the built site carries the anon key but never a secret key', () => {
  const buildDir = process.env.E2E_BUILD_DIR!;
  const serviceKey = process.env.E2E_SERVICE_ROLE_KEY!;
  const texts = filesUnder(buildDir)
    .filter((file) => /\.(js|html|css|map|json|txt|xml|webmanifest)$/.test(file))
    .map((file) => ({ file: path.relative(buildDir, file), text: fs.readFileSync(file, 'utf8') }));

  expect(texts.length).toBeGreaterThan(0);
  expect(texts.some(({ text }) => text.includes(process.env.E2E_ANON_KEY!))).toBe(true);
  for (const { file, text } of texts) {
    // The stack's own service key, both formats of the local keys, and the secret that signs JWT keys.
    for (const secret of [serviceKey, LOCAL_SERVICE_ROLE_KEY, LOCAL_SECRET_KEY, LOCAL_JWT_SECRET, 'SUPABASE_SERVICE_ROLE_KEY']) {
      expect(text.includes(secret), `${file} holds ${secret.slice(0, 24)}…`).toBe(false);
    }
    // Any project's: a new-format secret key, or a JWT key for a role other than anon.
    expect(text.match(/sb_secret_[\w-]{8,}/)?.[0], file).toBeUndefined();
    expect(jwtRoles(text).filter((role) => role !== 'anon'), file).toEqual([]);
  }
});
