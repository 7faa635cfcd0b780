import fs from 'node:fs';
import path from 'node:path';
import { WEBHOOK_PATH, startGateway } from './gateway';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './keys';
import { startManagedProcess, type ManagedProcess } from './managed-process';
import { applyMigrations, type AppliedMigration } from './migrations';
import { GiveUp, assertPortFree, waitFor } from './ports';
import { PROCESSOR_ENTRY } from './paths';
import { startPostgres } from './postgres';
import { startPostgrest } from './postgrest';

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
  log?: (line: string) => void;
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
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const withProcessor = options.withProcessor ?? true;
  for (const [name, port] of Object.entries(options.ports) as [keyof StackPorts, number][]) {
    if (name === 'processor' && !withProcessor) continue;
    const [purpose, setting] = PORT_SETTINGS[name];
    await assertPortFree(port, purpose, setting);
  }

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => log(`stop failed: ${String(error)}`));
    stops.length = 0;
  };

  try {
    const postgres = await startPostgres({ dataDir: options.dataDir, port: options.ports.postgres, log });
    stops.push(() => postgres.stop());
    const appliedMigrations = await applyMigrations(postgres.superuserUrl);

    const postgrest = await startPostgrest({
      databasePort: options.ports.postgres,
      port: options.ports.postgrest,
      adminPort: options.ports.postgrestAdmin,
      log,
    });
    stops.push(() => postgrest.stop());

    fs.mkdirSync(options.storageDir, { recursive: true });
    const url = `http://127.0.0.1:${options.ports.gateway}`;

    let processor: ManagedProcess | undefined;
    if (withProcessor && fs.existsSync(PROCESSOR_ENTRY)) {
      processor = startManagedProcess('processor', process.execPath, ['--import', 'tsx', PROCESSOR_ENTRY], {
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
        echo: (line) => log(`processor: ${line}`),
      });
      const started = processor;
      stops.push(() => started.stop());
      await waitFor(
        'the visualizer processor',
        async () => {
          if (started.hasExited())
            throw new GiveUp(`The visualizer processor exited during start-up:\n${started.recentOutput()}`);
          return (await fetch(`http://127.0.0.1:${options.ports.processor}/health`)).ok;
        },
        60_000,
      );
    } else if (withProcessor) {
      log(`The visualizer processor (${PROCESSOR_ENTRY}) is missing; the webhook answers 503.`);
    }

    const gateway = await startGateway({
      port: options.ports.gateway,
      postgrestPort: options.ports.postgrest,
      processorPort: processor ? options.ports.processor : undefined,
      storageDir: options.storageDir,
      apiKeys: [LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY],
      log,
    });
    stops.push(() => gateway.stop());

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
