import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { ENV_LOCAL_FILE, LOCAL_STATE_DIR, PROJECT_ROOT } from './paths';
import { canReach, postgresSystemUser } from './postgres';
import type { StackPorts } from './stack';

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`${name} must be a port number, not "${raw}"`);
  return port;
}

/**
 * Fixed default ports, each overridable. They follow the Supabase CLI's numbering (543xx) shifted to 243xx:
 * the CLI's own ports lie inside Linux's ephemeral range (32768-60999), from which the OS hands out the local
 * ports of outgoing connections and of every port-0 listener (the test stacks' `findFreePort`). A connection
 * left over from a test run could then hold 54324 for a few seconds and `npm start` refused to start.
 * Below 32768 the OS never picks them by itself.
 */
export function defaultPorts(): StackPorts & { site: number } {
  return {
    gateway: portFromEnv('GATEWAY_PORT', 24321),
    postgres: portFromEnv('POSTGRES_PORT', 24322),
    postgrest: portFromEnv('POSTGREST_PORT', 24323),
    postgrestAdmin: portFromEnv('POSTGREST_ADMIN_PORT', 24325),
    processor: portFromEnv('PROCESSOR_PORT', 24324),
    mailSmtp: portFromEnv('MAIL_SMTP_PORT', 24326),
    mailWeb: portFromEnv('MAIL_WEB_PORT', 24327),
    site: portFromEnv('SITE_PORT', 5173),
  };
}

/**
 * The folder the local data lives in: `.local/` in the project, unless the Postgres system user (when
 * running as root) cannot enter the project's folders; then a folder of the same name under the system
 * temporary folder, one per checkout. LOCAL_STACK_DATA_DIR overrides both.
 */
export function localStateDir(): string {
  if (process.env.LOCAL_STACK_DATA_DIR) return path.resolve(process.env.LOCAL_STACK_DATA_DIR);
  const runAs = postgresSystemUser();
  if (!runAs || canReach(LOCAL_STATE_DIR, runAs)) return LOCAL_STATE_DIR;
  const checkout = createHash('sha256').update(PROJECT_ROOT).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `flooring-site-local-${checkout}`);
}

/** A value as both dotenv (Vite) and `node --env-file` read it back: quoted when it has spaces, quotes or `#`. */
function envFileValue(value: string): string {
  if (/\n/.test(value)) throw new Error('A setting in .env.local cannot span lines');
  return /[\s"'#`]/.test(value) ? `"${value.replace(/"/g, '\\"')}"` : value;
}

export function writeEnvLocal(values: Record<string, string>, file = ENV_LOCAL_FILE): void {
  const lines = [
    '# Written by `npm start` for the local stack. Do not commit (gitignored).',
    '# Only the VITE_ settings reach the site; SUPABASE_SERVICE_ROLE_KEY and the rest are server-only.',
    '# Run a service by hand against the running stack (another PORT than the running one):',
    '#   PORT=24330 node --env-file=.env.local --import tsx visualizer-processor/src/main.ts',
    '#   PORT=24331 node --env-file=.env.local --import tsx email-worker/src/main.ts',
    ...Object.entries(values).map(([key, value]) => `${key}=${envFileValue(value)}`),
    '',
  ];
  fs.writeFileSync(file, lines.join('\n'), { mode: 0o600 });
}
