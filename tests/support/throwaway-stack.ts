import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from '../../local-stack/ports';
import { startStack, type Stack } from '../../local-stack/stack';

/**
 * A whole local stack on free ports with its data in a new temporary folder, removed again on stop: what the
 * integration tests, the end-to-end tests and the benchmarks run against, never touching `npm start`'s data.
 */
export async function startThrowawayStack(
  options: {
    siteOrigins?: string[];
    withProcessor?: boolean;
    withEmailWorker?: boolean;
    /** Where staff notifications go. */
    staffInbox?: string;
    siteUrl?: string;
    log?: (line: string) => void;
    /** A part of the stack died for good (default: said on the console, which fails a test that sees it). */
    onFatal?: (message: string) => void;
    /** The keys the stack hands out: `jwt` (default) or `sb` (sb_publishable_/sb_secret_). */
    keyFormat?: 'jwt' | 'sb';
    /** Writes allowed per client address per window. Every test request comes from 127.0.0.1, so test runs raise it. */
    throttleMaxWrites?: number;
    /** More folders of the caller's to delete with the stack's own if this process vanishes (Ctrl-C, SIGKILL). */
    removeIfOrphaned?: string[];
  } = {},
): Promise<Stack> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-test-'));
  // mkdtemp makes a private folder; Postgres runs as its own user when we are root and must enter it.
  fs.chmodSync(folder, 0o755);
  const ports = {
    gateway: await findFreePort(),
    postgres: await findFreePort(),
    postgrest: await findFreePort(),
    postgrestAdmin: await findFreePort(),
    processor: await findFreePort(),
  };
  try {
    const stack = await startStack({
      ports,
      dataDir: path.join(folder, 'postgres'),
      storageDir: path.join(folder, 'storage'),
      siteOrigins: options.siteOrigins,
      withProcessor: options.withProcessor,
      withEmailWorker: options.withEmailWorker,
      staffInbox: options.staffInbox,
      siteUrl: options.siteUrl,
      keyFormat: options.keyFormat,
      // The data is deleted after the run; flushing it to disk would only cost time.
      fsync: false,
      log: options.log,
      onFatal: options.onFatal ?? ((message) => console.error(`The test stack stopped: ${message}`)),
      // A run stopped with Ctrl-C (or killed) never reaches stop(): the watchdog deletes the folder instead.
      removeIfOrphaned: [folder, ...(options.removeIfOrphaned ?? [])],
    });
    if (options.throttleMaxWrites) await setThrottleLimit(stack.superuserUrl, options.throttleMaxWrites);
    return {
      ...stack,
      async stop() {
        await stack.stop();
        fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** Changes the per-address write limit of a running stack (the production default is in the migration). */
export async function setThrottleLimit(superuserUrl: string, maxWrites: number): Promise<void> {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    await client.query('update private.insert_throttle_settings set max_writes = $1', [maxWrites]);
  } finally {
    await client.end();
  }
}
