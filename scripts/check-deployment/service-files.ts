import { createHmac } from 'node:crypto';
import { PRIVATE_PATHS, secretsIn, servesPrivateFile } from './site.ts';
import type { Reply } from './http.ts';
import type { Outcome } from './test-rows.ts';

/**
 * Whether `text` holds the secret the public key is signed with (HS256): any value of a `NAME=value` line or any
 * word of 32 characters or more that signs it. A `.env` of a self-hosted Supabase names it JWT_SECRET; with it anyone
 * signs a service_role key. Nothing is found for a public key that is no JWT (`sb_publishable_…`).
 */
export function holdsJwtSecretOf(text: string, anonKey: string): boolean {
  const [header, payload, signature, extra] = anonKey.split('.');
  if (!header || !payload || !signature || extra !== undefined) return false;
  const values = [...text.matchAll(/^\s*(?:export\s+)?[\w.]+\s*[=:]\s*(.*?)\s*$/gm)].map((line) => line[1]!.replace(/^(['"])(.*)\1$/, '$2'));
  const words = text.match(/[^\s'"=:,;]{32,}/g) ?? [];
  return [...new Set([...values, ...words])].some(
    (candidate) => candidate.length > 0 && createHmac('sha256', candidate).update(`${header}.${payload}`).digest('base64url') === signature,
  );
}

/** What one host handed out of PRIVATE_PATHS, as `https://host/.env (612 bytes, holding …)`. */
export function servedPrivateFiles(origin: string, replies: ReadonlyArray<{ path: string; reply: Reply }>, keys: { anonKey: string; serviceKey: string }): string[] {
  return replies
    .filter(({ reply }) => servesPrivateFile(reply))
    .map(({ path, reply }) => {
      const secrets = [
        ...secretsIn(reply.body, keys.serviceKey === keys.anonKey ? undefined : keys.serviceKey, keys.anonKey),
        ...(holdsJwtSecretOf(reply.body, keys.anonKey) ? ['the JWT secret the keys are signed with'] : []),
      ];
      return `${origin}${path} (${reply.body.length} bytes${secrets.length > 0 ? `, holding ${secrets.join(', ')}` : ''})`;
    });
}

/**
 * The line "processor and API hand out no file of their machine" (session 31). The site's line asks the site's host
 * for PRIVATE_PATHS; the processor's host was never asked, yet it is the one whose folder holds the secrets: a
 * processor run with `node --env-file=.env` behind nginx whose `root` is the app's folder (`try_files $uri @node`)
 * hands out its `.env`, the secret key, DATABASE_URL and the SMTP password, while every request the check makes is
 * passed to the processor. A self-hosted Supabase behind such a proxy hands out the `.env` beside its compose file
 * (JWT_SECRET, SERVICE_ROLE_KEY, POSTGRES_PASSWORD, SMTP_PASS). `served` lists what the hosts handed out.
 */
export function serviceFilesOutcome(origins: readonly string[], served: readonly string[]): Outcome {
  if (origins.length === 0) return { ok: true, detail: "the processor and the API are on the site's host, which the line above asks" };
  if (served.length === 0) return { ok: true, detail: `${origins.join(' and ')} ${origins.length === 1 ? 'serves' : 'serve'} none of ${PRIVATE_PATHS.join(', ')}` };
  return {
    ok: false,
    detail: `${served.join('; ')} ${served.length === 1 ? 'is' : 'are'} handed to anyone: the settings of the machine the service runs on (a proxy whose root is the app's folder, serving its files before passing a request on); serve nothing from the service's folder (pass every path to the service), and rotate every key and password the file held`,
  };
}
