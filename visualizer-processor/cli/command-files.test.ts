import { chmod, lstat, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeImage } from './command-files.ts';

/** A picture whose encode fails half-way: a noisy JPEG cut short, decoded strictly, so rows reach the encoder first. */
async function pictureFailingHalfway() {
  const whole = await sharp({
    create: {
      width: 1200,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  return sharp(whole.subarray(0, Math.floor(whole.length / 2)), { failOn: 'truncated' }).png({ compressionLevel: 0 });
}

describe('writeImage (the commands’ output)', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'command-files-'));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(folder, { recursive: true, force: true });
  });

  it('leaves no half-written picture under the output’s name when the write fails, and keeps what was there', async () => {
    const output = path.join(folder, 'mask.png');
    await writeFile(output, 'the mask of the last run');
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(writeImage(await pictureFailingHalfway(), output)).rejects.toThrow('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Cannot write .*mask\.png: /));
    expect(await readFile(output, 'utf8')).toBe('the mask of the last run');
    expect(await readdir(folder)).toEqual(['mask.png']);
  });

  it('leaves nothing beside the output when the whole picture cannot be renamed onto its name (a folder of that name)', async () => {
    const output = path.join(folder, 'mask.png');
    await mkdir(path.join(output, 'inside'), { recursive: true });
    vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(writeImage(sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } }).png(), output)).rejects.toThrow('exit 1');
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Cannot write .*mask\.png: /));
    expect(await readdir(folder)).toEqual(['mask.png']);
    expect(await readdir(output)).toEqual(['inside']);
  });

  it('writes the whole picture under the output’s name and nothing beside it', async () => {
    const output = path.join(folder, 'mask.png');
    await writeImage(sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } }).png(), output);
    expect(await sharp(output).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    expect(await readdir(folder)).toEqual(['mask.png']);
  });

  it('writes through an output that is a link, and keeps the mode of the file it replaces', async () => {
    // The write beside the output and rename replaced the link itself with a new file of the default mode, where
    // writing in place had gone through the link and kept the file's mode.
    const kept = path.join(folder, 'kept');
    await mkdir(kept);
    const real = path.join(kept, 'mask.png');
    await writeFile(real, 'the mask of the last run');
    await chmod(real, 0o640);
    const link = path.join(folder, 'latest.png');
    await symlink(real, link);

    await writeImage(sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } }).png(), link);

    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await sharp(real).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    expect((await stat(real)).mode & 0o7777).toBe(0o640);
    expect((await readdir(folder)).sort()).toEqual(['kept', 'latest.png']);
    expect(await readdir(kept)).toEqual(['mask.png']);
  });
});
