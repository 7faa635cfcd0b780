import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { holdsJwtSecretOf, servedPrivateFiles, serviceFilesOutcome } from '../../scripts/check-deployment/service-files';

const secret = 'a-project-jwt-secret-of-at-least-32-characters';
const sign = (payload: object, key = secret) => {
  const head = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
};
const anonKey = sign({ role: 'anon' });
const serviceKey = sign({ role: 'service_role' });
const reply = (body: string, status = 200) => ({ status, headers: {}, body });

/**
 * check:deployment's line "processor and API hand out no file of their machine" (session 31);
 * check-deployment.test.ts puts a host in front of a real processor that hands out its .env.
 */
describe("check:deployment's service files line", () => {
  it('finds the JWT secret that signs the public key, quoted or not, as a setting or a word, and nothing in a file without it', () => {
    expect(holdsJwtSecretOf(`JWT_SECRET=${secret}\n`, anonKey)).toBe(true);
    expect(holdsJwtSecretOf(`export JWT_SECRET="${secret}"\n`, anonKey)).toBe(true);
    expect(holdsJwtSecretOf(`{"jwt": "${secret}"}`, anonKey)).toBe(true);
    expect(holdsJwtSecretOf('JWT_SECRET=another-secret-of-at-least-32-characters-long\n', anonKey)).toBe(false);
    expect(holdsJwtSecretOf(`JWT_SECRET=${secret}\n`, 'sb_publishable_abc')).toBe(false);
  });

  it('names each file a host hands out with the secrets it holds, and not a page or a 404', () => {
    const served = servedPrivateFiles(
      'https://processor.example',
      [
        { path: '/.env', reply: reply(`SUPABASE_SERVICE_ROLE_KEY=${serviceKey}\nJWT_SECRET=${secret}\n`) },
        { path: '/.env.local', reply: reply('{"error":"Not found."}', 404) },
        { path: '/.git/config', reply: reply('<!doctype html><title>Not here</title>') },
      ],
      { anonKey, serviceKey },
    );
    expect(served).toEqual([
      `https://processor.example/.env (${serviceKey.length + secret.length + 39} bytes, holding the secret key SUPABASE_SERVICE_ROLE_KEY, a JWT key for the role service_role, the JWT secret the keys are signed with)`,
    ]);
    expect(serviceFilesOutcome(['https://processor.example'], served).ok).toBe(false);
  });

  it("passes hosts that serve none, and says so when both services are on the site's host", () => {
    expect(serviceFilesOutcome(['https://processor.example', 'https://ref.supabase.co'], [])).toEqual({
      ok: true,
      detail: 'https://processor.example and https://ref.supabase.co serve none of /.env, /.env.local, /.env.production, /.env.production.local, /.git/config',
    });
    expect(serviceFilesOutcome([], []).ok).toBe(true);
  });
});
