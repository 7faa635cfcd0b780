import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_WORKER_ENTRY, PROCESSOR_ENTRY } from '../../local-stack/paths';
import { findFreePort } from '../../local-stack/ports';

/**
 * A service started as production starts it (NODE_ENV=production, what `serve:*` and the image set) with a setting
 * missing or unsafe stops at once, exit code 1, with one line that names the setting, before it connects anywhere.
 */
const run = promisify(execFile);
let folder: string;
let nowhere: string;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'flooring-site-settings-'));
  // Nothing listens here: a service that got as far as the database would fail differently, later.
  nowhere = `postgres://postgres:postgres@127.0.0.1:${await findFreePort()}/postgres`;
});
afterAll(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

async function start(entry: string, env: Record<string, string>): Promise<{ code: number; lines: string[] }> {
  const result = await run(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: 'production', ...env },
    timeout: 60_000,
  }).then(
    (done) => ({ code: 0, output: done.stdout + done.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: error.stdout + error.stderr }),
  );
  return { code: result.code, lines: result.output.split('\n').filter(Boolean) };
}

const processor = () => ({
  SUPABASE_URL: 'http://127.0.0.1:9',
  SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_example',
  DATABASE_URL: nowhere,
  VISUALIZER_STORAGE: 'local',
  VISUALIZER_STORAGE_DIR: path.join(folder, 'storage'),
  VISUALIZER_UPLOAD_DIR: path.join(folder, 'uploads'),
  ALLOWED_ORIGINS: 'https://www.floors.example',
});

describe('a service started in production with unsafe settings', () => {
  it('the processor refuses * origins', async () => {
    expect(await start(PROCESSOR_ENTRY, { ...processor(), ALLOWED_ORIGINS: '*' })).toEqual({
      code: 1,
      lines: ["visualizer processor refuses to start: ALLOWED_ORIGINS is *: any web page could post photos; set it to the site's origin (e.g. https://www.example.com)"],
    });
  });

  it('the processor refuses to start without VISUALIZER_STORAGE', async () => {
    const { VISUALIZER_STORAGE: _storage, ...env } = processor();
    const { code, lines } = await start(PROCESSOR_ENTRY, env);
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^visualizer processor refuses to start: VISUALIZER_STORAGE is not set: /)]);
  });

  it('the processor refuses local storage it cannot write (the image: a folder it may not create)', async () => {
    fs.writeFileSync(path.join(folder, 'a-file'), '');
    const { code, lines } = await start(PROCESSOR_ENTRY, { ...processor(), VISUALIZER_STORAGE_DIR: path.join(folder, 'a-file', 'storage') });
    expect({ code, lines }).toEqual({
      code: 1,
      lines: ['visualizer processor refuses to start: VISUALIZER_STORAGE_DIR is not writable (ENOTDIR); uploads could not be stored'],
    });
  });

  it("the processor refuses a registration number that is not one, as the site's build and the e-mail worker do", async () => {
    // Its unsubscribe page shows the number (decision 032): a wrong one would be shown to every visitor who unsubscribes.
    expect(await start(PROCESSOR_ENTRY, { ...processor(), VITE_BUSINESS_NJ_HIC_REGISTRATION: '13VH1234' })).toEqual({
      code: 1,
      lines: [
        'visualizer processor refuses to start: VITE_BUSINESS_NJ_HIC_REGISTRATION must be the New Jersey home improvement contractor registration number: 13VH and 8 digits, like 13VH01234567',
      ],
    });
  });

  it('the e-mail worker refuses to start without an SMTP host', async () => {
    expect(
      await start(EMAIL_WORKER_ENTRY, {
        DATABASE_URL: nowhere,
        MAIL_FROM: 'Floors <hello@floors.example>',
        STAFF_INBOX: 'office@floors.example',
        SITE_URL: 'https://www.floors.example',
        UNSUBSCRIBE_URL: 'https://processor.floors.example/unsubscribe',
      }),
    ).toEqual({ code: 1, lines: ['email worker refuses to start: SMTP_HOST is not set'] });
  });
});
