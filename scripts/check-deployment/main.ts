/**
 * `npm run check:deployment -- <site url> [--client-addresses <a>,<b>]`: checks a live deployment end to end, one
 * line per check, and exits 1 when any check fails. Reads from the environment:
 *   SUPABASE_URL (or VITE_SUPABASE_URL), the project URL
 *   SUPABASE_ANON_KEY (or VITE_SUPABASE_ANON_KEY), the publishable key sb_publishable_… or the legacy anon JWT
 *   SUPABASE_SERVICE_ROLE_KEY, the secret key sb_secret_… or the legacy service_role JWT
 *   VITE_VISUALIZER_WEBHOOK_URL (or VISUALIZER_WEBHOOK_URL), the processor's public URL
 * It leaves nothing behind and sends no e-mail (the test lead is undone in its own transaction).
 * The throttle check needs two addresses this machine can send from: its IPv4 and IPv6 addresses by default, or
 * two local addresses named with --client-addresses.
 */
import http from 'node:http';
import https from 'node:https';
import { BUCKETS, DEPLOYED_PAGES, LEAD_TABLES } from './pages.ts';

type Outcome = { ok: boolean; detail: string };
type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

function setting(...names: string[]): string {
  for (const name of names) {
    const value = process.env[name]?.trim();
    if (value) return value;
  }
  throw new Error(`${names.join(' or ')} is not set`);
}

/** An HTTP request from a chosen local address or address family (fetch cannot choose either). */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string; family?: 4 | 6 } = {},
): Promise<Reply> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
        localAddress: options.localAddress,
        family: options.family,
        timeout: 20_000,
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 20 s')));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

const keyHeaders = (key: string) => ({ apikey: key, authorization: `Bearer ${key}` });

function headingOf(html: string): string | undefined {
  const match = html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/i);
  const text = match?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const siteArg = args.find((arg) => !arg.startsWith('--'));
  const addressesFlag = args.find((arg) => arg.startsWith('--client-addresses'));
  const clientAddresses = (addressesFlag?.includes('=') ? addressesFlag.split('=')[1] : args[args.indexOf(addressesFlag ?? '') + 1])
    ?.split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  if (!siteArg) {
    console.error('Usage: npm run check:deployment -- <site url> [--client-addresses <a>,<b>]');
    return 2;
  }
  let site: URL;
  let supabaseUrl: string;
  let anonKey: string;
  let serviceKey: string;
  let webhookUrl: string;
  try {
    site = new URL(siteArg);
    supabaseUrl = setting('SUPABASE_URL', 'VITE_SUPABASE_URL').replace(/\/+$/, '');
    anonKey = setting('SUPABASE_ANON_KEY', 'VITE_SUPABASE_ANON_KEY');
    serviceKey = setting('SUPABASE_SERVICE_ROLE_KEY');
    webhookUrl = setting('VITE_VISUALIZER_WEBHOOK_URL', 'VISUALIZER_WEBHOOK_URL').replace(/\/+$/, '');
  } catch (error) {
    console.error(`check:deployment: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }

  let failures = 0;
  const check = async (name: string, run: () => Promise<Outcome>) => {
    let outcome: Outcome;
    try {
      outcome = await run();
    } catch (error) {
      outcome = { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
    if (!outcome.ok) failures++;
    console.log(`${outcome.ok ? 'ok  ' : 'FAIL'}  ${name}: ${outcome.detail}`);
  };
  const rest = (path: string, key: string, init: { method?: string; body?: string; localAddress?: string; family?: 4 | 6; headers?: Record<string, string> } = {}) =>
    request(`${supabaseUrl}/rest/v1/${path}`, { ...init, headers: { ...keyHeaders(key), ...init.headers } });

  for (const page of DEPLOYED_PAGES) {
    await check(`page ${page}`, async () => {
      const reply = await request(new URL(page, site).href);
      const heading = headingOf(reply.body);
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}, expected 200` };
      if (!heading) return { ok: false, detail: '200 but no prerendered <h1> in the HTML (is the build prerendered and served as built?)' };
      return { ok: true, detail: `200, prerendered "${heading.slice(0, 60)}"` };
    });
  }
  await check('unknown path', async () => {
    const reply = await request(new URL(`/no-such-page-${Date.now()}`, site).href);
    return reply.status === 404
      ? { ok: true, detail: '404' }
      : { ok: false, detail: `status ${reply.status}, expected 404 (a single-page-app fallback answers every path with 200)` };
  });

  for (const table of LEAD_TABLES) {
    await check(`public key cannot read ${table}`, async () => {
      const reply = await rest(`${table}?select=email&limit=1`, anonKey);
      if (reply.status === 401 || reply.status === 403) return { ok: true, detail: `refused (${reply.status})` };
      if (reply.status === 200 && reply.body.trim() === '[]') return { ok: true, detail: 'no rows visible' };
      return { ok: false, detail: `status ${reply.status}: ${reply.body.slice(0, 120)}` };
    });
  }

  for (const bucket of BUCKETS) {
    await check(`bucket ${bucket.id}`, async () => {
      const reply = await request(`${supabaseUrl}/storage/v1/bucket/${bucket.id}`, { headers: keyHeaders(serviceKey) });
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status} (missing? run the migrations): ${reply.body.slice(0, 120)}` };
      const found = JSON.parse(reply.body) as { public?: boolean };
      return found.public === bucket.public
        ? { ok: true, detail: bucket.public ? 'exists, public' : 'exists, private' }
        : { ok: false, detail: `exists but is ${found.public ? 'public' : 'private'}; it must be ${bucket.public ? 'public' : 'private'}` };
    });
  }

  await check('webhook CORS for the site', async () => {
    const reply = await request(webhookUrl, {
      method: 'OPTIONS',
      headers: { origin: site.origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    const allowed = reply.headers['access-control-allow-origin'];
    if (reply.status >= 300) return { ok: false, detail: `preflight answered ${reply.status}` };
    return allowed === site.origin || allowed === '*'
      ? { ok: true, detail: `${reply.status}, allows ${allowed}${allowed === '*' ? ' (set ALLOWED_ORIGINS to the site origin)' : ''}` }
      : { ok: false, detail: `allows ${allowed ?? 'no origin'}, not ${site.origin}: add it to the processor's ALLOWED_ORIGINS` };
  });
  await check('webhook /healthz', async () => {
    const reply = await request(`${webhookUrl}/healthz`);
    return reply.status === 200 ? { ok: true, detail: `200 ${reply.body.trim().slice(0, 80)}` } : { ok: false, detail: `status ${reply.status}: ${reply.body.slice(0, 120)}` };
  });

  await check('test lead stored and removed', async () => {
    const reply = await rest('rpc/deployment_check_test_lead', serviceKey, { method: 'POST', body: '{}' });
    if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${reply.body.slice(0, 160)}` };
    const seen = JSON.parse(reply.body) as { emails_queued: number; jobs_queued: number; left_behind: number };
    if (seen.left_behind !== 0) return { ok: false, detail: `${seen.left_behind} row(s) left behind` };
    if (seen.emails_queued < 1 || seen.jobs_queued !== seen.emails_queued) {
      return { ok: false, detail: `the lead queued ${seen.emails_queued} e-mail(s) and ${seen.jobs_queued} job(s) (is graphile-worker installed?)` };
    }
    return { ok: true, detail: `stored, queued ${seen.emails_queued} e-mails on the job queue, then undone (none sent)` };
  });
  await check('only the service key may call the check functions', async () => {
    const reply = await rest('rpc/deployment_check_client_address', anonKey);
    return reply.status === 401 || reply.status === 403 || reply.status === 404
      ? { ok: true, detail: `public key refused (${reply.status})` }
      : { ok: false, detail: `public key got ${reply.status}` };
  });

  await check('throttle tells two clients apart', async () => {
    const clients: { localAddress?: string; family?: 4 | 6 }[] =
      clientAddresses && clientAddresses.length >= 2
        ? clientAddresses.slice(0, 2).map((localAddress) => ({ localAddress }))
        : [{ family: 4 }, { family: 6 }];
    const seen: string[] = [];
    for (const client of clients) {
      const reply = await rest('rpc/deployment_check_client_address', serviceKey, client).catch((error: unknown) => {
        throw new Error(
          `cannot send from ${client.localAddress ?? `IPv${client.family}`} (${error instanceof Error ? error.message : error}); ` +
            'run from a machine with IPv4 and IPv6, or name two local addresses with --client-addresses',
        );
      });
      if (reply.status !== 200) return { ok: false, detail: `status ${reply.status}: ${reply.body.slice(0, 160)}` };
      seen.push(JSON.parse(reply.body) as string);
    }
    // A client must not choose its own address: a forged header changes nothing.
    const forged = await rest('rpc/deployment_check_client_address', serviceKey, {
      ...clients[0],
      headers: { 'cf-connecting-ip': '198.51.100.7', 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.7' },
    });
    const forgedSeen = JSON.parse(forged.body) as string;
    if (seen.includes('unknown')) return { ok: false, detail: `the throttle saw "unknown": the client-address header does not arrive (decision 005)` };
    if (seen[0] === seen[1]) return { ok: false, detail: `both clients counted as ${seen[0]}: every visitor would share one counter (decision 005)` };
    if (forgedSeen !== seen[0]) return { ok: false, detail: `a forged header moved the first client from ${seen[0]} to ${forgedSeen}` };
    return { ok: true, detail: `${seen[0]} and ${seen[1]}; a forged header changed nothing` };
  });

  console.log(failures === 0 ? '\nThe deployment passed every check.' : `\n${failures} check(s) failed.`);
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main();
