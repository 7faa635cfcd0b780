import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchFolder } from '../tests/support/scratch-folder';
import { EXPORTED_TABLES, ExportFolderExists, exportReadme, writeVisitorExport, type ExportedTable, type VisitorExport } from './export-visitor.ts';
import type { VisitorFiles } from './visitor-files.ts';

const ID = '7f1c2a9e-0b7d-4c55-9f0e-2d9a41b3c6aa';

function visitorExport(): VisitorExport {
  const tables = Object.fromEntries(Object.keys(EXPORTED_TABLES).map((table) => [table, []])) as unknown as Record<ExportedTable, Record<string, unknown>[]>;
  tables['public.floor_visualizer_requests'] = [{ id: ID, customer_name: 'Dana' }];
  return {
    mailbox: 'dana@example.com',
    exportedAt: new Date('2026-11-28T11:00:00Z'),
    tables,
    files: [
      { bucket: 'floor-visualizer', path: `${ID}/original.jpg`, storedAt: null },
      { bucket: 'floor-visualizer', path: `${ID}/render-1/walnut.jpg`, storedAt: null },
    ],
  };
}

/** Storage that serves the first file and fails on the second, as a download cut off midway does. */
const failingOnTheSecondFile = {
  readStoredFile: async (file) => {
    if (file.path.endsWith('walnut.jpg')) throw new Error('Storage download of walnut.jpg failed (500)');
    return Buffer.from('jpeg bytes');
  },
} as Pick<VisitorFiles, 'readStoredFile'> as VisitorFiles;

describe('writeVisitorExport', () => {
  it('leaves nothing behind when a file cannot be read: the folder appears whole or not at all', async () => {
    const parent = await scratchFolder('export-unit-');
    await expect(writeVisitorExport(visitorExport(), failingOnTheSecondFile, parent)).rejects.toThrow('walnut.jpg failed');
    expect(await readdir(parent)).toEqual([]);
  });

  it('writes data.json, README.txt and the files, and never replaces a folder already there', async () => {
    const parent = await scratchFolder('export-unit-');
    const files = { readStoredFile: async () => Buffer.from('jpeg bytes') } as Pick<VisitorFiles, 'readStoredFile'> as VisitorFiles;
    const folder = await writeVisitorExport(visitorExport(), files, parent);
    expect(path.basename(folder)).toBe('data-export-dana@example.com-2026-11-28');
    expect((await readdir(folder, { recursive: true })).sort()).toEqual(
      ['README.txt', 'data.json', 'pictures', `pictures/${ID}`, `pictures/${ID}/original.jpg`, `pictures/${ID}/render-1`, `pictures/${ID}/render-1/walnut.jpg`].sort(),
    );
    expect(JSON.parse(await readFile(path.join(folder, 'data.json'), 'utf8')).tables['public.floor_visualizer_requests']).toEqual([{ id: ID, customer_name: 'Dana' }]);
    await expect(writeVisitorExport(visitorExport(), files, parent)).rejects.toBeInstanceOf(ExportFolderExists);
    expect(await readdir(parent)).toEqual([path.basename(folder)]);
  });
});

// Session 23: the deal-alert box's words (consent version 2026-12-01) are kept with {business} where the page showed
// the business's name; a visitor reading their export is told so.
describe('exportReadme', () => {
  // An outside service drawing the floors (VISUALIZER_ENGINE=http) makes no map of the room, and its floors are not
  // ours: the README said "each floor we drew on it, and the maps of the floor and room" whatever the files were.
  it('says what the pictures folder holds, from its files: the room maps only when there are some', () => {
    const withoutRoomMaps = visitorExport();
    withoutRoomMaps.files.push({ bucket: 'floor-visualizer', path: `${ID}/render-1/floor-mask.png`, storedAt: null });
    expect(exportReadme(withoutRoomMaps)).toContain(
      'pictures/: 3 files: your room photo as we show it, each new floor drawn on it, and\n  the map of the floor our software made.',
    );
    const withRoomMaps = visitorExport();
    withRoomMaps.files.push({ bucket: 'floor-visualizer', path: `${ID}/render-1/scene-classes.png`, storedAt: null });
    expect(exportReadme(withRoomMaps)).toContain(
      'pictures/: 3 files: your room photo as we show it, each new floor drawn on it, and\n  the maps of the floor and room our software made.',
    );
  });

  it('says what the consent words are, and what {business} in them stood for', () => {
    expect(exportReadme(visitorExport())).toContain(
      '"back_office.phone_consent_texts": the exact words about calls and texts you saw beside the phone field and, on the investor form, beside the box for deal-alert texts (where they say {business}, the page showed our name) (0 records)',
    );
  });
});
