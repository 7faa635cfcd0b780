import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../local-stack/keys';
import { publishedKeysOutcome, publishedSecretOf } from '../../scripts/check-deployment/published-keys';

/** A JWT key for `role`, signed with `secret`, as Supabase's are. */
function jwt(role: string, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'supabase', role, iat: 1_700_000_000, exp: 2_000_000_000 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const HOSTED = 'https://abcdefghijklmnop.supabase.co';
const SELF_HOSTED_EXAMPLE = 'your-super-secret-jwt-token-with-at-least-32-characters-long';

describe("check:deployment's line on the project's keys", () => {
  it("fails keys signed with a published secret, or the local stack's own, on a deployed address: anyone can sign a service_role key", () => {
    const outcome = publishedKeysOutcome('https://api.floors.example', {
      SUPABASE_ANON_KEY: jwt('anon', SELF_HOSTED_EXAMPLE),
      SUPABASE_SERVICE_ROLE_KEY: jwt('service_role', SELF_HOSTED_EXAMPLE),
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(
      /^SUPABASE_ANON_KEY \(Supabase's self-hosting \.env\.example\), SUPABASE_SERVICE_ROLE_KEY \(Supabase's self-hosting \.env\.example\) is a published key or signed with a published JWT secret: anyone can sign a service_role key/,
    );
    expect(
      publishedKeysOutcome(HOSTED, {
        SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
      }).ok,
    ).toBe(false);
    expect(
      publishedKeysOutcome(HOSTED, {
        SUPABASE_ANON_KEY: 'sb_publishable_xyz',
        SUPABASE_SERVICE_ROLE_KEY: LOCAL_SECRET_KEY,
      }).detail,
    ).toMatch(/^SUPABASE_SERVICE_ROLE_KEY \(this repository's local stack\)/);
    expect(publishedSecretOf(jwt('anon', 'super-secret-jwt-token-with-at-least-32-characters-long'))).toBe(
      "the Supabase CLI's and self-hosting example's",
    );
  });

  it("passes a project's own keys, and the local stack's on this machine's own address", () => {
    expect(
      publishedKeysOutcome(HOSTED, {
        SUPABASE_ANON_KEY: jwt('anon', 'a secret of this project only, 40 characters'),
        SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_0123456789abcdef',
      }),
    ).toEqual({
      ok: true,
      detail: "neither key is signed with a published secret or is the local stack's",
    });
    expect(
      publishedKeysOutcome('http://127.0.0.1:54321', {
        SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
      }).ok,
    ).toBe(true);
    expect(publishedSecretOf('not.a-jwt')).toBeUndefined();
  });
});
