import type { Reply } from './http.ts';
import { holdsJwtSecretOf } from './service-files.ts';
import { secretsIn, servesPrivateFile } from './site.ts';
import type { Outcome } from './test-rows.ts';

/**
 * Folders a host is asked for as folders (session 33): where hand-made backups, uploads and configs are put, and
 * where a listing (nginx's `autoindex on`, Apache's `Options +Indexes`, `python -m http.server`, `npx serve`) would
 * show what nobody knows the path of. The site's own folders (`/assets/` and those of `--build-dir`) are asked too.
 */
export const LEFTOVER_FOLDERS = ['/', '/backup/', '/backups/', '/old/', '/static/', '/uploads/', '/config/', '/tmp/', '/.git/'] as const;

/**
 * Files no host of this project serves, beyond PRIVATE_PATHS (that line's): other `.env` copies an editor or a deploy
 * leaves, the repository's HEAD, the package managers' and cloud tools' credentials, a compose file, database dumps,
 * and the configs a hand-made deploy puts beside a site. Not a list of every name: a host's paths cannot be listed from
 * outside, and the check asks the usual ones only.
 */
export const LEFTOVER_FILES = [
  '/.env.development',
  '/.env.staging',
  '/.env.bak',
  '/.env.old',
  '/.env.save',
  '/.git/HEAD',
  '/.npmrc',
  '/.aws/credentials',
  '/docker-compose.yml',
  '/backup.sql',
  '/dump.sql',
  '/config.json',
  '/config.js',
  '/env.js',
  '/static/config.json',
  '/backup/.env',
] as const;

/**
 * The entries of a folder listing, as paths on its host, or undefined when the answer is not one. Read from the
 * listings of nginx, Apache, lighttpd, Python's http.server, `serve`, `http-server` and IIS ("Index of /x",
 * "Directory listing for /x", "Files within /x", "<host> - /x/"): a host's page or not-found page is none of them.
 */
export function listingOf(reply: Reply, folder: string): string[] | undefined {
  if (reply.status !== 200) return undefined;
  const title = reply.body.match(/<(title|h1)[^>]*>([^<]*)</i)?.[2]?.trim() ?? '';
  if (!/^(Index of|Directory listing for|Files within|Listing of)\s+\/|\s-\s\/\S*\/?$/i.test(title)) return undefined;
  const base = new URL(folder, 'http://listing.invalid');
  const entries = new Set<string>();
  for (const [, href] of reply.body.matchAll(/<a\b[^>]*\shref\s*=\s*["']([^"'?#]+)["']/gi)) {
    let entry: URL;
    try {
      entry = new URL(href!, base);
    } catch {
      continue;
    }
    // Only what is inside the folder listed: its parent and the sort links are not entries.
    if (entry.origin === base.origin && entry.pathname.startsWith(base.pathname) && entry.pathname !== base.pathname) entries.add(decodeURI(entry.pathname));
  }
  return [...entries];
}

/**
 * What a file handed out holds that no visitor may read: the secret key, a key of another role than anon, the secret
 * the keys are signed with, a database or mail server address with its password, a secret setting with its value.
 */
export function secretsOfFile(text: string, keys: { anonKey: string; serviceKey: string }): string[] {
  const found: string[] = [];
  if (/\b(?:postgres(?:ql)?|mysql|redis|smtps?):\/\/[^\s:/@"']+:[^\s@"']+@/i.test(text)) found.push('a database or mail server address with its password');
  const settings = [...text.matchAll(/\b(SUPABASE_SERVICE_ROLE_KEY|SUPABASE_SECRET_KEY|DATABASE_URL|SMTP_PASSWORD|SMTP_PASS|JWT_SECRET|POSTGRES_PASSWORD|SERVICE_ROLE_KEY)\b\s*["']?\s*[=:]\s*["']?[^\s"',}]{4,}/g)].map((match) => match[1]!);
  if (settings.length > 0) found.push(`the setting${settings.length === 1 ? '' : 's'} ${[...new Set(settings)].join(', ')} with a value`);
  found.push(...secretsIn(text, keys.serviceKey === keys.anonKey ? undefined : keys.serviceKey, keys.anonKey));
  if (holdsJwtSecretOf(text, keys.anonKey)) found.push('the JWT secret the keys are signed with');
  return found;
}

/** One host's answers: each folder asked (its reply, or the error that ended it), each leftover file, and each file a listing named. */
export type HostLeftovers = {
  origin: string;
  folders: ReadonlyArray<{ path: string; reply: Reply | Error }>;
  files: ReadonlyArray<{ path: string; reply: Reply | Error }>;
  /** The files the listings named, as read (at most a few dozen per host). */
  listed: ReadonlyArray<{ path: string; reply: Reply | Error }>;
};

/**
 * The line "no host lists a folder or hands out a leftover file" (session 33). The secret-key line reads the files the
 * build has, and the build-machine lines ask PRIVATE_PATHS; a secret at any other path (the service key in
 * `/backup/.env`, a `/static/config.json` holding DATABASE_URL) passed every line, because no line asked for it. What a
 * check can do without knowing the path: ask the hosts for their folders, where a listing shows every file put there
 * (any listing fails: no host of this project needs one, and it hands every later leftover out), read each file it
 * names for secrets, and ask the usual leftovers by name. A request that got no answer fails the line: a host that
 * could not be asked is not a host that hands out nothing. `hosts` starts with the site's host, whose build's own files
 * (`builtFiles`) are the secret-key line's to read.
 */
export function leftoversOutcome(hosts: readonly HostLeftovers[], keys: { anonKey: string; serviceKey: string }, builtFiles: ReadonlySet<string> = new Set()): Outcome {
  const found: string[] = [];
  const unasked: string[] = [];
  let asked = 0;
  for (const host of hosts) {
    for (const { path, reply } of host.folders) {
      if (reply instanceof Error) {
        unasked.push(`${host.origin}${path} (${reply.message})`);
        continue;
      }
      asked++;
      const entries = listingOf(reply, path);
      if (!entries) continue;
      const inside = host.listed.filter((file) => file.path.startsWith(path));
      const holding = inside.flatMap(({ path: file, reply: read }) => {
        if (read instanceof Error) return [`${file} could not be read (${read.message})`];
        const secrets = read.status === 200 ? secretsOfFile(read.body, keys) : [];
        return secrets.length > 0 ? [`${file} holds ${secrets.join(', ')}`] : [];
      });
      const beyondBuild = host.origin === hosts[0]?.origin ? entries.filter((entry) => !builtFiles.has(entry)) : entries;
      found.push(
        `${host.origin}${path} is a folder listing naming ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}${beyondBuild.length > 0 ? ` (${beyondBuild.slice(0, 4).join(', ')}${beyondBuild.length > 4 ? ` and ${beyondBuild.length - 4} more` : ''})` : ''}${holding.length > 0 ? `, where ${holding.join(', ')}` : ''}`,
      );
    }
    for (const { path, reply } of host.files) {
      if (reply instanceof Error) {
        unasked.push(`${host.origin}${path} (${reply.message})`);
        continue;
      }
      asked++;
      if (builtFiles.has(path) && host.origin === hosts[0]?.origin) continue;
      if (!servesPrivateFile(reply)) continue;
      const secrets = secretsOfFile(reply.body, keys);
      found.push(`${host.origin}${path} is handed out (${reply.body.length} bytes${secrets.length > 0 ? `, holding ${secrets.join(', ')}` : ''})`);
    }
  }
  if (found.length > 0) {
    return {
      ok: false,
      detail: `${found.join('; ')}: a file nobody was meant to fetch, public to anyone who guesses or reads its path; turn folder listings off (nginx: no autoindex; Apache: Options -Indexes), delete what is not the site's build or the service from the host, and rotate every key and password such a file held`,
    };
  }
  if (unasked.length > 0) {
    return { ok: false, detail: `${unasked.join('; ')} got no answer, so whether the host hands it out is not known: a host that could not be asked is not one that hands out nothing` };
  }
  return {
    ok: true,
    detail: `${hosts.map((host) => host.origin).join(', ')} list none of ${hosts.reduce((sum, host) => sum + host.folders.length, 0)} folders asked and hand out none of ${LEFTOVER_FILES.length} leftover files (${asked} answers); a file at a path no line asks and no listing shows is not seen`,
  };
}
