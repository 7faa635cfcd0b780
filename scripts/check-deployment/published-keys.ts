import { createHmac } from 'node:crypto';
import { LOCAL_JWT_SECRET, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '../../local-stack/keys.ts';
import { isThisMachine } from './site.ts';
import type { Outcome } from './test-rows.ts';

/**
 * JWT secrets anyone can read: this repository's local stack's, and the one the Supabase CLI and the self-hosting
 * guide's .env.example ship (with and without its "your-"). A project whose keys are signed with one lets anyone
 * sign a service_role key and read every row: a self-hosted Supabase started with the example's .env, or the local
 * stack put on a public machine.
 */
export const PUBLISHED_JWT_SECRETS: ReadonlyArray<{ secret: string; whose: string }> = [
  { secret: LOCAL_JWT_SECRET, whose: "this repository's local stack" },
  {
    secret: 'super-secret-jwt-token-with-at-least-32-characters-long',
    whose: "the Supabase CLI's and self-hosting example's",
  },
  {
    secret: 'your-super-secret-jwt-token-with-at-least-32-characters-long',
    whose: "Supabase's self-hosting .env.example",
  },
];

/** Whose published secret signed this JWT key (HS256), or undefined. */
export function publishedSecretOf(key: string): string | undefined {
  const [header, payload, signature] = key.split('.');
  if (!header || !payload || !signature || key.split('.').length !== 3) return undefined;
  return PUBLISHED_JWT_SECRETS.find(
    ({ secret }) => createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url') === signature,
  )?.whose;
}

/**
 * Whether the project's keys are ones anyone can have: a JWT key signed with a published secret, or the local stack's
 * fixed sb_ keys. On this machine's own address (the local stack) they reach no one else.
 */
export function publishedKeysOutcome(
  supabaseUrl: string,
  keys: { SUPABASE_ANON_KEY: string; SUPABASE_SERVICE_ROLE_KEY: string },
): Outcome {
  const published = Object.entries(keys).flatMap(([name, key]) => {
    const whose =
      publishedSecretOf(key) ??
      (key === LOCAL_PUBLISHABLE_KEY || key === LOCAL_SECRET_KEY ? "this repository's local stack" : undefined);
    return whose ? [`${name} (${whose})`] : [];
  });
  if (published.length === 0)
    return { ok: true, detail: "neither key is signed with a published secret or is the local stack's" };
  if (isThisMachine(new URL(supabaseUrl)))
    return {
      ok: true,
      detail: `the local stack's published keys, on this machine's own address, which no one else reaches`,
    };
  return {
    ok: false,
    detail: `${published.join(', ')} is a published key or signed with a published JWT secret: anyone can sign a service_role key with it and read or erase every visitor's row; give the project a secret of its own (self-hosted: a new JWT_SECRET and keys made from it) and rebuild the site with the new public key`,
  };
}
