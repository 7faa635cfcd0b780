import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A private folder under the system's temp folder for one test, removed when the test ends, passed or failed.
 * What the tests write there looks like visitors' data (exports with names and addresses): none of it should pile
 * up in /tmp run after run.
 */
export async function scratchFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  return folder;
}
