import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../fixtures/make-fixtures.ts';
import { HEIC_FIXTURE } from '../fixtures/make-heic-fixture.ts';

const run = promisify(execFile);
const COMMAND = path.join(path.dirname(fileURLToPath(import.meta.url)), 'floor-mask.ts');
/** tsx's loader by its full address: the command may start in a folder from which `tsx` does not resolve. */
const TSX = import.meta.resolve('tsx');
const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `npm run floor-mask` as an evaluator runs it: a child process, the file in, the PNG out. */
async function floorMaskCommand(
  input: string,
  output: string,
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', TSX, COMMAND, input, output], options);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run floor-mask', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'floor-mask-command-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('writes an 8-bit grayscale PNG of the upright photo’s size (EXIF 6: stored 768×1024, upright 1024×768)', async () => {
    const input = path.join(FIXTURE_DIR, 'room-concrete-exif6.jpg');
    const output = path.join(folder, 'upright.png');
    const { code } = await floorMaskCommand(input, output);
    expect(code).toBe(0);
    const upright = await sharp(input).rotate().toBuffer({ resolveWithObject: true });
    const mask = await sharp(output).metadata();
    expect(mask).toMatchObject({ format: 'png', channels: 1, depth: 'uchar' });
    expect([mask.width, mask.height]).toEqual([upright.info.width, upright.info.height]);
  }, 60_000);

  it('still writes the mask of a truncated JPEG, from the rows it holds, and says so', async () => {
    const whole = await readFile(path.join(FIXTURE_DIR, 'room-carpet.jpg'));
    const input = path.join(folder, 'truncated.jpg');
    await writeFile(input, whole.subarray(0, Math.floor(whole.length * 0.9)));
    const output = path.join(folder, 'truncated.png');
    const { code, stderr } = await floorMaskCommand(input, output);
    expect(code).toBe(0);
    expect(stderr).toMatch(/damaged or incomplete; what could be read of it is used/);
    const expected = await sharp(whole).metadata();
    const { data, info } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([expected.width, expected.height]);
    expect(data.some((value) => value === 255)).toBe(true);
  }, 60_000);

  it('takes a photo above the site’s 50 MP upload limit, as a 108 MP phone camera writes', async () => {
    const input = path.join(folder, 'sixty-megapixels.png');
    await sharp({ create: { width: 10000, height: 6000, channels: 3, background: '#8a7a66' } })
      .png()
      .toFile(input);
    const output = path.join(folder, 'sixty-megapixels.mask.png');
    const { code, stderr } = await floorMaskCommand(input, output);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(await sharp(output).metadata()).toMatchObject({ width: 10000, height: 6000, channels: 1 });
  }, 60_000);

  it('makes the output’s folder when it does not exist yet', async () => {
    const output = path.join(folder, 'masks', 'room', 'carpet.png');
    const { code, stderr } = await floorMaskCommand(path.join(FIXTURE_DIR, 'room-carpet.jpg'), output);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(await sharp(output).metadata()).toMatchObject({ format: 'png', channels: 1 });
  }, 60_000);

  it('reads and writes relative paths from where the caller stands, through npm run from another folder', async () => {
    const here = await mkdtemp(path.join(folder, 'caller-'));
    await copyFile(path.join(FIXTURE_DIR, 'room-carpet.jpg'), path.join(here, 'room.jpg'));
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { stdout } = await run(
      npm,
      ['--prefix', PROJECT_ROOT, 'run', '--silent', 'floor-mask', '--', 'room.jpg', 'out/room.png'],
      { cwd: here },
    );
    expect(stdout).toContain(path.join(here, 'out', 'room.png'));
    expect(await sharp(path.join(here, 'out', 'room.png')).metadata()).toMatchObject({ format: 'png', channels: 1 });
  }, 60_000);

  it('takes relative paths from its own folder when started directly by a process that npm started', async () => {
    // The parent's INIT_CWD (here, where `npm test` ran) says nothing about where this command was started.
    const here = await mkdtemp(path.join(folder, 'direct-'));
    await copyFile(path.join(FIXTURE_DIR, 'room-carpet.jpg'), path.join(here, 'room.jpg'));
    const env = { ...process.env, INIT_CWD: PROJECT_ROOT, npm_lifecycle_event: 'test' };
    const { code, stderr } = await floorMaskCommand('room.jpg', 'room.png', { cwd: here, env });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(await sharp(path.join(here, 'room.png')).metadata()).toMatchObject({ format: 'png', channels: 1 });
  }, 60_000);

  it('refuses an output that is not .png before reading the photo, and makes no folder for it', async () => {
    const output = path.join(folder, 'never-made', 'mask.jpg');
    const { code, stderr } = await floorMaskCommand(path.join(FIXTURE_DIR, 'room-carpet.jpg'), output);
    expect(code).toBe(1);
    expect(stderr).toBe('The mask is written as PNG: the output path must end in .png\n');
    await expect(stat(path.dirname(output))).rejects.toThrow(/ENOENT/);
  }, 60_000);

  it('refuses a damaged HEIC with one error line and exit code 1, and prints nothing on stdout', async () => {
    const whole = await readFile(path.join(FIXTURE_DIR, HEIC_FIXTURE));
    const input = path.join(folder, 'cut-short.heic');
    await writeFile(input, whole.subarray(0, whole.length - 4000));
    const { code, stdout, stderr } = await floorMaskCommand(input, path.join(folder, 'never-heic.png'));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${input}: The image is damaged or incomplete and cannot be read.\n`);
  }, 60_000);

  it('refuses a file that is not an image with a readable error and exit code 1', async () => {
    const input = path.join(folder, 'notes.jpg');
    await writeFile(input, 'just some text');
    const { code, stderr } = await floorMaskCommand(input, path.join(folder, 'never.png'));
    expect(code).toBe(1);
    expect(stderr).toMatch(/notes\.jpg: The file is not a readable image\./);
  }, 60_000);
});
