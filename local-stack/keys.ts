import { createHmac } from 'node:crypto';

/**
 * The local JWT secret and the two API keys minted from it, the way the Supabase CLI does it locally: the
 * anon key is public by design; the service key bypasses row-level security and stays on the server side.
 * These are local development keys only; hosted Supabase has its own.
 */
export const LOCAL_JWT_SECRET = 'local-flooring-site-jwt-secret-at-least-32-characters';

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

export function signJwt(claims: Record<string, unknown>, secret = LOCAL_JWT_SECRET): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

// Fixed issue/expiry dates keep the keys identical between runs, so a running browser tab keeps working.
const ISSUED_AT = 1_767_225_600; // 2026-01-01
const EXPIRES_AT = 2_082_758_400; // 2036-01-01

export const LOCAL_ANON_KEY = signJwt({ iss: 'supabase-local', role: 'anon', iat: ISSUED_AT, exp: EXPIRES_AT });
export const LOCAL_SERVICE_ROLE_KEY = signJwt({
  iss: 'supabase-local',
  role: 'service_role',
  iat: ISSUED_AT,
  exp: EXPIRES_AT,
});

/**
 * The new key formats hosted projects issue (the JWT keys above are being retired by the end of 2026): opaque
 * strings, not JWTs. The gateway maps each to its role's JWT, as the platform's gateway does. Local keys only.
 */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_LocalFlooringSite_NotASecret';
export const LOCAL_SECRET_KEY = 'sb_secret_LocalFlooringSite_LocalOnly0000';

/** Which pair `npm start` writes to .env.local and gives the services: LOCAL_KEY_FORMAT=sb for the new one. */
export type KeyFormat = 'jwt' | 'sb';

export function localKeys(format: KeyFormat): { anonKey: string; serviceRoleKey: string } {
  return format === 'sb'
    ? { anonKey: LOCAL_PUBLISHABLE_KEY, serviceRoleKey: LOCAL_SECRET_KEY }
    : { anonKey: LOCAL_ANON_KEY, serviceRoleKey: LOCAL_SERVICE_ROLE_KEY };
}
