import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { scratchFolder } from '../../tests/support/scratch-folder';

const run = promisify(execFile);
const DB_RESET = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db-reset.ts');

describe('npm run db:reset', () => {
  it('refuses any argument and wipes nothing: "--dry-run" (as data:forget takes it) wiped the local data all the same', async () => {
    const dataDir = await scratchFolder('db-reset-');
    mkdirSync(path.join(dataDir, 'postgres'));
    writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
    const outcome = await run(process.execPath, ['--import', import.meta.resolve('tsx'), DB_RESET, '--dry-run'], {
      env: { ...process.env, LOCAL_STACK_DATA_DIR: dataDir },
    }).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(/^npm run db:reset takes no arguments \(got --dry-run\); nothing was wiped\.\nUsage: npm run db:reset/);
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
  }, 60_000);
});
