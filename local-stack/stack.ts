import fs from 'node:fs';
import { loadEnv } from 'vite';
import path from 'node:path';
import { WEBHOOK_PATH, startGateway } from './gateway';
import { UNSUBSCRIBE_PATH } from '../contracts/unsubscribe-link';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, LOCAL_SERVICE_ROLE_KEY, localKeys, type KeyFormat } from './keys';
import { applyMigrations, type AppliedMigration } from './migrations';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { assertPortFree, findFreePort } from './ports';
import { EMAIL_WORKER_ENTRY, PROCESSOR_ENTRY, PROJECT_ROOT } from './paths';
import { startPostgres } from './postgres';
import { startPostgrest } from './postgrest';
import type { StorageBucket } from './storage-api';
import { readBusinessFacts } from '../src/config/business';
import { EMAIL_WORKER_STOP_GRACE_MS } from '../email-worker/src/record-sent';
import { processorMallocEnvironment } from '../visualizer-processor/src/malloc-settings';
import { createSupervisor, type ChildSpec, type SupervisedChild } from './supervisor';

/** The e-mail worker as the stack runs it: restarted if it dies, ready once it takes jobs. */
export function emailWorkerChild(env: Record<string, string>, echo: (line: string) => void): ChildSpec {
  let running = false;
  return {
    name: 'the e-mail worker',
    command: process.execPath,
    args: ['--import', 'tsx', EMAIL_WORKER_ENTRY],
    env: { ...process.env, ...env },
    cwd: path.dirname(path.dirname(EMAIL_WORKER_ENTRY)),
    ifItDies: 'restart',
    // Stopping, it finishes the e-mails in flight and records them; killed sooner, one may go out twice.
    stopTimeoutMs: EMAIL_WORKER_STOP_GRACE_MS,
    echo: (line) => {
      if (line.startsWith('email worker running')) running = true;
      echo(line);
    },
    ready: async () => running,
  };
}

/** The buckets the migrations create on hosted Supabase (their flags and size limits), as the gateway serves them. */
export const LOCAL_BUCKETS: StorageBucket[] = [
  { id: 'floor-visualizer', public: false, fileSizeLimit: 10 * 1024 * 1024 },
  { id: 'floor-visualizer-uploads', public: false, fileSizeLimit: 10 * 1024 * 1024 },
];

export type StackPorts = {
  gateway: number;
  postgres: number;
  postgrest: number;
  postgrestAdmin: number;
  processor: number;
  /** The local mail catcher's SMTP and web inbox ports (free ones when not given). */
  mailSmtp?: number;
  mailWeb?: number;
};

/** A real SMTP server to send through instead of the local mail catcher (npm start with SMTP_HOST set). */
export type SmtpSettings = { host: string; port: number; user?: string; password?: string; secure?: boolean };

/** Mail to an address at this domain is refused (550) by the local mail catcher: how tests see a refusal. */
export const REFUSED_MAIL_DOMAIN = 'refused.test';

export type StackOptions = {
  ports: StackPorts;
  /** Postgres data; kept between runs unless the caller throws it away. */
  dataDir: string;
  /** Where the gateway serves public storage files from and the processor writes them. */
  storageDir: string;
  /** Origins allowed to call the processor (the site's). */
  siteOrigins?: string[];
  /** Start the visualizer processor (default true). */
  withProcessor?: boolean;
  /** Start the e-mail worker (default true); tests of its faults run their own. */
  withEmailWorker?: boolean;
  /** Send e-mail here instead of to the local mail catcher (which is then not started). */
  smtp?: SmtpSettings;
  /** Where staff notifications go (default: the business e-mail). */
  staffInbox?: string;
  /** The site's address, for links in e-mails (default: the first site origin). */
  siteUrl?: string;
  /** The mail catcher's folder (default: `mail/` beside the data folder). */
  mailDir?: string;
  /**
   * The API keys the stack hands out (its `anonKey`/`serviceRoleKey`, .env.local, the processor's): `jwt` (default,
   * the legacy anon/service_role JWTs) or `sb` (sb_publishable_/sb_secret_). The gateway accepts both pairs either way.
   */
  keyFormat?: KeyFormat;
  /** Postgres flushes to disk (default true); throwaway test stacks turn it off for speed. */
  fsync?: boolean;
  log?: (line: string) => void;
  /**
   * A part of the stack died and could not be restarted: the whole stack has been stopped by the time this is
   * called with a sentence naming the part (default: the sentence goes to `log`).
   */
  onFatal?: (message: string) => void;
  /** Folders deleted if this process vanishes without stopping the stack (supervisor.ts): a throwaway stack's. */
  removeIfOrphaned?: readonly string[];
};

export type Stack = {
  /** The Supabase URL (the gateway). */
  url: string;
  /** The public key in the stack's key format (`keyFormat`), and the server-only one. */
  anonKey: string;
  serviceRoleKey: string;
  /** Both pairs, whichever format the stack hands out. */
  keys: { anon: string; serviceRole: string; publishable: string; secret: string };
  webhookUrl: string;
  superuserUrl: string;
  ports: StackPorts;
  storageDir: string;
  appliedMigrations: AppliedMigration[];
  /** The local mail catcher, when e-mail goes there (its web inbox and SMTP port). */
  mailCatcher?: { webUrl: string; smtpPort: number };
  /** The settings the e-mail worker runs with (SMTP, sender, staff inbox, site), for tests that run their own. */
  emailWorkerEnv: Record<string, string>;
  /** The running child processes (the database, PostgREST, the processor, ...), in start order. */
  children(): readonly SupervisedChild[];
  /**
   * The settings the site, the processor and the e-mail worker read, as they appear in .env.local: everything a
   * service needs to run by hand against this stack except its own HOST and PORT.
   */
  env(): Record<string, string>;
  stop(): Promise<void>;
};

function pickBusinessEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[0].startsWith('VITE_BUSINESS_') && !!entry[1]),
  );
}

const PORT_SETTINGS: Record<keyof StackPorts, [purpose: string, setting: string]> = {
  gateway: ['API gateway', 'GATEWAY_PORT'],
  postgres: ['PostgreSQL', 'POSTGRES_PORT'],
  postgrest: ['PostgREST', 'POSTGREST_PORT'],
  postgrestAdmin: ['PostgREST admin', 'POSTGREST_ADMIN_PORT'],
  processor: ['visualizer processor', 'PROCESSOR_PORT'],
  mailSmtp: ['local mail catcher (SMTP)', 'MAIL_SMTP_PORT'],
  mailWeb: ['local mail catcher (web inbox)', 'MAIL_WEB_PORT'],
};

/**
 * Starts the whole local backend: Postgres (migrated), PostgREST, the visualizer processor and the gateway.
 * Whatever started is stopped again if a later part fails, so a failed start leaves nothing running.
 *
 * Every process is a child of the supervisor (supervisor.ts): another service is one `supervisor.start({...})`
 * with its command, a readiness check and what to do if it dies. The supervisor stops children in reverse
 * start order, restarts any that dies (the database too: the services wait for it), and makes
 * sure none outlives this process, however it ends.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const keys = localKeys(options.keyFormat ?? 'jwt');
  const wantsProcessor = options.withProcessor ?? true;
  for (const [name, port] of Object.entries(options.ports) as [keyof StackPorts, number][]) {
    if (name === 'processor' && !wantsProcessor) continue;
    if ((name === 'mailSmtp' || name === 'mailWeb') && options.smtp) continue;
    const [purpose, setting] = PORT_SETTINGS[name];
    await assertPortFree(port, purpose, setting);
  }

  let gateway: { stop(): Promise<void> } | undefined;
  let mailCatcher: MailCatcher | undefined;
  const stopGateway = async () => {
    await gateway?.stop().catch((error: unknown) => log(`stopping the gateway failed: ${String(error)}`));
    gateway = undefined;
    await mailCatcher?.stop().catch((error: unknown) => log(`stopping the mail catcher failed: ${String(error)}`));
    mailCatcher = undefined;
  };
  const supervisor = createSupervisor({
    log,
    onFatal: (message) => void stopGateway().then(() => (options.onFatal ?? log)(message)),
    removeIfOrphaned: options.removeIfOrphaned,
  });
  const stopAll = async () => {
    await stopGateway();
    await supervisor.stopAll();
  };

  try {
    const postgres = await startPostgres({
      supervisor,
      dataDir: options.dataDir,
      port: options.ports.postgres,
      fsync: options.fsync,
      log,
    });
    const appliedMigrations = await applyMigrations(postgres.superuserUrl);

    await startPostgrest({
      supervisor,
      databasePort: options.ports.postgres,
      port: options.ports.postgrest,
      adminPort: options.ports.postgrestAdmin,
      log,
    });

    fs.mkdirSync(options.storageDir, { recursive: true });
    const url = `http://127.0.0.1:${options.ports.gateway}`;

    let smtp = options.smtp;
    if (!smtp) {
      mailCatcher = await startMailCatcher({
        smtpPort: options.ports.mailSmtp ?? (await findFreePort()),
        webPort: options.ports.mailWeb ?? (await findFreePort()),
        directory: options.mailDir ?? path.join(path.dirname(options.dataDir), 'mail'),
        refusedDomain: REFUSED_MAIL_DOMAIN,
        log,
      });
      smtp = { host: '127.0.0.1', port: mailCatcher.smtpPort };
    }
    // The same business facts the site is built with: the environment, or Vite's .env files.
    const businessEnv = { ...loadEnv('development', PROJECT_ROOT, 'VITE_BUSINESS_'), ...pickBusinessEnv(process.env) };
    const business = readBusinessFacts(businessEnv);
    const emailWorkerEnv: Record<string, string> = {
      ...businessEnv,
      DATABASE_URL: postgres.superuserUrl,
      SMTP_HOST: smtp.host,
      SMTP_PORT: String(smtp.port),
      ...(smtp.user ? { SMTP_USER: smtp.user, SMTP_PASSWORD: smtp.password ?? '' } : {}),
      SMTP_SECURE: smtp.secure ? 'true' : 'false',
      MAIL_FROM: process.env.MAIL_FROM ?? `${business.name} <${business.email}>`,
      STAFF_INBOX: options.staffInbox ?? process.env.STAFF_INBOX ?? business.email,
      SITE_URL: options.siteUrl ?? options.siteOrigins?.[0] ?? 'http://127.0.0.1:5173',
      // The processor's unsubscribe endpoint, through the gateway as the webhook is.
      UNSUBSCRIBE_URL: `${url}${WEBHOOK_PATH}${UNSUBSCRIBE_PATH}`,
      // Its /healthz on this machine only, on any free port: tests run several workers side by side.
      HOST: '127.0.0.1',
      PORT: '0',
    };
    if (options.withEmailWorker ?? true) {
      await supervisor.start(emailWorkerChild(emailWorkerEnv, (line) => log(`email worker: ${line}`)));
    }

    const processorEnv: Record<string, string> = {
      // The unsubscribe page names the business and links back to the site, as the e-mails do.
      ...businessEnv,
      SITE_URL: emailWorkerEnv.SITE_URL!,
      SUPABASE_URL: url,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      DATABASE_URL: postgres.superuserUrl,
      // The production path: Storage's API, which the gateway serves from the storage folder (storage-api.ts).
      VISUALIZER_STORAGE: 'supabase',
      ALLOWED_ORIGINS: (options.siteOrigins ?? ['*']).join(','),
    };
    const withProcessor = wantsProcessor && fs.existsSync(PROCESSOR_ENTRY);
    if (withProcessor) {
      await supervisor.start({
        name: 'the visualizer processor',
        command: process.execPath,
        args: ['--import', 'tsx', PROCESSOR_ENTRY],
        env: {
          ...process.env,
          // glibc's malloc settings the processor runs with (visualizer-processor/README.md, "Memory"; decision 051).
          ...processorMallocEnvironment(),
          HOST: '127.0.0.1',
          PORT: String(options.ports.processor),
          ...processorEnv,
        },
        cwd: path.dirname(path.dirname(PROCESSOR_ENTRY)),
        ifItDies: 'restart',
        echo: (line) => log(`processor: ${line}`),
        ready: async () => (await fetch(`http://127.0.0.1:${options.ports.processor}/health`)).ok,
      });
    } else if (wantsProcessor) {
      log(`The visualizer processor (${PROCESSOR_ENTRY}) is missing; the webhook answers 503.`);
    }

    gateway = await startGateway({
      port: options.ports.gateway,
      postgrestPort: options.ports.postgrest,
      processorPort: withProcessor ? options.ports.processor : undefined,
      storageDir: options.storageDir,
      apiKeys: [LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY],
      keyRoles: { [LOCAL_PUBLISHABLE_KEY]: LOCAL_ANON_KEY, [LOCAL_SECRET_KEY]: LOCAL_SERVICE_ROLE_KEY },
      storage: {
        buckets: LOCAL_BUCKETS,
        jwtSecret: LOCAL_JWT_SECRET,
        serviceKeys: [LOCAL_SERVICE_ROLE_KEY, LOCAL_SECRET_KEY],
        anonKeys: [LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY],
      },
      log,
    });

    const webhookUrl = `${url}${WEBHOOK_PATH}`;
    return {
      url,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      keys: { anon: LOCAL_ANON_KEY, serviceRole: LOCAL_SERVICE_ROLE_KEY, publishable: LOCAL_PUBLISHABLE_KEY, secret: LOCAL_SECRET_KEY },
      webhookUrl,
      superuserUrl: postgres.superuserUrl,
      ports: options.ports,
      storageDir: options.storageDir,
      appliedMigrations,
      mailCatcher: mailCatcher && { webUrl: mailCatcher.webUrl, smtpPort: mailCatcher.smtpPort },
      emailWorkerEnv,
      children: () => supervisor.children(),
      env: () => {
        const { HOST: _host, PORT: _port, ...emailWorkerSettings } = emailWorkerEnv;
        return {
          VITE_SUPABASE_URL: url,
          VITE_SUPABASE_ANON_KEY: keys.anonKey,
          VITE_VISUALIZER_WEBHOOK_URL: webhookUrl,
          // What both services need to run by hand against this stack; HOST and PORT are each service's own.
          ...processorEnv,
          ...emailWorkerSettings,
        };
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
