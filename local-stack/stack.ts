import fs from 'node:fs';
import path from 'node:path';
import { WEBHOOK_PATH, startGateway } from './gateway';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './keys';
import { applyMigrations, type AppliedMigration } from './migrations';
import { assertPortFree } from './ports';
import { PROCESSOR_ENTRY } from './paths';
import { startPostgres } from './postgres';
import { startPostgrest } from './postgrest';
import { createSupervisor, type SupervisedChild } from './supervisor';

export type StackPorts = {
  gateway: number;
  postgres: number;
  postgrest: number;
  postgrestAdmin: number;
  processor: number;
};

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
  /** Postgres flushes to disk (default true); throwaway test stacks turn it off for speed. */
  fsync?: boolean;
  log?: (line: string) => void;
  /**
   * A part of the stack died and could not be restarted: the whole stack has been stopped by the time this is
   * called with a sentence naming the part (default: the sentence goes to `log`).
   */
  onFatal?: (message: string) => void;
};

export type Stack = {
  /** The Supabase URL (the gateway). */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  webhookUrl: string;
  superuserUrl: string;
  ports: StackPorts;
  storageDir: string;
  appliedMigrations: AppliedMigration[];
  /** The running child processes (the database, PostgREST, the processor, ...), in start order. */
  children(): readonly SupervisedChild[];
  /** The settings the site and the processor read, as they appear in .env.local. */
  env(): Record<string, string>;
  stop(): Promise<void>;
};

const PORT_SETTINGS: Record<keyof StackPorts, [purpose: string, setting: string]> = {
  gateway: ['API gateway', 'GATEWAY_PORT'],
  postgres: ['PostgreSQL', 'POSTGRES_PORT'],
  postgrest: ['PostgREST', 'POSTGREST_PORT'],
  postgrestAdmin: ['PostgREST admin', 'POSTGREST_ADMIN_PORT'],
  processor: ['visualizer processor', 'PROCESSOR_PORT'],
};

/**
 * Starts the whole local backend: Postgres (migrated), PostgREST, the visualizer processor and the gateway.
 * Whatever started is stopped again if a later part fails, so a failed start leaves nothing running.
 *
 * Every process is a child of the supervisor (supervisor.ts): another service is one `supervisor.start({...})`
 * with its command, a readiness check and what to do if it dies. The supervisor stops children in reverse
 * start order, restarts the stateless ones when they die, stops the stack when the database dies, and makes
 * sure none outlives this process, however it ends.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const wantsProcessor = options.withProcessor ?? true;
  for (const [name, port] of Object.entries(options.ports) as [keyof StackPorts, number][]) {
    if (name === 'processor' && !wantsProcessor) continue;
    const [purpose, setting] = PORT_SETTINGS[name];
    await assertPortFree(port, purpose, setting);
  }

  let gateway: { stop(): Promise<void> } | undefined;
  const stopGateway = async () => {
    await gateway?.stop().catch((error: unknown) => log(`stopping the gateway failed: ${String(error)}`));
    gateway = undefined;
  };
  const supervisor = createSupervisor({
    log,
    onFatal: (message) => void stopGateway().then(() => (options.onFatal ?? log)(message)),
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

    const withProcessor = wantsProcessor && fs.existsSync(PROCESSOR_ENTRY);
    if (withProcessor) {
      await supervisor.start({
        name: 'the visualizer processor',
        command: process.execPath,
        args: ['--import', 'tsx', PROCESSOR_ENTRY],
        env: {
          ...process.env,
          PORT: String(options.ports.processor),
          SUPABASE_URL: url,
          SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
          VISUALIZER_STORAGE: 'local',
          VISUALIZER_STORAGE_DIR: options.storageDir,
          ALLOWED_ORIGINS: (options.siteOrigins ?? ['*']).join(','),
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
      log,
    });

    const webhookUrl = `${url}${WEBHOOK_PATH}`;
    return {
      url,
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
      webhookUrl,
      superuserUrl: postgres.superuserUrl,
      ports: options.ports,
      storageDir: options.storageDir,
      appliedMigrations,
      children: () => supervisor.children(),
      env: () => ({
        VITE_SUPABASE_URL: url,
        VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
        VITE_VISUALIZER_WEBHOOK_URL: webhookUrl,
        SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
      }),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
