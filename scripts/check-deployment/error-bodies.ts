import type { Reply } from './http.ts';
import { holdsJwtSecretOf } from './service-files.ts';
import { secretsIn } from './site.ts';
import type { Outcome } from './test-rows.ts';

/** A request made to be refused, and what came back (or the error that ended it). */
export type ErrorProbe = { asked: string; url: string; reply: Reply | Error };

/**
 * What an answer tells of the machine behind it: a stack trace (a frame naming a file with its line and column, plain
 * or HTML-escaped as Express's development error page prints it), a file of the app's folder, a database address
 * with its password, a statement of SQL, a setting's name with its value, the secret key, a key of a role other than
 * anon, or the secret the keys are signed with. The services' own refusals say none of these; PostgREST's errors
 * name a column or a type, which are in the API's own description, and are not taken for SQL.
 */
export function revealedIn(body: string, keys: { anonKey: string; serviceKey: string }): string[] {
  const text = body.replace(/&nbsp;|&#160;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x2F;|&#47;/g, '/').replace(/<br\s*\/?>/gi, '\n');
  const found: string[] = [];
  if (/\bat\s+(?:[^\s()]+\s+)?\(?(?:\/|[A-Za-z]:\\|file:\/\/|node:)[^\s()]*:\d+:\d+/.test(text)) found.push('a stack trace');
  if (/(?:^|[\s"'(=:])(?:\/[\w@.+-]+)+\/[\w@.+-]+\.(?:[cm]?[jt]sx?|py|rb|php|go|rs)\b|[A-Za-z]:\\[\w\\. -]+\.[cm]?[jt]s\b|\bnode_modules[\\/]/.test(text)) found.push("a file of the app's folder");
  if (/\b(?:postgres(?:ql)?|mysql|redis|smtps?):\/\/[^\s:/@"']+:[^\s@"']+@/i.test(text)) found.push('a database or mail server address with its password');
  if (/\b(?:select\s[^;]{1,200}?\sfrom\s+["\w.]+|insert\s+into\s+["\w.]+|update\s+["\w.]+\s+set\s|delete\s+from\s+["\w.]+)/i.test(text)) found.push('a statement of SQL');
  const settings = [...text.matchAll(/\b(SUPABASE_SERVICE_ROLE_KEY|SUPABASE_SECRET_KEY|DATABASE_URL|SMTP_PASSWORD|SMTP_PASS|JWT_SECRET|POSTGRES_PASSWORD|SERVICE_ROLE_KEY)\b\s*["']?\s*[=:]\s*["']?[^\s"',}]{4,}/g)].map((match) => match[1]!);
  if (settings.length > 0) found.push(`the setting${settings.length === 1 ? '' : 's'} ${[...new Set(settings)].join(', ')} with a value`);
  found.push(...secretsIn(text, keys.serviceKey === keys.anonKey ? undefined : keys.serviceKey, keys.anonKey));
  if (holdsJwtSecretOf(text, keys.anonKey)) found.push('the JWT secret the keys are signed with');
  return found;
}

/**
 * The line "processor and API errors reveal nothing of their machine" (session 32). Every other line reads the
 * services' answers to requests made right; a malformed one is answered by whatever fails first, and that may be no
 * service of ours: an Express front run without NODE_ENV=production (its `express.json()` before a proxy to the
 * processor) answers a body that is not JSON with its development error page, the stack trace with the app's folder
 * in it; a framework's page for a path it cannot decode does the same. The check sends a photo post whose body is
 * not JSON to the webhook and a path that is not percent-encoded right to the processor's and the API's hosts, and
 * reads each answer for what `revealedIn` names. A request that gets no answer at all is not judged here (the lines
 * above judge whether the services answer).
 */
export function errorBodiesOutcome(probes: readonly ErrorProbe[], keys: { anonKey: string; serviceKey: string }): Outcome {
  const told: string[] = [];
  const answered: string[] = [];
  for (const probe of probes) {
    if (probe.reply instanceof Error) continue;
    answered.push(`${probe.asked} (${probe.reply.status})`);
    const revealed = revealedIn(probe.reply.body, keys);
    if (revealed.length > 0) told.push(`${probe.asked} at ${probe.url} is answered ${probe.reply.status} with ${revealed.join(', ')}`);
  }
  if (told.length > 0) {
    return {
      ok: false,
      detail: `${told.join('; ')}: what an attacker reads to find the app's folders, its database and its keys; run the services with NODE_ENV=production and answer errors with a line that names no file, setting or statement (the processor's own refusals do), and rotate any key or password shown`,
    };
  }
  if (answered.length === 0) return { ok: false, detail: `none of ${probes.map((probe) => `${probe.asked} at ${probe.url}`).join(', ')} was answered, so what an error shows is not known` };
  return { ok: true, detail: `${answered.join(', ')} told no stack trace, file, address, statement, setting or key` };
}
