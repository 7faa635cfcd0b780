/**
 * `npm start`: the whole site on this machine. Postgres + PostgREST + the visualizer processor behind one
 * gateway port, then the Vite dev server (or, with --preview, the production build). Ctrl-C stops it all.
 */
import path from 'node:path';
import { build, createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { defaultPorts, localStateDir, writeEnvLocal } from '../local-settings';
import { ENV_LOCAL_FILE, PROJECT_ROOT } from '../paths';
import { assertPortFree } from '../ports';
import { startStack, type SmtpSettings, type Stack } from '../stack';
import { stopWithParent } from '../stop-with-parent';

const previewMode = process.argv.includes('--preview');

/** SMTP_HOST set: e-mail goes to that server (README, "E-mail"); otherwise to the local mail catcher. */
function smtpFromEnvironment(): SmtpSettings | undefined {
  const host = process.env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const port = Number(process.env.SMTP_PORT ?? 587);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`SMTP_PORT must be a port number, not "${process.env.SMTP_PORT}"`);
  return {
    host,
    port,
    user: process.env.SMTP_USER || undefined,
    password: process.env.SMTP_PASSWORD,
    secure: process.env.SMTP_SECURE === 'true',
  };
}

/** LOCAL_KEY_FORMAT=sb: the local keys in the new format (sb_publishable_/sb_secret_), as new projects have them. */
function keyFormatFromEnvironment(): 'jwt' | 'sb' {
  const format = process.env.LOCAL_KEY_FORMAT?.trim() || 'jwt';
  if (format !== 'jwt' && format !== 'sb') throw new Error(`LOCAL_KEY_FORMAT must be jwt or sb, not "${format}"`);
  return format;
}

async function main() {
  const { site: sitePort, ...ports } = defaultPorts();
  const stateDir = localStateDir();
  // Logs are held until the site URL is printed, so the first URL on screen is the one to open.
  const held: string[] = [];
  let holding = true;
  const log = (line: string) => (holding ? held.push(line) : console.log(line));
  const flush = () => {
    holding = false;
    for (const line of held.splice(0)) console.log(line);
  };

  await assertPortFree(sitePort, 'site', 'SITE_PORT');
  console.log(`Starting the local stack (data in ${stateDir}) ...`);
  const startedAt = performance.now();
  let stack: Stack | undefined;
  let site: ViteDevServer | PreviewServer | undefined;

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping ...');
    await site?.close().catch(() => {});
    await stack?.stop();
    console.log('Stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGHUP', () => void stop(0));
  // npm stopped alone (an IDE's stop button) leaves this process behind: stop with it. package.json runs this file
  // with `node --import tsx`, not the tsx command, whose own process would stay and hide npm's going.
  stopWithParent(() => void stop(0));
  // A bug of ours must not leave the database and services running without us (the watchdog would stop them
  // too, but this way they stop in order and the reason is on screen).
  process.on('uncaughtException', (error) => {
    flush();
    console.error('\nnpm start crashed:', error);
    void stop(1);
  });

  try {
    const siteOrigins = [`http://127.0.0.1:${sitePort}`, `http://localhost:${sitePort}`];
    stack = await startStack({
      ports,
      dataDir: path.join(stateDir, 'postgres'),
      storageDir: path.join(stateDir, 'storage'),
      siteOrigins,
      smtp: smtpFromEnvironment(),
      keyFormat: keyFormatFromEnvironment(),
      log,
      onFatal: (message) => {
        flush();
        console.error(`\nThe local stack stopped: ${message}`);
        void stop(1);
      },
    });
    writeEnvLocal(stack.env());
    for (const migration of stack.appliedMigrations) log(`applied migration ${migration.version}_${migration.name}`);

    const server = { host: '127.0.0.1', port: sitePort, strictPort: true };
    if (previewMode) {
      console.log('Building the site ...');
      process.env.VITE_SITE_URL ??= `http://127.0.0.1:${sitePort}`;
      await build({ root: PROJECT_ROOT, logLevel: 'warn' });
      site = await preview({ root: PROJECT_ROOT, preview: server, logLevel: 'warn' });
    } else {
      const dev = await createServer({ root: PROJECT_ROOT, server, logLevel: 'warn' });
      await dev.listen();
      site = dev;
    }

    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    console.log(`\nThe site is running${previewMode ? ' (production build)' : ''}: http://127.0.0.1:${sitePort}/`);
    console.log(
      `Supabase API (gateway): ${stack.url}   settings written to ${path.relative(PROJECT_ROOT, ENV_LOCAL_FILE)}`,
    );
    console.log(
      stack.mailCatcher
        ? `E-mails (local inbox, nothing leaves this machine): ${stack.mailCatcher.webUrl}`
        : `E-mails go out through ${process.env.SMTP_HOST} (SMTP_HOST is set; no local inbox)`,
    );
    console.log(`Ready in ${seconds} s. Press Ctrl-C to stop.\n`);
    flush();
  } catch (error) {
    flush();
    console.error(`\nnpm start failed: ${error instanceof Error ? error.message : String(error)}`);
    await stop(1);
  }
}

void main();
