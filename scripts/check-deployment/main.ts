/**
 * `npm run check:deployment -- <site url> [--client-addresses <a>,<b>]`: checks a live deployment end to end, one
 * line per check, and a last line that starts PASS, FAIL or NOT CHECKED; it exits 0 only on PASS, 1 otherwise
 * (verdict.ts). Reads:
 *   SUPABASE_URL (or VITE_SUPABASE_URL), the project URL
 *   SUPABASE_ANON_KEY (or VITE_SUPABASE_ANON_KEY), the publishable key sb_publishable_… or the legacy anon JWT
 *   SUPABASE_SERVICE_ROLE_KEY, the secret key sb_secret_… or the legacy service_role JWT
 *   VITE_VISUALIZER_WEBHOOK_URL (or VISUALIZER_WEBHOOK_URL), the processor's public URL
 *   SUPABASE_ACCESS_TOKEN (optional), a personal access token: the management API lists the project's edge functions
 *     (SUPABASE_PROJECT_REF where SUPABASE_URL is not <ref>.supabase.co; SUPABASE_MANAGEMENT_API_URL for a test's API)
 * It plants one marked row in each lead table and sends one marked test photo through the processor, and removes
 * them (files included) before it exits, also on Ctrl-C; a check killed outright leaves them to the next check and
 * to the processor's sweep. Marked rows queue no e-mail. The throttle check needs two addresses this machine can
 * send from: its IPv4 and IPv6 addresses by default, or two local addresses named with --client-addresses.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { WEBHOOK_REQUEST_ID_HEADER } from '../../contracts/visualizer-webhook.ts';
import { VISUALIZER_PAGE_PATH } from '../../contracts/visualizer-result-link.ts';
import { excerpt, keyHeaders, PAGE_HEADERS, request, requestsWaiting, ZSTD_NOTE, type Reply, type RequestOptions } from './http.ts';
import { BUCKETS, builtFileOf, DEPLOYED_PAGES, LEAD_TABLES, PAGE_HEADINGS } from './pages.ts';
import {
  assetsNotAsBuilt,
  assetsOf,
  buildFingerprint,
  canonicalProblems,
  CHECK_OPTIONS,
  corsRequestHeaders,
  developerOrigins,
  collectScripts,
  createSiteReader,
  entryOf,
  headingOf,
  httpsProblem,
  insecureAssetsOf,
  lookAlikeOrigins,
  isNetworkOnlyHost,
  isThisMachine,
  keysSentReadably,
  manifestsOf,
  noindexOf,
  PAGE_CACHE_LIMIT_S,
  pageKeptTooLong,
  pageStatusProblem,
  pageTypeProblem,
  placeholderFactsOf,
  networkOnlyServicesOf,
  plainHttpServicesOf,
  PRIVATE_PATHS,
  robotsTxtBlocksAll,
  secretsIn,
  secretsInFile,
  servesAsset,
  servesPrivateFile,
  settingsNotBuiltIn,
  sourceMapOf,
  textFilesOf,
} from './site.ts';
import { anonInsertsOutcome, SITE_ROWS, type AnonInsertSeen } from './anon-inserts.ts';
import { functionBodiesOutcome, jobQueueSqlOf, ownFunctionsOf, type FunctionSeen, type FunctionsSeen } from './function-bodies.ts';
import { leadExportsOutcome, ownTriggersOf, type LeadExport } from './lead-exports.ts';
import { ownTriggerShapesOf, triggersOutcome, type TriggersSeen } from './triggers.ts';
import { checkoutFunctionsOf, edgeFunctionsOutcome, MANAGEMENT_API_URL, projectRefOf } from './edge-functions.ts';
import { askAsBrowsersLoad, SUBRESOURCE_VISITORS } from './subresources.ts';
import { otherNameOf, otherNameOutcome } from './other-name.ts';
import { ARRIVALS, cookiesSetBy, IN_APP_PAGE_HEADERS, IPHONE_PAGE_HEADERS, pageCodeOutcome, PHONE_PAGE_HEADERS, type PageAsSeen } from './page-code.ts';
import { contentSecurityPolicyOutcome } from './csp.ts';
import { everyPageOutcome } from './every-page.ts';
import { BUILD_STAMP_FILE, sourceCommit } from '../../contracts/build-stamp.ts';
import { buildStampsOutcome, checkoutOutcome, gitHistory } from './build-stamps.ts';
import { buildFolderOutcome, filesOf, folderStampOf, rebuildOf } from './build-folder.ts';
import { floorEngineOutcome, type EngineSeen } from './floor-engine.ts';
import { publishedKeysOutcome } from './published-keys.ts';
import { CLAIMS_REMEDY, emailClaimProblems, OWNER_CLAIMS, ownerClaimsOutcome, readClaimsOfPages, textsOfHtml } from './owner-claims.ts';
import { LEFTOVER_FILES, LEFTOVER_FOLDERS, leftoversOutcome, listingOf, type HostLeftovers } from './leftovers.ts';
import { listMigrations } from '../../local-stack/migrations.ts';
import { migrationsOutcome } from './migrations.ts';
import { emailWorkersOutcome, type EmailWorkerPool } from './email-workers.ts';
import { retentionOutcome, type RetentionSeen } from './retention.ts';
import { otherBucketsOutcome, storagePoliciesOutcome, type BucketSeen, type StoragePolicy } from './storage-policies.ts';
import { unguardedTablesOutcome, type UnguardedTable } from './unguarded-tables.ts';
import { exposedSchemasOutcome, NO_SUCH_SCHEMA } from './exposed-schemas.ts';
import { servedPrivateFiles, serviceFilesOutcome } from './service-files.ts';
import { errorBodiesOutcome, type ErrorProbe } from './error-bodies.ts';
import { ownPoliciesOf, tablePoliciesOutcome, type PolicySeen } from './table-policies.ts';
import { throttleOutcome, type ThrottleSeen } from './throttle.ts';
import { FORGED_ADDRESSES, forgedHeaders, isThrottleCounts, rowlessCountOutcome, SIMPLE_POST_TYPES, simplePostOutcome, type ThrottleCounts } from './client-address.ts';
import { createTestRows, restClient, TEST_EMAIL, TEST_NAME, type Deployment, type Outcome } from './test-rows.ts';
import { checkEmailFacts, followUnsubscribeLink } from './unsubscribe.ts';
import { notCheckedVerdict, verdictOf, type Verdict } from './verdict.ts';

/** An origin that is not the site's: a webhook that answers it as allowed would take photos from any page. */
export const FOREIGN_ORIGIN = 'https://deployment-check.invalid';
/** The headers the page sets on its upload (src/features/visualizer/api/start-processing.ts). */
const SITE_UPLOAD_HEADERS = ['content-type', 'content-encoding', WEBHOOK_REQUEST_ID_HEADER];
/** The services that must have a live worker pool (back_office.worker_heartbeats). */
const WORKERS = [
  { service: 'email-worker', name: 'e-mail worker', without: "leads' e-mails stay queued and nobody is told" },
  { service: 'visualizer-processor', name: "processor's job runner", without: 'photos are taken but never rendered' },
] as const;

type CheckOutcome = Outcome & { skipped?: boolean };

/** Silence on stdout after which stderr says what the run is waiting on. */
const QUIET_NOTICE_MS = 15_000;

function setting(...names: string[]): string {
  for (const name of names) {
    const value = process.env[name]?.trim();
    if (value) return value;
  }
  throw new Error(`${names.join(' or ')} is not set`);
}

function readArguments(args: string[]): { site?: string; clientAddresses?: string[]; buildDir: string; problem?: string } {
  let site: string | undefined;
  let addresses: string | undefined;
  let buildDir = 'dist';
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const [name, joined] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name.startsWith('--')) {
      // A misspelt option must not be dropped: the check would then answer another question than the one asked.
      if (!(CHECK_OPTIONS as readonly string[]).includes(name)) return { buildDir, problem: `unknown option ${name} (known: ${CHECK_OPTIONS.join(', ')})` };
      const value = joined ?? args[++index];
      if (!value || value.startsWith('--')) return { buildDir, problem: `${name} needs a value` };
      if (name === '--client-addresses') addresses = value;
      else buildDir = value;
    } else if (site) return { buildDir, problem: `a second site address ${arg}` };
    else site = arg;
  }
  const clientAddresses = addresses
    ?.split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  return { site, clientAddresses, buildDir };
}

/** Ends the run: its verdict is the last line on stdout, and its exit code (0 only for a pass). */
function end(verdict: Verdict): number {
  console.log(`\n${verdict.line}`);
  return verdict.code;
}

async function main(): Promise<number> {
  const { site: siteArg, clientAddresses, buildDir, problem } = readArguments(process.argv.slice(2));
  if (!siteArg || problem) {
    if (problem) console.error(`check:deployment: ${problem}`);
    console.error('Usage: npm run check:deployment -- <site url> [--build-dir <the folder uploaded, dist>] [--client-addresses <a>,<b>]');
    // Not 2, as a usage error often is: a CI job whose secret is missing must not look like a pass to `$? -ne 1`.
    return end(notCheckedVerdict(`the check did not start (${problem ?? 'no site address given'})`));
  }
  let site: URL;
  let deployment: Deployment;
  try {
    site = new URL(siteArg);
    deployment = {
      supabaseUrl: setting('SUPABASE_URL', 'VITE_SUPABASE_URL').replace(/\/+$/, ''),
      anonKey: setting('SUPABASE_ANON_KEY', 'VITE_SUPABASE_ANON_KEY'),
      serviceKey: setting('SUPABASE_SERVICE_ROLE_KEY'),
      webhookUrl: setting('VITE_VISUALIZER_WEBHOOK_URL', 'VISUALIZER_WEBHOOK_URL').replace(/\/+$/, ''),
      siteOrigin: site.origin,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`check:deployment: ${message}`);
    return end(notCheckedVerdict(`the check did not start (${message})`));
  }
  const { anonKey, serviceKey, webhookUrl } = deployment;
  // The check sends the secret key (and a management token) with its requests: over plain http to a public address
  // every network on the way reads it, before any line could say the address is wrong (session 28).
  const managementApi = process.env.SUPABASE_ACCESS_TOKEN?.trim() ? process.env.SUPABASE_MANAGEMENT_API_URL?.trim() || MANAGEMENT_API_URL : undefined;
  const readable = keysSentReadably({ SUPABASE_URL: deployment.supabaseUrl, ...(managementApi ? { SUPABASE_MANAGEMENT_API_URL: managementApi } : {}) });
  if (readable.length > 0) {
    const why = `${readable.join(' and ')} ${readable.length === 1 ? 'is' : 'are'} plain http on a public address: the check would send the secret key readable to every network on the way; give the https address`;
    console.error(`check:deployment: ${why}`);
    return end(notCheckedVerdict(`the check did not start (${why})`));
  }
  const rest = restClient(deployment);
  if (ZSTD_NOTE) console.error(ZSTD_NOTE);
  // Said first, and again in a pass: which deployment, build and lines the run is about (session 28: a pass said
  // only "the deployment", so one pasted into a ticket could be another site's, or a staging copy's).
  const checkoutRoot = path.resolve(import.meta.dirname, '..', '..');
  const checkoutCommit = sourceCommit(checkoutRoot, {});
  const whatIsChecked = `the site ${site.origin}, the project ${deployment.supabaseUrl} and the processor ${webhookUrl}, held to the build in ${buildDir}/ by the lines of checkout ${checkoutCommit.replace(/^([0-9a-f]{12})[0-9a-f]*/, '$1')}${ZSTD_NOTE ? ` (on Node ${process.version}, which asks for no zstd copy)` : ''}`;
  console.log(`check:deployment of ${whatIsChecked}\n`);

  let total = 0;
  /** The lines that failed and those that could not run, named again in the last line. */
  const failedNames: string[] = [];
  const skippedNames: string[] = [];
  /**
   * Set by Ctrl-C and the like: no further check starts (the checks go on while the rows are removed, and one started
   * then would put back what the removal took: the unsubscribe step's job, its link), and the removal waits a few
   * seconds for the one in flight.
   */
  let stopping = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  /**
   * A site or service that takes connections and never answers costs each request its 20 s idle wait, and a check
   * may wait on several in turn: a run printed nothing for minutes. After QUIET_NOTICE_MS with no line, stderr says
   * which check runs and which request it waits on (stdout keeps one line per check and the verdict last).
   */
  let lastLineAt = Date.now();
  let current: { name: string; since: number } | undefined;
  const secondsSince = (since: number) => Math.round((Date.now() - since) / 1000);
  setInterval(() => {
    if (!current || Date.now() - lastLineAt < QUIET_NOTICE_MS) return;
    lastLineAt = Date.now();
    const [oldest, ...others] = requestsWaiting();
    const on = oldest
      ? `${oldest.method} ${oldest.url}, unanswered for ${secondsSince(oldest.since)} s (given up after ${oldest.idleTimeoutMs / 1000} s of silence)${others.length > 0 ? `, and ${others.length} other request${others.length === 1 ? '' : 's'}` : ''}`
      : 'no request (a pause between tries)';
    console.error(`... still on "${current.name}" after ${secondsSince(current.since)} s: waiting on ${on}`);
  }, 5_000).unref();
  const check = async (name: string, run: () => Promise<CheckOutcome>, { evenWhenStopping = false } = {}) => {
    if (stopping && !evenWhenStopping) return;
    current = { name, since: Date.now() };
    let outcome: CheckOutcome;
    const running = run();
    if (!evenWhenStopping) inFlight = running.catch(() => undefined);
    try {
      outcome = await running;
    } catch (error) {
      outcome = { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
    total++;
    if (outcome.skipped) skippedNames.push(name);
    else if (!outcome.ok) failedNames.push(name);
    console.log(`${outcome.skipped ? 'skip' : outcome.ok ? 'ok  ' : 'FAIL'}  ${name}: ${outcome.detail}`);
    lastLineAt = Date.now();
    current = undefined;
  };

  const readSite = createSiteReader(site);
  const pageTexts: string[] = [];
  /** Each page that answered with a heading, as served (path -> HTML). */
  const pageBodies = new Map<string, string>();
  /** The home page as served: its footer's facts are what the e-mails must give too. */
  let homePage: string | undefined;
  /** The privacy page as served: it must say who handles visitors' photos as the processor does it. */
  let privacyPage: string | undefined;
  const pageScripts: string[] = [];
  /** What each page that answered names from the build's /assets/ (its build's fingerprint), and the entry it starts. */
  const servedBuilds = new Map<string, { fingerprint: string[]; entry: string | undefined }>();
  for (const page of DEPLOYED_PAGES) {
    await check(`page ${page}`, async () => {
      const reply = await readSite(page, { as: 'page' });
      const heading = headingOf(reply.body);
      if (reply.status !== 200) return { ok: false, detail: pageStatusProblem(site, reply) };
      if (!heading) return { ok: false, detail: '200 but no prerendered <h1> in the HTML (is the build prerendered and served as built?)' };
      pageTexts.push(reply.body);
      pageBodies.set(page, reply.body);
      if (page === '/') homePage = reply.body;
      if (page === '/privacy') privacyPage = reply.body;
      const pageUrl = new URL(page, site);
      servedBuilds.set(page, { fingerprint: buildFingerprint(reply.body, pageUrl), entry: entryOf(reply.body, pageUrl) });
      // A browser renders only text/html: as text/plain the visitor sees the HTML's source, which the check reads as a page.
      const wrongType = pageTypeProblem(reply.headers);
      if (wrongType) return { ok: false, detail: `200, "${heading.slice(0, 60)}", but ${wrongType}` };
      if (heading !== PAGE_HEADINGS[page]) {
        return { ok: false, detail: `200, but its heading is "${heading.slice(0, 60)}", not this page's "${PAGE_HEADINGS[page]}" (another site, or another page served for this path?)` };
      }
      // A staging host's "keep out of search engines" carried over to production hides the business from its customers.
      const hidden = noindexOf(reply.body, reply.headers);
      if (hidden) {
        return { ok: false, detail: `200, "${heading.slice(0, 60)}", but it tells search engines not to list it (${hidden}): a staging setting left on the live site; remove it from the host's headers or the build` };
      }
      const insecure = insecureAssetsOf(reply.body, pageUrl);
      if (insecure.length > 0) {
        return { ok: false, detail: `200, "${heading.slice(0, 60)}", but it loads ${insecure.join(', ')} over plain http: browsers block it on an https page (mixed content)` };
      }
      // A page kept for days by browsers or a CDN keeps its build for days: the next deploy reaches no returning visitor.
      const kept = pageKeptTooLong(reply.headers);
      if (kept) {
        return {
          ok: false,
          detail: `200, "${heading.slice(0, 60)}", but it may be kept ${kept.seconds === Infinity ? 'for ever' : `${kept.seconds} s`} without asking the host (${kept.said}): after the next deploy, visitors would keep this build; serve pages with no-cache or a max-age of at most ${PAGE_CACHE_LIMIT_S} s (only /assets/ may be kept long)`,
        };
      }
      // A page cached from an earlier build names scripts the host no longer has: it shows, but nothing on it works.
      const assets = assetsOf(reply.body, new URL(page, site));
      if (!assets.some((asset) => asset.kind === 'script')) return { ok: false, detail: `200, "${heading.slice(0, 60)}", but the page loads no script of the site` };
      for (const asset of assets) {
        const served = await readSite(asset.path);
        if (!servesAsset(served, asset.kind)) {
          return {
            ok: false,
            detail: `200, "${heading.slice(0, 60)}", but its ${asset.kind} ${asset.path} answers ${served.status} (${served.headers['content-type'] ?? 'no type'}): a page cached from an earlier build, or the build's assets not all uploaded`,
          };
        }
        if (asset.kind === 'script') pageScripts.push(asset.path);
      }
      return { ok: true, detail: `200, prerendered "${heading.slice(0, 60)}", its ${assets.length} scripts and stylesheets served` };
    });
  }
  // The check's settings must be the ones the site was built with: otherwise it checks a project the site never uses.
  const scripts = await collectScripts(readSite, pageScripts).catch(() => new Map<string, Reply>());
  const servedScripts = [...scripts].filter(([, reply]) => servesAsset(reply, 'script'));
  const scriptTexts = servedScripts.map(([, reply]) => reply.body);
  // The source maps the scripts name, where the host serves them: they hold the sources, and a key put in one is as public.
  const mapTexts: string[] = [];
  const mapPaths: string[] = [];
  /** Files the secret-key line should read and could not (cut off, not decodable, no answer): never taken as clean. */
  const unreadFiles: string[] = [];
  const unread = (filePath: string) => (error: unknown) => {
    unreadFiles.push(`${filePath} (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  };
  for (const [scriptPath, reply] of servedScripts) {
    const mapPath = sourceMapOf(reply.body, scriptPath);
    const map = mapPath ? await readSite(mapPath).catch(unread(mapPath)) : undefined;
    if (map?.status === 200) {
      mapTexts.push(map.body);
      mapPaths.push(mapPath!);
    }
  }
  // The folder the lines below hold the host to must itself be the repository's build, or a copy of the host's
  // files passes them all (session 29: --build-dir was trusted).
  await check(`build folder ${buildDir} is what its commit builds`, async () => {
    if (!fs.existsSync(path.join(buildDir, builtFileOf('/')))) {
      return { ok: false, skipped: true, detail: `${buildDir}/ holds no built site, so what the host should serve is not known; run the check where the uploaded build is, or name it with --build-dir` };
    }
    const stamp = folderStampOf(buildDir);
    if (typeof stamp === 'string') return buildFolderOutcome(buildDir, stamp, { skipped: '' });
    const rebuild = await rebuildOf(checkoutRoot, stamp, checkoutCommit, (line) => console.error(line));
    return buildFolderOutcome(buildDir, stamp, rebuild, 'files' in rebuild ? filesOf(buildDir) : undefined);
  });
  await check(`site is the build in ${buildDir}`, async () => {
    if (servedBuilds.size === 0) return { ok: false, detail: 'no page could be read (see the page lines above)' };
    const entries = new Map<string, string[]>();
    for (const [page, { entry }] of servedBuilds) entries.set(entry ?? 'no entry', [...(entries.get(entry ?? 'no entry') ?? []), page]);
    if (entries.size > 1) {
      return {
        ok: false,
        detail: `its pages come from ${entries.size} builds: ${[...entries].map(([entry, pages]) => `${pages.join(' ')} start ${entry}`).join('; ')}: the host or a CDN still serves an earlier build for some pages (purge its cache, upload the whole of dist/ again)`,
      };
    }
    const differing: string[] = [];
    for (const [page, served] of servedBuilds) {
      const builtFile = path.join(buildDir, builtFileOf(page));
      if (!fs.existsSync(builtFile)) {
        return {
          ok: false,
          skipped: true,
          detail: `${builtFile} is not there, so which build the host serves is not known; run the check where the uploaded build is, or name it with --build-dir`,
        };
      }
      const built = buildFingerprint(fs.readFileSync(builtFile, 'utf8'), new URL(page, site));
      if (built.join(' ') !== served.fingerprint.join(' ')) differing.push(`${page} names ${served.fingerprint.find((name) => !built.includes(name)) ?? 'fewer files'} where ${builtFile} names ${built.find((name) => !served.fingerprint.includes(name)) ?? 'fewer files'}`);
    }
    if (differing.length > 0) {
      return {
        ok: false,
        detail: `the host serves another build than ${buildDir}/: ${differing.join('; ')}: an earlier build still live (an upload that failed, a CDN not purged) or ${buildDir}/ is not what was uploaded`,
      };
    }
    // The names match; the bytes must too (session 24): every script the pages load, their imports followed, and
    // every stylesheet, as read above (each path is fetched once).
    const stylesheets = [...pageBodies].flatMap(([page, html]) => assetsOf(html, new URL(page, site)).filter((asset) => asset.kind === 'stylesheet').map((asset) => asset.path));
    const served = new Map<string, Reply>(scripts);
    for (const stylesheet of new Set(stylesheets)) {
      const reply = await readSite(stylesheet).catch(() => undefined);
      if (reply) served.set(stylesheet, reply);
    }
    const changed = assetsNotAsBuilt(served, buildDir);
    // And as each browser loads them from a page (session 28): a rule that adds code for phones only, or only to a
    // request that is a page's own load (its fetch metadata, its Referer), gave the bare request above the build.
    const loadedBy = new Map<string, { kind: 'script' | 'stylesheet'; page: string }>();
    for (const [page, html] of pageBodies) for (const asset of assetsOf(html, new URL(page, site))) if (!loadedBy.has(asset.path)) loadedBy.set(asset.path, { kind: asset.kind, page });
    for (const scriptPath of served.keys()) if (!loadedBy.has(scriptPath)) loadedBy.set(scriptPath, { kind: 'script', page: '/' });
    const builtAssets = new Map([...loadedBy].filter(([assetPath]) => assetPath.startsWith('/assets/')));
    const pageReplies = await Promise.all([...pageBodies.keys()].map((page) => readSite(page, { as: 'page' }).catch(() => undefined)));
    const cookie = cookiesSetBy(pageReplies.filter((reply): reply is Reply => reply !== undefined));
    for (const { path: assetPath, who, reply } of await askAsBrowsersLoad(site, builtAssets, cookie)) {
      if (reply instanceof Error) changed.push(`${assetPath} to ${who}: ${reply.message}`);
      else if (reply.status !== 200) changed.push(`${assetPath} to ${who}: status ${reply.status}`);
      // The bytes the bare request got are judged above, once: a file changed for everyone is named once.
      else if (reply.body !== served.get(assetPath)?.body) changed.push(...assetsNotAsBuilt(new Map([[assetPath, reply]]), buildDir, who));
    }
    /** Each label starts with the file's path; one file changed for every browser is one file. */
    const files = new Set(changed.map((label) => label.split(' ')[0])).size;
    const browsers = `as ${SUBRESOURCE_VISITORS.map(({ who }) => who).join(', ')}${cookie ? ' (and a returning visitor with the cookies the pages set)' : ''} load them from the pages`;
    return changed.length === 0
      ? { ok: true, detail: `its ${servedBuilds.size} pages name the same scripts and stylesheets as ${buildDir}/ (their names carry the build's hashes), and the ${served.size} it serves are ${buildDir}/'s byte for byte, asked bare and ${browsers}` }
      : {
          ok: false,
          detail: `the pages name ${buildDir}/'s files, but the host serves ${files === 1 ? 'one of them' : `${files} of them`} otherwise: ${changed.slice(0, 3).join('; ')}${changed.length > 3 ? `; and ${changed.length - 3} more` : ''}: code changed after the build (a hacked host or CDN, a host that rewrites scripts) runs on every page and reads every form a visitor fills in; upload ${buildDir}/ again, and find out who changed the files at the host`,
        };
  });
  // What a page runs, and what phones and returning visitors get: a script the host adds reads every form (session 23).
  await check("pages run only the build's scripts, on a phone and on a second visit too", async () => {
    const firsts = await Promise.all(DEPLOYED_PAGES.map(async (page) => ({ page, first: await readSite(page, { as: 'page' }).catch(() => undefined) })));
    const answered = firsts.filter((seen): seen is { page: (typeof DEPLOYED_PAGES)[number]; first: Reply } => seen.first?.status === 200);
    const cookie = cookiesSetBy(answered.map(({ first }) => first));
    const ask = (page: string, headers: Record<string, string | undefined>) => request(new URL(page, site).href, { headers });
    // Held to every page of the build, not only its own file: another page served for a path is the page lines'
    // fault; this line is about code the build has nowhere.
    const builtFiles = DEPLOYED_PAGES.map((page) => path.join(buildDir, builtFileOf(page)));
    const built = builtFiles.every((file) => fs.existsSync(file)) ? builtFiles.map((file) => fs.readFileSync(file, 'utf8')).join('\n') : undefined;
    const pages: PageAsSeen[] = await Promise.all(
      answered.map(async ({ page, first }) => {
        const [phone, iPhone, inApp, secondVisit, ...arrivals] = await Promise.all([
          ask(page, { ...PHONE_PAGE_HEADERS }),
          ask(page, { ...IPHONE_PAGE_HEADERS }),
          ask(page, { ...IN_APP_PAGE_HEADERS }),
          cookie ? ask(page, { ...PAGE_HEADERS, cookie }) : undefined,
          // Visitors from a search or an advert: a Referer and a click id (session 28).
          ...ARRIVALS.map((arrival) => ask(`${page}${arrival.query}`, { ...arrival.headers })),
        ]);
        return { page, first, phone, iPhone, inApp, secondVisit, arrivals: arrivals.filter((reply): reply is Reply => reply !== undefined), built };
      }),
    );
    return pageCodeOutcome(site, pages, cookie, buildDir);
  });
  // What the pages promise about the business, read as browsers get the pages (session 34): the owner's list says which
  // promises the business can back; one it does not confirm, or one it lacks, misleads every visitor who reads it.
  await check('pages make no claim the owner has not confirmed', async () => {
    const pages = [...DEPLOYED_PAGES.map((page) => ({ path: page, page })), { path: `/no-such-page-${Date.now()}`, page: 'the not-found page' }];
    const seen = await readClaimsOfPages(site, pages).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    if (!(seen instanceof Error)) return ownerClaimsOutcome(seen, OWNER_CLAIMS);
    // Without a browser the HTML the page lines read is still judged: a claim in it fails whatever the app writes.
    const served = [...pageBodies].map(([page, html]) => ({ page, who: "the check's own request", served: textsOfHtml(html), rendered: [] }));
    return ownerClaimsOutcome(served, OWNER_CLAIMS, seen.message.split('\n')[0]!.slice(0, 200));
  });
  // Built without the owner's settings, the site works end to end with a 555 phone and a placeholder registration number.
  await check("pages show the business's own facts", async () => {
    if (pageTexts.length === 0) return { ok: false, detail: 'no page could be read (see the page lines above)' };
    const placeholders = placeholderFactsOf(pageTexts);
    if (placeholders.length > 0) {
      return {
        ok: false,
        detail: `they show the build's placeholder ${placeholders.join(', ')}: the site was built without the owner's business settings (README, "Settings"); visitors would call, write to or look up a business that is not there`,
      };
    }
    return { ok: true, detail: `none of the ${pageTexts.length} pages shows a placeholder of the business settings (name, phone, e-mail, address, NJ registration, social links)` };
  });
  // The check's own input: the address it is given must be the one the build says the site lives at.
  await check('pages say they live at this address', async () => {
    if (pageBodies.size === 0) return { ok: false, detail: 'no page could be read (see the page lines above)' };
    const problems = canonicalProblems(site, pageBodies);
    if (problems.length === 0) return { ok: true, detail: `the ${pageBodies.size} pages name addresses on ${site.hostname} as theirs (their canonical links, from the build's VITE_SITE_URL)` };
    return {
      ok: false,
      detail: `the pages' own addresses (their canonical links, the build's VITE_SITE_URL) are not on ${site.hostname}: ${problems.join('; ')}: either this check runs against a copy that is not the live site (a staging or preview address, where it passes on what visitors never see: run it against the live address), or the site was built without its address (VITE_SITE_URL's default sends search engines and shared links to http://127.0.0.1:5173: build with VITE_SITE_URL=${site.origin} and upload dist/)`,
    };
  });
  await check('site built for this deployment', async () => {
    if (scriptTexts.length === 0) return { ok: false, detail: 'no script of the site could be read (see the page lines above)' };
    const missing = settingsNotBuiltIn(scriptTexts, {
      VITE_SUPABASE_URL: { name: 'SUPABASE_URL', value: deployment.supabaseUrl },
      VITE_SUPABASE_ANON_KEY: { name: 'SUPABASE_ANON_KEY', value: deployment.anonKey },
      VITE_VISUALIZER_WEBHOOK_URL: { name: 'VITE_VISUALIZER_WEBHOOK_URL', value: deployment.webhookUrl },
    });
    return missing.length === 0
      ? { ok: true, detail: `its ${scriptTexts.length} scripts use this project's URL, public key and webhook` }
      : {
          ok: false,
          detail: `its ${scriptTexts.length} scripts do not use ${missing.join(', ')} as set here: the site was built with other VITE_ settings (another project, or an earlier build), so its forms and photos go elsewhere; rebuild with these and upload dist/${missing.length === 1 && missing[0]!.startsWith('SUPABASE_ANON_KEY') ? ' (or, if the site was built with the project\'s other public key, publishable or legacy anon, give the check that one)' : ''}`,
        };
  });
  await check('site publishes no secret key', async () => {
    if (scriptTexts.length === 0) return { ok: false, detail: 'no script of the site could be read (see the page lines above)' };
    // A public key given as the secret one is in the scripts by design; the planting line says the key is wrong.
    const secretKey = deployment.serviceKey === deployment.anonKey ? undefined : deployment.serviceKey;
    const found = [...new Set([...pageTexts, ...scriptTexts, ...mapTexts].flatMap((text) => secretsInFile(text, secretKey, deployment.anonKey)))];
    // Every other file it serves is as public: a stylesheet, robots.txt, the sitemap, the not-found page, a manifest,
    // and each text file of the build (public/ is copied into it: a config.json or a debug page put there).
    const read = new Set<string>([...DEPLOYED_PAGES, ...scripts.keys(), ...mapPaths]);
    const otherPaths = [
      ...new Set([
        ...[...pageBodies].flatMap(([page, html]) => [...assetsOf(html, new URL(page, site)).filter((asset) => asset.kind === 'stylesheet').map((asset) => asset.path), ...manifestsOf(html, new URL(page, site))]),
        '/robots.txt',
        '/sitemap.xml',
        `/${BUILD_STAMP_FILE}`,
        `/no-such-page-${Date.now()}`,
        // Every file, not only text (session 34): a key written into an image's or a font's bytes, or a zip of the
        // project put in public/, is served as readable as in a script (read as text, its ASCII is whole).
        ...textFilesOf(buildDir, 2000, { everyFile: true }),
      ]),
    ].filter((filePath) => !read.has(filePath));
    const holding: string[] = [];
    let otherFiles = 0;
    for (const filePath of otherPaths) {
      const notFoundPage = filePath.startsWith('/no-such-page-');
      const reply = await readSite(filePath, { as: notFoundPage ? 'page' : 'file' }).catch(unread(notFoundPage ? 'its not-found page' : filePath));
      if (!reply?.body || (reply.status !== 200 && !notFoundPage)) continue;
      otherFiles++;
      // Its bytes, not its text read as UTF-8: a gzip member or a zip inside an image is unpacked and read too.
      const secrets = secretsInFile(reply.bytes ?? reply.body, secretKey, deployment.anonKey);
      if (secrets.length > 0) holding.push(`${notFoundPage ? 'its not-found page' : filePath} holds ${secrets.join(', ')}`);
    }
    const places = [...(found.length > 0 ? [`its pages, scripts or source maps hold ${found.join(', ')}`] : []), ...holding];
    // A file that could not be read is not a file without a key (session 33: a source map or a file of the build cut
    // off after its first bytes, which hold the key for whoever reads them, passed as if read and clean).
    const notRead = [...new Set(unreadFiles)];
    if (places.length === 0 && notRead.length > 0) {
      return {
        ok: false,
        detail: `${notRead.join('; ')}: the host hands ${notRead.length === 1 ? 'this file' : 'these files'} out but not whole, so whether ${notRead.length === 1 ? 'it holds' : 'they hold'} a secret key is not known (a cut-off answer still gives its first bytes to whoever asks); serve every file of the build whole and run the check again`,
      };
    }
    return places.length === 0
      ? {
          ok: true,
          detail: `none in its ${pageTexts.length} pages, ${scriptTexts.length} scripts, ${mapTexts.length} source maps and ${otherFiles} other files, whole, in pieces, base64- or hex-encoded, or gzip- or zip-compressed (base64 too); not seen: a key brotli-, zstd- or xz-compressed (a .woff2's tables), encrypted or otherwise encoded, or served at a path no line asks`,
        }
      : { ok: false, detail: `${places.join('; ')}: anyone can read every row with it. Rotate the key in the Supabase dashboard now, redeploy the services, and rebuild the site without it in any VITE_ setting or source file` };
  });
  await check("project's keys are its own", async () =>
    publishedKeysOutcome(deployment.supabaseUrl, { SUPABASE_ANON_KEY: deployment.anonKey, SUPABASE_SERVICE_ROLE_KEY: deployment.serviceKey }),
  );
  await check('project runs no edge function but the checkout\'s', async () => {
    // Only the management API lists them, with a personal access token: optional, and without it the line says it
    // could not look (red-team R5, session 25).
    const token = process.env.SUPABASE_ACCESS_TOKEN?.trim() || undefined;
    const apiUrl = (process.env.SUPABASE_MANAGEMENT_API_URL?.trim() || MANAGEMENT_API_URL).replace(/\/+$/, '');
    const ref = projectRefOf(deployment.supabaseUrl, process.env.SUPABASE_PROJECT_REF);
    const reply =
      token && ref
        ? await request(`${apiUrl}/v1/projects/${encodeURIComponent(ref)}/functions`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }).catch((error: unknown) =>
            error instanceof Error ? error : new Error(String(error)),
          )
        : undefined;
    return edgeFunctionsOutcome({ token, ref, apiUrl, reply }, checkoutFunctionsOf(path.resolve(import.meta.dirname, '..', '..')));
  });
  await check('site hands out no file of the build machine', async () => {
    // A .env in public/ (Vite copies it into dist/) or a project folder uploaded whole: the secret key, the SMTP password.
    const served: string[] = [];
    for (const privatePath of PRIVATE_PATHS) {
      const reply = await readSite(privatePath);
      if (!servesPrivateFile(reply)) continue;
      const secrets = secretsIn(reply.body, deployment.serviceKey === deployment.anonKey ? undefined : deployment.serviceKey, deployment.anonKey);
      served.push(`${privatePath} (${reply.body.length} bytes${secrets.length > 0 ? `, holding ${secrets.join(', ')}` : ''})`);
    }
    return served.length === 0
      ? { ok: true, detail: `${PRIVATE_PATHS.join(', ')} are not served` }
      : {
          ok: false,
          detail: `it serves ${served.join('; ')}: files of the machine that built it, public to anyone; delete them from the host (and from public/), upload only dist/, and rotate every key and password they held`,
        };
  });
  await check('processor and API hand out no file of their machine', async () => {
    // The line above asks the site's host; the processor's host holds the secrets in its folder (session 31).
    const origins = [...new Set([new URL(webhookUrl).origin, new URL(deployment.supabaseUrl).origin])].filter((origin) => origin !== site.origin);
    const served: string[] = [];
    for (const origin of origins) {
      const replies = [];
      for (const privatePath of PRIVATE_PATHS) replies.push({ path: privatePath, reply: await request(`${origin}${privatePath}`) });
      served.push(...servedPrivateFiles(origin, replies, { anonKey, serviceKey }));
    }
    return serviceFilesOutcome(origins, served);
  });
  await check('processor and API errors reveal nothing of their machine', async () => {
    // Every other line asks right; a malformed request is answered by whatever fails first, perhaps a front's
    // development error page with its stack trace (session 32). Refused before any row, file or count is made.
    const probes: ErrorProbe[] = [];
    const ask = async (asked: string, url: string, options: RequestOptions = {}) =>
      probes.push({ asked, url, reply: await request(url, options).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))) });
    await ask('a photo post whose body is not JSON', webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.origin }, body: '{"' });
    for (const origin of new Set([new URL(webhookUrl).origin, new URL(deployment.supabaseUrl).origin])) await ask('a path not percent-encoded right', `${origin}/%E0%A4%A`);
    return errorBodiesOutcome(probes, { anonKey, serviceKey });
  });
  await check('no host lists a folder or hands out a leftover file', async () => {
    // A secret at a path no line asks (session 33): folders asked for their listing, the files a listing names read,
    // and the usual leftovers asked by name, of the site's host and the services' hosts.
    const built = fs.existsSync(buildDir) ? [...filesOf(buildDir).keys()].map((file) => `/${file}`) : [];
    const builtFolders = [...new Set(built.map((file) => file.slice(0, file.lastIndexOf('/') + 1)))].filter((folder) => folder !== '/');
    const asked = (url: string, options: RequestOptions = {}) => request(url, options).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    const hosts: HostLeftovers[] = [];
    for (const origin of new Set([site.origin, new URL(webhookUrl).origin, new URL(deployment.supabaseUrl).origin])) {
      // The site's / is its home page; a folder is asked as a person opens it in a browser.
      const folderPaths = [...new Set([...(origin === site.origin ? builtFolders : []), ...LEFTOVER_FOLDERS])].filter((folder) => origin !== site.origin || folder !== '/');
      const folders: HostLeftovers['folders'][number][] = [];
      const listed: HostLeftovers['listed'][number][] = [];
      for (const folder of folderPaths) {
        const reply = await asked(`${origin}${folder}`, { headers: { ...PAGE_HEADERS } });
        folders.push({ path: folder, reply });
        const entries = reply instanceof Error ? undefined : listingOf(reply, folder);
        for (const entry of (entries ?? []).filter((file) => !file.endsWith('/')).slice(0, 20)) {
          if (listed.length < 60 && !listed.some((file) => file.path === entry)) listed.push({ path: entry, reply: await asked(`${origin}${entry}`) });
        }
      }
      const files: HostLeftovers['files'][number][] = [];
      for (const file of LEFTOVER_FILES) files.push({ path: file, reply: await asked(`${origin}${file}`) });
      hosts.push({ origin, folders, files, listed });
    }
    return leftoversOutcome(hosts, { anonKey, serviceKey }, new Set(built));
  });
  await check("site's services are reachable from visitors' devices", async () => {
    // Run beside the stack the site was built for, the check reaches 127.0.0.1 and passes; a visitor's browser does not.
    const services = { SUPABASE_URL: deployment.supabaseUrl, VITE_VISUALIZER_WEBHOOK_URL: deployment.webhookUrl };
    const unreachable = networkOnlyServicesOf(site, services);
    return unreachable.length === 0
      ? { ok: true, detail: isNetworkOnlyHost(site.hostname) ? `the site itself is at ${site.hostname}, which only this machine or its network reaches (a preview): its services may be too` : 'its API and webhook have public addresses' }
      : {
          ok: false,
          detail: `the site is at ${site.hostname} but its scripts call ${unreachable.join(', ')}, which only this machine or its own network reaches: every visitor's form and photo goes to their own computer or nowhere, while this check, run beside those services, reaches them (a build made with local settings, .env.local?); build with the project's public addresses and upload dist/`,
        };
  });
  await check('site calls its services over https', async () => {
    const services = { SUPABASE_URL: deployment.supabaseUrl, VITE_VISUALIZER_WEBHOOK_URL: deployment.webhookUrl };
    const plain = plainHttpServicesOf(site, services);
    if (plain.length > 0) {
      return {
        ok: false,
        detail: `the site is https but its scripts call ${plain.join(', ')} over plain http: browsers block those calls (mixed content), so every form or photo fails while the services answer this check; give them https addresses and rebuild`,
      };
    }
    if (site.protocol !== 'https:') return { ok: true, detail: 'the site itself is plain http (the https line judges that): browsers block no call it makes for being http' };
    const onThisMachine = [...new Set(Object.values(services).filter((address) => new URL(address).protocol === 'http:').map((address) => new URL(address).origin))];
    return {
      ok: true,
      detail: onThisMachine.length > 0 ? `https, or this machine's own address (${onThisMachine.join(', ')}), which browsers let an https page call` : 'its API and webhook are https',
    };
  });
  /** The pages a visitor may land on first, as they answered: a header a host sets page by page is judged on each. */
  const answeredPages = () => DEPLOYED_PAGES.filter((page) => pageBodies.has(page));
  /** The pages that did not answer as pages: a line judged on every page says it was not judged on them. */
  const unreadPages = () => DEPLOYED_PAGES.filter((page) => !pageBodies.has(page));
  await check('site served over https with HSTS', async () => {
    if (isThisMachine(site) && site.protocol === 'http:') {
      return { ok: false, skipped: true, detail: `${site.origin} is this machine (a local preview): https is asked of the deployed site's address` };
    }
    // The bare domain's http:// address is only known when the site is on the default port.
    const plainHttp = site.protocol === 'https:' && !site.port ? await request(`http://${site.host}/`).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))) : undefined;
    // Every page: a visitor who only ever opens /realtors from an advert learns HSTS from that page alone.
    const outcomes = new Map<string, CheckOutcome>();
    for (const page of answeredPages()) {
      const { headers } = await readSite(page, { as: 'page' });
      const problem = httpsProblem(site, headers, page === '/' ? plainHttp : undefined);
      outcomes.set(
        page,
        problem
          ? { ok: false, detail: problem }
          : { ok: true, detail: `https, ${headers['strict-transport-security']}${plainHttp ? `, http:// redirects to ${plainHttp instanceof Error ? '' : plainHttp.headers.location}` : ''}` },
      );
    }
    return everyPageOutcome(outcomes, unreadPages());
  });
  await check('pages send a content security policy', async () => {
    // Decision 033: a missing policy is not protection as decided, but no failure; one that blocks the services is.
    // Every page: the forms that framing would trick a visitor into sending are on the pages other than the home page.
    const outcomes = new Map<string, CheckOutcome>();
    for (const page of answeredPages()) {
      // The page's own <meta> policy is enforced beside the header's: its body is read too.
      const { headers, body } = await readSite(page, { as: 'page' });
      const header = headers['content-security-policy'];
      outcomes.set(page, contentSecurityPolicyOutcome(Array.isArray(header) ? header.join(', ') : header, site, { SUPABASE_URL: deployment.supabaseUrl, VITE_VISUALIZER_WEBHOOK_URL: deployment.webhookUrl }, body));
    }
    return everyPageOutcome(outcomes, unreadPages());
  });
  await check('robots.txt lets search engines in', async () => {
    const reply = await readSite('/robots.txt');
    if (reply.status === 404) return { ok: true, detail: 'none (404): every page may be listed' };
    if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: crawlers may treat the whole site as off limits` };
    return robotsTxtBlocksAll(reply.body)
      ? { ok: false, detail: `it disallows / to every crawler (${excerpt(reply, 80)}): a staging robots.txt on the live site; search engines drop the whole site` }
      : { ok: true, detail: 'the pages may be listed' };
  });
  // The name visitors type without (or with) www.: an old host it still points at is the site to them (session 28).
  await check("site's other name serves no other site", async () => {
    const otherName = otherNameOf(site);
    const reply = otherName
      ? await request(`${site.protocol}//${otherName}${site.port ? `:${site.port}` : ''}/`, { headers: { ...PAGE_HEADERS } }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
      : undefined;
    return otherNameOutcome(site, otherName, reply, servedBuilds.get('/')?.entry);
  });
  await check('unknown path', async () => {
    // Asked as a browser opens a page: a history-API fallback answers only that with 200.
    const reply = await request(new URL(`/no-such-page-${Date.now()}`, site).href, { headers: { ...PAGE_HEADERS } });
    return reply.status === 404
      ? { ok: true, detail: '404' }
      : { ok: false, detail: `status ${reply.status}, expected 404 (a single-page-app fallback answers every path with 200)` };
  });

  // From here on the deployment holds marked rows: they go whatever happens, Ctrl-C included.
  const testRows = createTestRows(deployment);
  let removing: Promise<void> | undefined;
  const removeTestRows = () => (removing ??= check('test rows and photo removed', () => testRows.remove(), { evenWhenStopping: true }));
  /** The check in flight when a signal came, for at most 10 s (the test photo's may take minutes; its rows go regardless). */
  const settleInFlight = () => Promise.race([inFlight, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  const stopOnSignal = (signal: NodeJS.Signals) => {
    // A second Ctrl-C while removing does not cut the removal short (it takes a few seconds).
    if (stopping) return;
    stopping = true;
    // A closed terminal takes stdout with it: a failed write must not end the process before the rows are gone.
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
    console.log(`\n${signal}: removing the test rows before stopping`);
    // Exit 1, not 128 + the signal's number: a stopped run is not a pass, whatever its caller tests (verdict.ts).
    void settleInFlight()
      .then(removeTestRows)
      .finally(() => process.exit(end(notCheckedVerdict(`stopped by ${signal} after ${total} checks, before every check ran`))));
  };
  // Ctrl-C, a timeout's or a host's stop, and a closed terminal or dropped ssh session (SIGHUP) all remove first.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stopOnSignal);
  try {
    await check('database has every migration of this checkout', async () => {
      // A database a push never reached (or one that stopped half-way) fails here, not at the first visitor's row.
      const reply = await rest('rpc/deployment_check_migrations', serviceKey);
      const local = listMigrations().map((migration) => migration.version);
      if (reply.status === 404) return migrationsOutcome(local, 'missing');
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)}` };
      const applied: unknown = JSON.parse(reply.body);
      if (applied !== null && !(Array.isArray(applied) && applied.every((version) => typeof version === 'string'))) return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      return migrationsOutcome(local, applied);
    });
    await check("database functions are the migrations' own", async () => {
      // Before the lines that ask the database: a deployment_check_ function changed by hand may answer them falsely,
      // and a lead trigger's function changed by hand hands on every lead (session 24).
      const reply = await rest('rpc/deployment_check_function_bodies', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
      const seen: unknown = JSON.parse(reply.body);
      // An array is 20261201050001's answer, without the attributes (security, SET options, owner) judged since.
      if (Array.isArray(seen)) return { ok: false, detail: "the database answers without the functions' security, SET options and owners: migration 20261201080001 is not applied (see the migrations line)" };
      const functions = (seen as { functions?: unknown } | null)?.functions;
      if (!Array.isArray(functions) || functions.some((fn: FunctionSeen) => typeof fn?.definer !== 'boolean' || !Array.isArray(fn.config))) {
        return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      }
      // The migrations' functions, and graphile_worker's as the installed package makes them (session 25).
      const own = ownFunctionsOf([
        ...listMigrations().map((migration) => ({ file: migration.file, text: fs.readFileSync(migration.file, 'utf8') })),
        ...jobQueueSqlOf(path.resolve(import.meta.dirname, '..', '..')),
      ]);
      return functionBodiesOutcome(seen as FunctionsSeen, own);
    });
    await check("database triggers are the migrations' own and fire", async () => {
      // Before the rows are planted: a trigger disabled by hand (the one that keeps marked rows from e-mailing, the
      // leads' follow-up) or a role set to skip triggers changes what every visitor's row does (session 25).
      const reply = await rest('rpc/deployment_check_triggers', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied? see the migrations line)` };
      const seen = JSON.parse(reply.body) as Partial<TriggersSeen> | null;
      if (!Array.isArray(seen?.triggers) || !Array.isArray(seen.replication_roles)) return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      const own = ownTriggerShapesOf(listMigrations().map((migration) => ({ file: migration.file, text: fs.readFileSync(migration.file, 'utf8') })));
      return triggersOutcome(seen as TriggersSeen, own);
    });
    await check('test rows planted', () => testRows.plant());
    for (const table of LEAD_TABLES) await check(`public key cannot read ${table}`, () => testRows.probe(table));
    await check('public key cannot change or delete lead rows', async () => {
      // Asked of the database, not tried: a PATCH or DELETE would spend this machine's write allowance (the throttle).
      const reply = await rest('rpc/deployment_check_anon_writes', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
      const writable: unknown = JSON.parse(reply.body);
      if (typeof writable !== 'object' || writable === null || Array.isArray(writable)) return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      const tables = Object.entries(writable as Record<string, string[]>).map(([table, allowed]) => `${table} (${allowed.join(', ')})`);
      return tables.length === 0
        ? { ok: true, detail: 'no lead table lets it update or delete a row' }
        : {
            ok: false,
            detail: `it may change or delete rows of ${tables.join(', ')}: row-level security off with the grant, or a policy for anon that allows it; anyone could alter or erase visitors' requests`,
          };
    });

    await check("visitors' inserts store their rows", async () => {
      // Made as the site makes them, as anon, and undone in the database: trying them over the API would spend this
      // machine's write allowance and send the office e-mails. The only insert before was the owner's test lead.
      const reply = await rest('rpc/deployment_check_anon_inserts', serviceKey, { method: 'POST', body: JSON.stringify({ site_rows: SITE_ROWS }) });
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
      const seen: unknown = JSON.parse(reply.body);
      if (typeof seen !== 'object' || seen === null || Array.isArray(seen)) return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      return anonInsertsOutcome(seen as Record<string, AnonInsertSeen>);
    });
    await check('nothing in the database sends leads elsewhere', async () => {
      // A database webhook or a copying trigger made in the dashboard hands each lead on as it arrives (session 23).
      const reply = await rest('rpc/deployment_check_lead_exports', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
      const found: unknown = JSON.parse(reply.body);
      if (!Array.isArray(found)) return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      const own = ownTriggersOf(listMigrations().map((migration) => fs.readFileSync(migration.file, 'utf8')));
      return leadExportsOutcome(found as LeadExport[], own);
    });

    await check('no view, function, copy or policy hands the public key lead rows', async () => {
      // Row-level security guards the tables; a view or a security definer function runs as its owner, past it, and
      // a copy made with `create table ... as select` has none (Supabase's default privileges grant it to anon): in
      // public or in another schema anon may use, behind an invoker view or function in public. And on the tables
      // themselves what the marked row cannot show: a select policy that hides only a fresh row, or row-level
      // security off where anon may select some columns but not the id the probe asks for.
      const reply = await rest('rpc/deployment_check_anon_leaks', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
      const leaks = JSON.parse(reply.body) as { views?: unknown; functions?: unknown; copies?: unknown; reads?: unknown };
      if (!Array.isArray(leaks.views) || !Array.isArray(leaks.functions) || !Array.isArray(leaks.copies) || !Array.isArray(leaks.reads)) {
        return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)} (are the migrations applied? see the migrations line)` };
      }
      const found = [
        ...leaks.views.map((view) => `the view ${String(view)} (reads a lead table as its owner)`),
        ...leaks.functions.map((fn) => `the security definer function ${String(fn)}`),
        ...leaks.copies.map((copy) => `${String(copy)}, which row-level security does not guard`),
        ...leaks.reads.map((read) => `the lead table ${String(read)}, which lets it read rows whose id it was not sent`),
      ];
      return found.length === 0
        ? {
            ok: true,
            detail:
              'no view anon may read reads a lead table as its owner, anon may call no security definer function of the owner\'s but the throttle, no other table or view gives it personal columns (public and every other schema it may use), and only the migrations\' own read-back policy lets it read a lead table; not judged: what Supabase\'s own roles or an extension made in Supabase\'s schemas',
          }
        : {
            ok: false,
            detail: `the public key may use ${found.join(', ')}: they run past row-level security or around the probe's marked row, so anyone may read what they return; drop them (a copy: or turn its row-level security on; a policy: keep only the migrations' id = private.submission_id_header()), or make the view security_invoker and revoke the function from public and anon`,
          };
    });

    await check('the API serves no schema but public and graphql_public', async () => {
      // The lines below read those two schemas; one more in the API's exposed schemas (the dashboard's setting, or
      // pgrst.db_schemas on the authenticator role) passed them whatever it held (session 31). PostgREST names the
      // schemas it serves when it refuses one, to anyone: asked with the public key.
      // Of a table no schema has: PostgREST refuses the profile before it looks for one (and a gateway passes only paths
      // under /rest/v1/ on, not the root), so no lead table is read and the lines on reads stay the only ones to try them.
      const reply = await rest(`${NO_SUCH_SCHEMA}?limit=0`, anonKey, { headers: { 'accept-profile': NO_SUCH_SCHEMA } });
      return exposedSchemasOutcome(reply);
    });

    await check('every table the API serves has row-level security', async () => {
      // The lines above know the lead tables and tables with their columns' names; a table added later does not have
      // them, and the dashboard's SQL editor makes it without row-level security (session 29).
      const reply = await rest('rpc/deployment_check_unguarded_tables', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied? see the migrations line)` };
      const found: unknown = JSON.parse(reply.body);
      if (!Array.isArray(found)) return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      return unguardedTablesOutcome(found as UnguardedTable[]);
    });

    await check("row-level policies are the migrations' own", async () => {
      // The lines above try what the policies let the public key do with the rows they plant; a policy changed by hand,
      // or one on a table added later with row-level security on, passed them (session 30).
      const reply = await rest('rpc/deployment_check_table_policies', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied? see the migrations line)` };
      const seen: unknown = JSON.parse(reply.body);
      if (!Array.isArray(seen)) return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      const own = ownPoliciesOf(listMigrations().map((migration) => ({ file: migration.file, text: fs.readFileSync(migration.file, 'utf8') })));
      return tablePoliciesOutcome(seen as PolicySeen[], own);
    });

    await check('signed-in users cannot read, change or delete lead rows', async () => {
      // The site has no logins, but anyone can sign in: Supabase Auth takes sign-ups from the public key unless turned off.
      const reply = await rest('rpc/deployment_check_signed_in_access', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
      const access: unknown = JSON.parse(reply.body);
      if (typeof access !== 'object' || access === null || Array.isArray(access)) return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      // Since 20261203000141 also each security definer function it may call and anon may not (session 28).
      const entries = Object.entries(access as Record<string, string[]>);
      const tables = entries.filter(([name]) => !name.startsWith('function ')).map(([table, allowed]) => `${table} (${allowed.join(', ')})`);
      const functions = entries.filter(([name]) => name.startsWith('function ')).map(([name]) => name.slice('function '.length));
      const found = [
        ...(tables.length > 0 ? [`read, change or delete rows of ${tables.join(', ')}`] : []),
        ...(functions.length > 0 ? [`call the security definer function${functions.length === 1 ? '' : 's'} ${functions.join(', ')}, which run${functions.length === 1 ? 's' : ''} as ${functions.length === 1 ? 'its' : 'their'} owner, past row-level security`] : []),
      ];
      return found.length === 0
        ? { ok: true, detail: 'no lead table lets the authenticated role read, change or delete a row, and it may call no security definer function that anon may not' }
        : {
            ok: false,
            detail: `a signed-in user may ${found.join(', and ')}: anyone can sign up with the public key (Supabase Auth takes sign-ups unless they are turned off) and so reach every visitor's name, e-mail and phone; revoke the grant or drop the policy for authenticated${functions.length > 0 ? ', and revoke the function from authenticated' : ''} (the site has no logins)`,
          };
    });
    await check('no storage policy lets visitors or signed-in users reach a bucket', async () => {
      // The stored-photos line below tries the public key; a signed-in user's access could only be tried with a sign-up.
      const reply = await rest('rpc/deployment_check_storage_policies', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
      const policies: unknown = JSON.parse(reply.body);
      if (!Array.isArray(policies)) return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      return storagePoliciesOutcome(policies as StoragePolicy[]);
    });
    await check('write throttle runs before every API request', async () => {
      // The client-address line asks a function that answers whether or not PostgREST runs the throttle; this one is
      // answered by the request itself (the throttle marks the transaction it runs in).
      const reply = await rest('rpc/deployment_check_throttle', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
      const seen = JSON.parse(reply.body) as ThrottleSeen;
      if (typeof seen !== 'object' || seen === null || !('pre_request' in seen)) return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      return throttleOutcome(seen);
    });

    for (const bucket of BUCKETS) {
      await check(`bucket ${bucket.id}`, async () => {
        const reply = await request(`${deployment.supabaseUrl}/storage/v1/bucket/${bucket.id}`, { headers: keyHeaders(serviceKey) });
        if (reply.status !== 200) return { ok: false, detail: `status ${reply.status} (missing? run the migrations): ${excerpt(reply, 120)}` };
        const found = JSON.parse(reply.body) as { public?: boolean };
        return found.public === bucket.public
          ? { ok: true, detail: bucket.public ? 'exists, public' : 'exists, private' }
          : { ok: false, detail: `exists but is ${found.public ? 'public' : 'private'}; it must be ${bucket.public ? 'public' : 'private'}` };
      });
    }

    await check('project has no storage bucket but the photo buckets', async () => {
      // The lines above ask the migrations' buckets by name; one added later, public or not, passed them (session 30).
      const reply = await request(`${deployment.supabaseUrl}/storage/v1/bucket`, { headers: keyHeaders(serviceKey) });
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply, 120)}` };
      const buckets: unknown = JSON.parse(reply.body);
      if (!Array.isArray(buckets) || buckets.some((bucket) => typeof (bucket as BucketSeen | null)?.id !== 'string'))
        return { ok: false, detail: `an answer that is no list of buckets: ${excerpt(reply, 80)}` };
      return otherBucketsOutcome(buckets as BucketSeen[]);
    });

    // As a browser sends them from the visualizer page, fetch metadata and Referer included (session 28).
    const preflight = (origin: string) =>
      request(webhookUrl, {
        method: 'OPTIONS',
        headers: { origin, ...corsRequestHeaders(origin, webhookUrl, VISUALIZER_PAGE_PATH), 'access-control-request-method': 'POST', 'access-control-request-headers': SITE_UPLOAD_HEADERS.join(', ') },
      });
    await check('webhook CORS for the site', async () => {
      const reply = await preflight(site.origin);
      const allowed = reply.headers['access-control-allow-origin'];
      if (reply.status >= 300) return { ok: false, detail: `preflight answered ${reply.status}` };
      if (allowed !== site.origin) return { ok: false, detail: `allows ${allowed ?? 'no origin'}, not ${site.origin}: set the processor's ALLOWED_ORIGINS to ${site.origin}` };
      // A browser sends the upload only if every header the page sets is allowed (a proxy's own CORS list may drop one).
      const allowedHeaders = String(reply.headers['access-control-allow-headers'] ?? '').toLowerCase().split(',').map((name) => name.trim());
      const refused = allowedHeaders.includes('*') ? [] : SITE_UPLOAD_HEADERS.filter((name) => !allowedHeaders.includes(name));
      if (refused.length > 0) {
        return { ok: false, detail: `allows ${allowed} but not the header(s) ${refused.join(', ')} the page sends: browsers would send no photo (a proxy's own CORS settings in front of the processor?)` };
      }
      // The preflight may be answered by something in front of the processor (an API gateway's own CORS setting)
      // while the processor's answers allow another origin (its ALLOWED_ORIGINS, staging's): browsers then send the
      // photo but cannot read the reply, which alone carries the key to fix the floor or choose a rug. An empty call
      // is refused at once (400) with the processor's own CORS headers, and spends no write (session 27).
      const answer = await request(webhookUrl, { method: 'POST', body: '{}', headers: { origin: site.origin, ...corsRequestHeaders(site.origin, webhookUrl, VISUALIZER_PAGE_PATH) } });
      const answered = answer.headers['access-control-allow-origin'];
      if (answered !== site.origin) {
        return {
          ok: false,
          detail: `its preflight allows ${allowed}, but the webhook's own answer does not (${answered ? `it allows ${answered}` : 'it allows no origin'}; a call answered ${answer.status}): something in front of the processor answers the preflight itself while the processor's ALLOWED_ORIGINS names another origin, so browsers send the photo but cannot read the reply, and visitors cannot fix the floor or choose a rug; set the processor's ALLOWED_ORIGINS to ${site.origin}`,
        };
      }
      return { ok: true, detail: `${reply.status}, allows ${allowed} and the page's headers, and the webhook's answers allow ${allowed} too` };
    });
    await check('webhook CORS refuses other origins', async () => {
      const allowed = (await preflight(FOREIGN_ORIGIN)).headers['access-control-allow-origin'];
      if (allowed === '*' || allowed === FOREIGN_ORIGIN) {
        return { ok: false, detail: `a preflight from ${FOREIGN_ORIGIN} is allowed (${allowed}): any web page could post photos; set ALLOWED_ORIGINS to ${site.origin}` };
      }
      // The processor allows exact origins only; a proxy's rule in front of it may match the site's name loosely.
      const lookAlikes = lookAlikeOrigins(site);
      const taken: string[] = [];
      for (const origin of lookAlikes) if ((await preflight(origin)).headers['access-control-allow-origin'] === origin) taken.push(origin);
      if (taken.length > 0) {
        return {
          ok: false,
          detail: `a preflight from ${taken.join(', ')} is allowed (each sent back as the allowed origin): ${taken.includes('null') ? 'a page in a sandboxed frame or a file (origin null) ' : 'a page on a name that merely contains the site\'s '}could post photos; something in front of the processor (a proxy's or CDN's CORS rule) matches origins too loosely: allow ${site.origin} exactly`,
        };
      }
      // A list that names too much, taken exactly: a developer's local sites, the site over plain http (session 28).
      const developers = developerOrigins(site);
      const named: string[] = [];
      for (const origin of developers) if ((await preflight(origin)).headers['access-control-allow-origin'] === origin) named.push(origin);
      return named.length > 0
        ? {
            ok: false,
            detail: `a preflight from ${named.join(', ')} is allowed: the processor's ALLOWED_ORIGINS (or a CORS rule in front of it) still names a developer's or a plain-http address, so a page served there (any local dev server on a visitor's computer, a network answering the http address) may post photos and read the answers; set ALLOWED_ORIGINS to ${site.origin} alone`,
          }
        : { ok: true, detail: `a preflight from ${FOREIGN_ORIGIN} is not allowed, nor from ${lookAlikes.join(', ')}, nor from a developer's or plain-http address (${developers.join(', ')})` };
    });
    await check('webhook refuses a plain-text post from another site', async () => {
      // A CORS "simple" request: a browser sends it without the preflight the two lines above judge (session 27).
      // It names a request nobody made, so a processor that reads it refuses it after its wait: nothing is rendered.
      const body = JSON.stringify({ requestId: randomUUID(), name: TEST_NAME, email: TEST_EMAIL, imageBase64: 'data:image/jpeg;base64,/9j/', fileName: 'deployment-check.jpg' });
      const replies = await Promise.all(
        SIMPLE_POST_TYPES.map(async (contentType) => ({
          contentType,
          reply: await request(webhookUrl, {
            method: 'POST',
            body,
            // A processor that reads it waits for the row of the request named (10 s), more behind a slow proxy.
            idleTimeoutMs: 60_000,
            headers: { origin: FOREIGN_ORIGIN, 'content-type': contentType, 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'empty' },
          }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
        })),
      );
      return simplePostOutcome(replies, FOREIGN_ORIGIN, site.origin);
    });
    await check('webhook /healthz', async () => {
      const reply = await request(`${webhookUrl}/healthz`);
      return reply.status === 200 ? { ok: true, detail: `200 ${excerpt(reply, 80)}` } : { ok: false, detail: `status ${reply.status}: ${excerpt(reply, 160)}` };
    });

    /** The commit the site says it is built from (its /build-stamp.json), which the e-mail worker's must be too. */
    let siteCommit: string | undefined;
    await check('site and processor built from one commit', async () => {
      // Each says what it is built from (contracts/build-stamp.ts); a stale deploy of either one shows here.
      const readStamp = async <T>(reply: Promise<Reply>, pick: (body: Record<string, unknown>) => T | undefined): Promise<T | undefined> => {
        const answered = await reply.catch(() => undefined);
        if (answered?.status !== 200 && answered?.status !== 503) return undefined;
        try {
          const body: unknown = JSON.parse(answered.body);
          return typeof body === 'object' && body !== null ? pick(body as Record<string, unknown>) : undefined;
        } catch {
          return undefined;
        }
      };
      const siteStamp = await readStamp(readSite(`/${BUILD_STAMP_FILE}`), (body) =>
        typeof body.commit === 'string' ? { commit: body.commit, entry: typeof body.entry === 'string' ? body.entry : undefined } : undefined,
      );
      const processorCommit = await readStamp(request(`${webhookUrl}/healthz`), (body) => (typeof body.build === 'string' ? body.build : undefined));
      siteCommit = siteStamp?.commit;
      return buildStampsOutcome(siteStamp, processorCommit, servedBuilds.get('/')?.entry);
    });
    await check("privacy page names who handles visitors' photos", async () => {
      // The processor's engine is its own setting; the page's words are the site build's (decision 040).
      const reply = await request(`${webhookUrl}/healthz`).catch(() => undefined);
      let seen: EngineSeen | undefined;
      try {
        const body: unknown = reply && (reply.status === 200 || reply.status === 503) ? JSON.parse(reply.body) : undefined;
        seen = typeof body === 'object' && body !== null ? (body as EngineSeen) : undefined;
      } catch {
        seen = undefined;
      }
      return floorEngineOutcome(seen, privacyPage);
    });

    await check('deployment is the version of this checkout', async () => {
      // The checkout this runs from holds the lines (an older one passes what later lines fail) and is what the one
      // running it means to have deployed (a deploy that never reached the host passes on the version still live).
      const root = path.resolve(import.meta.dirname, '..', '..');
      return checkoutOutcome(siteCommit, checkoutCommit, gitHistory(root));
    });

    let alive: Record<string, number> = {};
    await check('workers alive', async () => {
      const reply = await rest('rpc/deployment_check_workers', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)}` };
      alive = JSON.parse(reply.body) as Record<string, number>;
      return { ok: true, detail: `back_office.worker_heartbeats answers (${Object.keys(alive).join(', ') || 'none in the last 30 s'})` };
    });
    for (const worker of WORKERS) {
      await check(`${worker.name} alive`, async () =>
        worker.service in alive
          ? { ok: true, detail: `said so ${alive[worker.service]} s ago` }
          : { ok: false, detail: `no ${worker.name} has said it is alive in the last 30 s (back_office.worker_heartbeats): ${worker.without}` },
      );
    }

    await check("staff e-mails of the last day sent", async () => {
      // A live worker is not a working one: with the wrong SMTP settings it takes every e-mail and fails it.
      const reply = await rest('rpc/deployment_check_staff_emails', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
      const seen = JSON.parse(reply.body) as { failing?: unknown; latest_reason?: unknown };
      if (typeof seen.failing !== 'number') return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      return seen.failing === 0
        ? { ok: true, detail: 'none failed or is being retried' }
        : {
            ok: false,
            detail: `${seen.failing} e-mail(s) to the office failed or are being retried (latest: ${String(seen.latest_reason ?? 'no reason stored').slice(0, 160)}): check the e-mail worker's SMTP settings and STAFF_INBOX; the office hears of no lead meanwhile`,
          };
    });
    await check('retention job scheduled and running', async () => {
      // Nothing else says it: without it visitors' rows and photos outlive what the privacy policy promises.
      const reply = await rest('rpc/deployment_check_retention', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
      const seen = JSON.parse(reply.body) as { scheduled?: unknown; failed?: unknown };
      if (typeof seen.scheduled !== 'boolean' || typeof seen.failed !== 'number') return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      return retentionOutcome(seen as RetentionSeen);
    });
    await check('test lead queues its e-mails', async () => {
      const reply = await rest('rpc/deployment_check_test_lead', serviceKey, { method: 'POST', body: '{}' });
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)}` };
      const seen = JSON.parse(reply.body) as { emails_queued: number; jobs_queued: number; left_behind: number };
      if (seen.left_behind !== 0) return { ok: false, detail: `${seen.left_behind} row(s) left behind` };
      if (seen.emails_queued < 1 || seen.jobs_queued !== seen.emails_queued) {
        return { ok: false, detail: `the lead queued ${seen.emails_queued} e-mail(s) and ${seen.jobs_queued} job(s) (is graphile-worker installed?)` };
      }
      return { ok: true, detail: `stored, queued ${seen.emails_queued} e-mails on the job queue, then undone in its transaction (none sent)` };
    });
    // After the test lead: while the check's address is unsubscribed, its marketing e-mails would be held back.
    await check("e-mails' unsubscribe link works", () => {
      testRows.unsubscribeStepRuns();
      return followUnsubscribeLink(rest, serviceKey, site, servedBuilds.get('/')?.entry, homePage);
    });
    await check("e-mails show the business's own facts, link to the site and reach its inbox", () =>
      checkEmailFacts(rest, serviceKey, site, servedBuilds.get('/')?.entry, homePage, { problemsOf: (html) => emailClaimProblems(html, OWNER_CLAIMS), remedy: CLAIMS_REMEDY }, anonKey),
    );
    await check('every e-mail worker instance runs with the settings checked', async () => {
      // Only the instance that took the job made the e-mail above; another host may run with staging's settings.
      const reply = await rest('rpc/deployment_check_email_worker_settings', serviceKey);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)} (are the migrations applied?)` };
      const pools: unknown = JSON.parse(reply.body);
      if (!Array.isArray(pools)) return { ok: false, detail: `an answer that says nothing: ${excerpt(reply, 80)}` };
      return emailWorkersOutcome(pools as EmailWorkerPool[], siteCommit);
    });
    // Which address the processor counts that call as (its write allowance, its upload slots): read around it, in
    // the throttle's counts, for this machine's address as the API sees it and the addresses the call writes in the
    // client-address headers (session 27).
    const machineAddresses = await Promise.all(
      ([4, 6] as const).map(async (family) => {
        const reply = await rest('rpc/deployment_check_client_address', serviceKey, { family }).catch(() => undefined);
        return { family, address: reply?.status === 200 ? (JSON.parse(reply.body) as string) : undefined };
      }),
    );
    const throttleCounts = async (): Promise<ThrottleCounts | string> => {
      const addresses = [...new Set([...machineAddresses.flatMap(({ address }) => (address ? [address] : [])), ...FORGED_ADDRESSES.map(({ address }) => address)])];
      const reply = await rest('rpc/deployment_check_throttle_counts', serviceKey, { method: 'POST', body: JSON.stringify({ addresses }) }).catch((error: unknown) => error as Error);
      if (reply instanceof Error) return reply.message;
      if (reply.status !== 200) return `status ${reply.status}: ${excerpt(reply)} (are the migrations applied? see the migrations line)`;
      const seen: unknown = JSON.parse(reply.body);
      return isThrottleCounts(seen) ? seen : `an answer that says nothing: ${excerpt(reply, 80)}`;
    };
    const countsBefore = await throttleCounts();
    let unknownRequest: { refused: boolean; localAddress?: string } | undefined;
    await check('webhook refuses a photo for a request nobody made', async () => (unknownRequest = await testRows.sendForUnknownRequest(forgedHeaders())));
    await check('processor counts each visitor by the address they send from', async () => {
      const countsAfter = await throttleCounts();
      if (typeof countsBefore === 'string' || typeof countsAfter === 'string') return { ok: false, detail: `the throttle's counts could not be read: ${typeof countsBefore === 'string' ? countsBefore : countsAfter}` };
      const family = isIP(unknownRequest?.localAddress ?? '') === 6 ? 6 : 4;
      const machine = machineAddresses.find((seen) => seen.family === family)?.address;
      return rowlessCountOutcome({ before: countsBefore, after: countsAfter, machine, refused: unknownRequest?.refused ?? false });
    });
    await check('test photo stored and rendered', () => testRows.sendTestPhoto());
    await check('public key cannot open the stored photos', () => testRows.probeStoredImages());
    await check('only the service key may call the check functions', async () => {
      // Stable functions are called with GET (PostgREST runs them read-only), the others with POST, as the check does.
      for (const [fn, method] of [
        ['deployment_check_client_address', 'GET'],
        ['deployment_check_workers', 'GET'],
        ['deployment_check_anon_writes', 'GET'],
        ['deployment_check_staff_emails', 'GET'],
        ['deployment_check_anon_leaks', 'GET'],
        ['deployment_check_retention', 'GET'],
        ['deployment_check_unsubscribe_state', 'GET'],
        ['deployment_check_email_worker_settings', 'GET'],
        ['deployment_check_migrations', 'GET'],
        ['deployment_check_signed_in_access', 'GET'],
        ['deployment_check_throttle', 'GET'],
        ['deployment_check_storage_policies', 'GET'],
        ['deployment_check_unguarded_tables', 'GET'],
        ['deployment_check_table_policies', 'GET'],
        ['deployment_check_lead_exports', 'GET'],
        ['deployment_check_function_bodies', 'GET'],
        ['deployment_check_triggers', 'GET'],
        ['deployment_check_plant_rows', 'POST'],
        ['deployment_check_anon_inserts', 'POST'],
        ['deployment_check_throttle_counts', 'POST'],
        ['deployment_check_unsubscribe_start', 'POST'],
      ]) {
        // Each with the arguments it takes: asked without them, PostgREST answers 404 whatever the grants.
        const body = fn === 'deployment_check_anon_inserts' ? JSON.stringify({ site_rows: {} }) : fn === 'deployment_check_throttle_counts' ? JSON.stringify({ addresses: [] }) : '{}';
        const reply = await rest(`rpc/${fn}`, anonKey, method === 'POST' ? { method, body } : {});
        if (![401, 403, 404].includes(reply.status)) return { ok: false, detail: `the public key called ${fn}: ${reply.status}` };
      }
      return { ok: true, detail: 'the public key is refused' };
    });
  } finally {
    await removeTestRows();
  }

  await check('throttle tells two clients apart', async () => {
    const explicit = clientAddresses && clientAddresses.length >= 2;
    const clients: RequestOptions[] = explicit ? clientAddresses.slice(0, 2).map((localAddress) => ({ localAddress })) : [{ family: 4 }, { family: 6 }];
    const seen: string[] = [];
    const sentFrom: string[] = [];
    for (const client of clients) {
      const reply = await rest('rpc/deployment_check_client_address', serviceKey, client).catch((error: unknown) => error as Error);
      if (reply instanceof Error) {
        // This machine's network, not the deployment: without a second address nothing can be concluded.
        return {
          ok: false,
          skipped: true,
          detail: `could not send from two addresses here; pass --client-addresses (sending from ${client.localAddress ?? `IPv${client.family}`} failed: ${reply.message})`,
        };
      }
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${excerpt(reply)}` };
      seen.push(JSON.parse(reply.body) as string);
      sentFrom.push(reply.localAddress ?? '?');
    }
    // An address family the deployment's host name has no address for is not used (an IP literal has one family).
    if (sentFrom[0] === sentFrom[1] || (!explicit && isIP(sentFrom[0]!) === isIP(sentFrom[1]!))) {
      return { ok: false, skipped: true, detail: `could not send from two addresses here; pass --client-addresses (both requests left from ${sentFrom[0]})` };
    }
    // A client must not choose its own address: a forged header changes nothing.
    const forged = await rest('rpc/deployment_check_client_address', serviceKey, {
      ...clients[0],
      headers: { 'cf-connecting-ip': '198.51.100.7', 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.7' },
    });
    const forgedSeen = JSON.parse(forged.body) as string;
    if (seen.includes('unknown')) return { ok: false, detail: `the throttle saw "unknown": the client-address header does not arrive (decision 005)` };
    if (forgedSeen !== seen[0]) return { ok: false, detail: `a forged header moved the first client from ${seen[0]} to ${forgedSeen}` };
    if (seen[0] === seen[1]) {
      // Two addresses of one machine may leave through one NAT (or one IPv6 network, which the throttle counts as one).
      return explicit
        ? { ok: false, skipped: true, detail: `could not send from two addresses here; pass --client-addresses (both reached the deployment as ${seen[0]}: they leave through one NAT or one IPv6 /64; name two that do not)` }
        : { ok: false, detail: `IPv4 and IPv6 requests both counted as ${seen[0]}: the throttle keys on a proxy's address, so every visitor would share one counter (decision 005)` };
    }
    return { ok: true, detail: `${seen[0]} and ${seen[1]}; a forged header changed nothing` };
  });

  return end(verdictOf(total, failedNames, skippedNames, whatIsChecked));
}

// The check's own error (a bug, a reply it cannot read) must not leave an earlier line, `ok` perhaps, as the last.
process.exitCode = await main().catch((error: unknown) => {
  console.error(error);
  return end(notCheckedVerdict(`the check stopped on its own error (${error instanceof Error ? error.message : String(error)})`));
});
