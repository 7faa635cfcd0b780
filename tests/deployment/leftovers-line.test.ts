import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LEFTOVER_FILES, LEFTOVER_FOLDERS, leftoversOutcome, listingOf, secretsOfFile, type HostLeftovers } from '../../scripts/check-deployment/leftovers';

const secret = 'a-project-jwt-secret-of-at-least-32-characters';
const sign = (payload: object, key = secret) => {
  const head = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
};
const anonKey = sign({ role: 'anon' });
const serviceKey = sign({ role: 'service_role' });
const keys = { anonKey, serviceKey };
const reply = (body: string, status = 200) => ({ status, headers: {}, body });
const notFound = reply('{"error":"Not found."}', 404);

/** A host that answers every folder and leftover file with `answer` (404 unless it says otherwise). */
function host(origin: string, answer: (path: string) => ReturnType<typeof reply> | Error = () => notFound, listed: HostLeftovers['listed'] = []): HostLeftovers {
  return {
    origin,
    folders: LEFTOVER_FOLDERS.map((path) => ({ path, reply: answer(path) })),
    files: LEFTOVER_FILES.map((path) => ({ path, reply: answer(path) })),
    listed,
  };
}

/**
 * check:deployment's line "no host lists a folder or hands out a leftover file" (session 33); check-deployment.test.ts
 * puts a host with a listed folder and a config at a usual path in front of the real site.
 */
describe("check:deployment's leftovers line", () => {
  it("reads the listings of nginx, Apache, Python's http.server and serve, their entries inside the folder only, and no page or not-found page", () => {
    const nginx = '<html><head><title>Index of /backup/</title></head><body><h1>Index of /backup/</h1><pre><a href="../">../</a>\n<a href="db.sql">db.sql</a>\n<a href="old/">old/</a></pre></body></html>';
    expect(listingOf(reply(nginx), '/backup/')).toEqual(['/backup/db.sql', '/backup/old/']);
    const apache = '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN"><html><head><title>Index of /static</title></head><body><h1>Index of /static</h1><table><tr><th><a href="?C=N;O=D">Name</a></th></tr><tr><td><a href="/">Parent Directory</a></td></tr><tr><td><a href="config.json">config.json</a></td></tr></table></body></html>';
    expect(listingOf(reply(apache), '/static/')).toEqual(['/static/config.json']);
    const python = '<!DOCTYPE HTML><html lang="en"><head><title>Directory listing for /</title></head><body><h1>Directory listing for /</h1><ul><li><a href=".env">.env</a></li><li><a href="app.js">app.js</a></li></ul></body></html>';
    expect(listingOf(reply(python), '/')).toEqual(['/.env', '/app.js']);
    const serve = '<!DOCTYPE html><html><head><title>Files within /uploads/</title></head><body><a href="/uploads/a%20b.txt">a b.txt</a><a href="https://elsewhere.example/x">x</a></body></html>';
    expect(listingOf(reply(serve), '/uploads/')).toEqual(['/uploads/a b.txt']);
    expect(listingOf(reply('<!doctype html><title>Floors of South Jersey</title><h1>Hardwood floors</h1><a href="/realtors">x</a>'), '/assets/')).toBeUndefined();
    expect(listingOf(reply(nginx, 404), '/backup/')).toBeUndefined();
    expect(listingOf(reply('{"error":"Not found."}'), '/')).toBeUndefined();
  });

  it('finds a database address with its password, a secret setting with its value, the secret key, another role\'s key and the JWT secret, and nothing in a public file', () => {
    expect(secretsOfFile('DATABASE_URL=postgresql://postgres:pw-1234@db:5432/postgres\n', keys)).toEqual([
      'a database or mail server address with its password',
      'the setting DATABASE_URL with a value',
    ]);
    expect(secretsOfFile(`{"SMTP_PASS": "hunter22"}`, keys)).toEqual(['the setting SMTP_PASS with a value']);
    expect(secretsOfFile(`key: ${serviceKey}`, keys)).toEqual(['the secret key SUPABASE_SERVICE_ROLE_KEY', 'a JWT key for the role service_role']);
    expect(secretsOfFile(`jwt ${secret}`, keys)).toEqual(['the JWT secret the keys are signed with']);
    expect(secretsOfFile(`VITE_SUPABASE_ANON_KEY=${anonKey}\nDATABASE_URL=\n`, keys)).toEqual([]);
  });

  it('fails a listing on any host, naming what it lists beyond the build and the secrets its files hold, and a leftover file handed out', () => {
    const listing = '<html><head><title>Index of /</title></head><body><h1>Index of /</h1><pre><a href=".env">.env</a>\n<a href="index.js">index.js</a></pre></body></html>';
    const outcome = leftoversOutcome(
      [
        host('https://www.floors.example', (path) => (path === '/config.json' ? reply('{"smtp":"smtps://office:pw-9876@smtp.example.net"}') : notFound)),
        host('https://processor.floors.example', (path) => (path === '/' ? reply(listing) : notFound), [
          { path: '/.env', reply: reply(`SUPABASE_SERVICE_ROLE_KEY=${serviceKey}\n`) },
          { path: '/index.js', reply: reply('console.log(1)') },
        ]),
      ],
      keys,
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.detail).toMatch(
      /^https:\/\/www\.floors\.example\/config\.json is handed out \(50 bytes, holding a database or mail server address with its password\); https:\/\/processor\.floors\.example\/ is a folder listing naming 2 entries \(\/\.env, \/index\.js\), where \/\.env holds the setting SUPABASE_SERVICE_ROLE_KEY with a value, the secret key SUPABASE_SERVICE_ROLE_KEY, a JWT key for the role service_role: /,
    );
  });

  it("passes a build's own file at a usual path on the site's host, and a page or not-found page anywhere", () => {
    const site = host('https://www.floors.example', (path) => (path === '/config.json' ? reply('{"theme":"oak"}') : reply('<!doctype html><title>Not found</title>', 404)));
    const processor = host('https://processor.floors.example', (path) => (path === '/static/' ? reply('<!doctype html><title>Floors</title><h1>Hardwood</h1>') : notFound));
    const outcome = leftoversOutcome([site, processor], keys, new Set(['/config.json']));
    expect(outcome).toEqual({
      ok: true,
      detail: `https://www.floors.example, https://processor.floors.example list none of ${2 * LEFTOVER_FOLDERS.length} folders asked and hand out none of ${LEFTOVER_FILES.length} leftover files (${2 * (LEFTOVER_FOLDERS.length + LEFTOVER_FILES.length)} answers); a file at a path no line asks and no listing shows is not seen`,
    });
  });

  it('fails, and does not pass, when a host could not be asked (no answer, a cut-off one)', () => {
    const outcome = leftoversOutcome([host('https://processor.floors.example', (path) => (path === '/.git/HEAD' ? new Error('aborted') : notFound))], keys);
    expect(outcome).toEqual({
      ok: false,
      detail: 'https://processor.floors.example/.git/HEAD (aborted) got no answer, so whether the host hands it out is not known: a host that could not be asked is not one that hands out nothing',
    });
  });
});
