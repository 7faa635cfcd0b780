import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../local-stack/paths';
import { DEPLOYED_PAGES, LEAD_TABLES } from '../../scripts/check-deployment/pages';
import { startSiteUnderTest, type SiteUnderTest } from '../support/site-under-test';
import { sqlAs } from '../support/supabase-shaped-database';

/**
 * `npm run check:deployment` against the site as a deploy serves it (the production build, prerendered) and the
 * local stack: every check passes, nothing is left behind and no e-mail is queued; a wrong key makes it fail.
 */
const run = promisify(execFile);
let site: SiteUnderTest;

beforeAll(async () => {
  site = await startSiteUnderTest({ throttleMaxWrites: 1000 });
}, 600_000);
afterAll(async () => {
  await site?.stop();
});

async function checkDeployment(env: Record<string, string>): Promise<{ code: number; lines: string[] }> {
  // Two loopback addresses play two visitors: the gateway takes the client address from the connection.
  const args = ['--import', 'tsx', 'scripts/check-deployment/main.ts', site.siteUrl, '--client-addresses', '127.0.0.2,127.0.0.3'];
  const result = await run(process.execPath, args, { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH ?? '', ...env } }).then(
    (done) => ({ code: 0, stdout: done.stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  return { code: result.code, lines: result.stdout.split('\n').filter(Boolean) };
}

const sql = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => sqlAs<T>(site.stack.superuserUrl, text, values);

const deploymentEnv = () => ({
  SUPABASE_URL: site.stack.url,
  SUPABASE_ANON_KEY: site.stack.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: site.stack.serviceRoleKey,
  VITE_VISUALIZER_WEBHOOK_URL: site.stack.webhookUrl,
});

describe('npm run check:deployment', () => {
  it('passes every check against the local deployment, one line each, leaving nothing and queuing no e-mail', async () => {
    const { code, lines } = await checkDeployment(deploymentEnv());
    if (process.env.CHECK_LOG) console.log(lines.join('\n'));

    expect(lines.filter((line) => line.startsWith('FAIL')), lines.join('\n')).toEqual([]);
    expect(code).toBe(0);
    const checks = lines.filter((line) => /^(ok|FAIL) /.test(line));
    // Pages, the unknown path, each lead table, both buckets, CORS, /healthz, the test lead, the functions' grant, the throttle.
    expect(checks).toHaveLength(DEPLOYED_PAGES.length + 1 + LEAD_TABLES.length + 2 + 2 + 2 + 1);
    expect(lines).toContain('ok    unknown path: 404');
    expect(lines.some((line) => line.startsWith('ok    throttle tells two clients apart: 127.0.0.2 and 127.0.0.3'))).toBe(true);
    expect(await sql("select id from public.contacts where email = 'deployment-check@example.com'")).toEqual([]);
    expect(await sql("select id from back_office.outbound_emails where recipient = 'deployment-check@example.com'")).toEqual([]);
  }, 120_000);

  it('fails, saying which check, when the service key is not the service key', async () => {
    const { code, lines } = await checkDeployment({ ...deploymentEnv(), SUPABASE_SERVICE_ROLE_KEY: site.stack.anonKey });

    expect(code).toBe(1);
    expect(lines.some((line) => line.startsWith('FAIL  test lead stored and removed'))).toBe(true);
    expect(lines.some((line) => line.startsWith('FAIL  bucket floor-visualizer'))).toBe(true);
  }, 120_000);

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
