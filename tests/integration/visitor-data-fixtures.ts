import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { FIXTURE_DIR } from '../../visualizer-processor/fixtures/make-fixtures';
import { toDataUrl } from '../../visualizer-processor/testing/bad-inputs';
import { DEFAULT_WOOD_STYLE } from '../../contracts/wood-styles';
import { anonFetch, sql, stack } from './stack-clients';

/** Visitors and their data on the test stack, for the tests of retention, data:forget and data:export. */

// The gateway's stand-in for Storage keeps each bucket's objects in a folder of the storage folder.
export const uploadsDir = path.join(stack.storageDir, 'floor-visualizer-uploads');
export const requestFolder = (id: string) => path.join(stack.storageDir, 'floor-visualizer', id);
export const unique = () => randomUUID().slice(0, 8);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await sleep(200);
  }
}

export async function insertAsVisitor(table: string, row: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const response = await anonFetch(table, { method: 'POST', headers: { Prefer: 'return=minimal' }, body: JSON.stringify({ id, ...row }) });
  expect(response.status, `${table} insert`).toBe(201);
  return id;
}

/** A visualizer request rendered from the GPS-tagged fixture photo, through the webhook. */
export async function renderedRequest(name: string, email: string): Promise<string> {
  const id = await insertAsVisitor('floor_visualizer_requests', { customer_name: name, email });
  const photo = await readFile(path.join(FIXTURE_DIR, 'room-gps.jpg'));
  const response = await fetch(stack.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestId: id, name, email, imageBase64: toDataUrl(photo, 'image/jpeg'), fileName: 'room.jpg' }),
  });
  expect([200, 202]).toContain(response.status);
  const { correctionToken } = (await response.json()) as { correctionToken: string };
  await until(`request ${id} rendered`, async () => {
    // Whole: the default wood completes the row, the other woods follow it (decision 025) and write files too.
    const [row] = await sql<{ status: string; styles_coming: string[] }>('select status, styles_coming from public.floor_visualizer_requests where id = $1', [id]);
    if (row?.status === 'failed') throw new Error(`request ${id} failed`);
    return row?.status === 'completed' && row.styles_coming.length === 0;
  });
  // The visitor leaves the result step, so the e-mails go at once rather than after the minutes they wait for a wood
  // to be picked (decision 046): the tests that need them sent do not wait those minutes.
  const left = await fetch(stack.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestId: id, correctionToken, wood: DEFAULT_WOOD_STYLE, left: true }),
  });
  expect(left.status, `request ${id}: the visitor leaves the result`).toBe(200);
  return id;
}

export async function filesUnder(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

export type CommandResult = { code: number; stdout: string; stderr: string };

/** `npm run <script> -- …` as staff run it, with the services' settings for this stack. */
export function staffCommand(script: 'data:forget' | 'data:export', args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...args],
      {
        env: {
          ...process.env,
          DATABASE_URL: stack.superuserUrl,
          VISUALIZER_STORAGE: 'supabase',
          SUPABASE_URL: stack.url,
          SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
          ...env,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
