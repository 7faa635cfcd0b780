import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { phoneConsent } from '@/content/phone-consent';
import { EXPORTED_TABLES } from '../../visitor-data/export-visitor';
import { scratchFolder } from '../support/scratch-folder';
import { sql, stack } from './stack-clients';
import { filesUnder, insertAsVisitor, renderedRequest, requestFolder, staffCommand, unique, until, uploadsDir } from './visitor-data-fixtures';

/**
 * `npm run data:export` on the real stack (issue 36): one folder with every row of one visitor (any case, any
 * +tag), their pictures downloaded through Storage's API as a hosted project serves them, and a README; nothing of
 * anyone else's; --dry-run writes nothing.
 */
const dataExport = (args: string[], env: Record<string, string> = {}) => staffCommand('data:export', args, env);

type ExportJson = { exported_at: string; mailbox: string; tables: Record<string, Record<string, unknown>[]> };

describe('npm run data:export', () => {
  it('writes one folder with every row, picture and e-mail record of one visitor (any case, any +tag) and no one else’s; --dry-run only lists it', async () => {
    const tag = unique();
    const mailbox = `erin.copy.${tag}@example.com`;
    const contactId = await insertAsVisitor('contacts', {
      name: 'Erin', email: mailbox, phone: '856-555-0103', message: 'Hickory den.', phone_consent_version: phoneConsent.version,
    });
    const leadId = await insertAsVisitor('leads', { email: `Erin.Copy.${tag}+guide@Example.com` });
    const realtorId = await insertAsVisitor('realtors', { name: 'Erin', email: `ERIN.COPY.${tag}@EXAMPLE.COM`, phone: '856-555-0103', brokerage: 'Bay Homes' });
    const investorId = await insertAsVisitor('investors', { name: 'Erin', email: `erin.copy.${tag}+flips@example.com`, phone: '856-555-0103', company: 'EC LLC' });
    const visualizerId = await renderedRequest('Erin', `erin.copy.${tag}+viz@example.com`);
    const leadIds = [contactId, leadId, realtorId, investorId, visualizerId];
    // A photo as it arrived, still waiting for its render (the uploads bucket), a refused webhook call, an unsubscribe.
    const upload = await fetch(`${stack.url}/storage/v1/object/floor-visualizer-uploads/${visualizerId}/as-sent.jpg`, {
      method: 'POST',
      headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'image/jpeg' },
      body: 'photo bytes',
    });
    expect(upload.status).toBe(200);
    await sql('select back_office.count_visualizer_webhook_refusal($1)', [visualizerId]);
    await sql('select back_office.record_unsubscribe(back_office.mailbox_digest($1))', [mailbox]);
    // Someone else, with an address that only looks alike.
    const otherId = await insertAsVisitor('contacts', { name: 'Erik', email: `erin.copy.${tag}x@example.com`, phone: '856-555-0104', message: 'Tile.' });
    const otherVisualizerId = await renderedRequest('Erik', `erik.${tag}@example.com`);
    await until('the visitor’s e-mails to be sent', async () => {
      const rows = await sql<{ status: string }>('select status from back_office.outbound_emails where source_id = any($1::uuid[])', [leadIds]);
      return rows.length >= 9 && rows.every((row) => row.status !== 'queued' && row.status !== 'sending');
    });
    const storedPictures = (await filesUnder(requestFolder(visualizerId))).map((file) => path.relative(requestFolder(visualizerId), file).split(path.sep).join('/'));
    expect(storedPictures).toEqual(expect.arrayContaining(['original.jpg', 'render-1/floor-mask.png']));
    const emailCount = (await sql('select 1 from back_office.outbound_emails where source_id = any($1::uuid[])', [leadIds])).length;

    const out = await scratchFolder('data-export-test-');
    const dryRun = await dataExport([`  Erin.Copy.${tag}@Example.com `, '--dry-run', '--out', out]);
    expect(dryRun.stderr).toBe('');
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain(`Would write the data of ${mailbox} (any capitalisation, any +tag) to ${out}/data-export-${mailbox}-`);
    expect(dryRun.stdout).toMatch(/public\.contacts: +1 row\n/);
    expect(dryRun.stdout).toMatch(new RegExp(`back_office\\.outbound_emails: +${emailCount} rows\\n`));
    expect(dryRun.stdout).toMatch(/back_office\.email_unsubscribes: +1 row\n/);
    expect(dryRun.stdout).toContain(`${storedPictures.length + 1} stored files:`);
    expect(dryRun.stdout).toContain(`    pictures/${visualizerId}/original.jpg\n`);
    expect(dryRun.stdout).toContain(`    photos-as-sent/${visualizerId}/as-sent.jpg\n`);
    expect(dryRun.stdout).toContain('Dry run: nothing was written.');
    expect(await readdir(out)).toEqual([]);

    const written = await dataExport([`erin.copy.${tag}+anything@EXAMPLE.com`, '--out', out]);
    expect(written.stderr).toBe('');
    expect(written.code).toBe(0);
    const [folderName, ...others] = await readdir(out);
    // Written whole, then renamed: no hidden partial folder is left beside it.
    expect(others).toEqual([]);
    expect(folderName).toMatch(new RegExp(`^data-export-${mailbox.replace(/\./g, '\\.')}-\\d{4}-\\d{2}-\\d{2}$`));
    const folder = path.join(out, folderName!);
    expect(written.stdout).toContain(`Wrote the data of ${mailbox} (any capitalisation, any +tag) to ${folder}:`);

    // The pictures, byte for byte as stored, and the photo as sent.
    for (const picture of storedPictures) {
      expect(await readFile(path.join(folder, 'pictures', visualizerId, picture)), picture).toEqual(await readFile(path.join(requestFolder(visualizerId), picture)));
    }
    expect(await readFile(path.join(folder, 'photos-as-sent', visualizerId, 'as-sent.jpg'), 'utf8')).toBe('photo bytes');
    expect(existsSync(path.join(uploadsDir, visualizerId, 'as-sent.jpg'))).toBe(true);

    const data = JSON.parse(await readFile(path.join(folder, 'data.json'), 'utf8')) as ExportJson;
    expect(data.mailbox).toBe(mailbox);
    expect(Object.keys(data.tables).sort()).toEqual(Object.keys(EXPORTED_TABLES).sort());
    const ids = (table: string) => data.tables[table]!.map((row) => row.id ?? row.request_id ?? row.version ?? row.mailbox_digest);
    expect(ids('public.contacts')).toEqual([contactId]);
    expect(ids('public.leads')).toEqual([leadId]);
    expect(ids('public.realtors')).toEqual([realtorId]);
    expect(ids('public.investors')).toEqual([investorId]);
    expect(ids('public.floor_visualizer_requests')).toEqual([visualizerId]);
    expect(data.tables['back_office.outbound_emails']).toHaveLength(emailCount);
    expect(ids('back_office.visualizer_webhook_refusals')).toEqual([visualizerId]);
    expect(data.tables['back_office.phone_consent_texts']).toEqual([expect.objectContaining({ version: phoneConsent.version, calls_and_texts: phoneConsent.callsAndTexts })]);
    expect(data.tables['back_office.email_unsubscribes']).toEqual([{ mailbox_digest: expect.stringMatching(/^[0-9a-f]{64}$/), unsubscribed_at: expect.any(String) }]);
    // Each row whole: every column the table has today.
    for (const table of Object.keys(EXPORTED_TABLES)) {
      const [schema, name] = table.split('.');
      const columns = await sql<{ column_name: string }>(
        'select column_name from information_schema.columns where table_schema = $1 and table_name = $2',
        [schema, name],
      );
      for (const row of data.tables[table]!) expect(Object.keys(row).sort(), table).toEqual(columns.map((column) => column.column_name).sort());
    }
    expect(data.tables['public.contacts']![0]).toMatchObject({ name: 'Erin', phone: '856-555-0103', message: 'Hickory den.' });
    // Nothing of the look-alike's.
    const everything = JSON.stringify(data);
    expect(everything).not.toContain(otherId);
    expect(everything).not.toContain(otherVisualizerId);
    expect(everything).not.toContain(`${tag}x@`);
    expect(await readdir(path.join(folder, 'pictures'))).toEqual([visualizerId]);

    const readme = await readFile(path.join(folder, 'README.txt'), 'utf8');
    expect(readme).toContain(`linked to the e-mail address ${mailbox}`);
    expect(readme).toContain('"public.contacts": your free-estimate requests (1 record)');
    expect(readme).toContain(`pictures/: ${storedPictures.length} files`);
    expect(readme).toContain('the text of our e-mails: we do not store it');

    // Exporting changed nothing.
    expect((await sql('select 1 from public.contacts where id = $1', [contactId])).length).toBe(1);

    // Again the same day: the folder is never replaced.
    const again = await dataExport([mailbox, '--out', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${folder} already exists`);
    expect(await readdir(out)).toEqual([folderName]);
    // Two renders through the real processor and three npm runs: 30-55 s on the shared machine.
  }, 180_000);

  it('says so for an address with no data, a malformed one, a missing folder or an unknown option, and writes nothing', async () => {
    const out = await scratchFolder('data-export-test-');
    const nobody = `nobody.${randomUUID()}@example.com`;
    const none = await dataExport([nobody, '--out', out]);
    expect(none.code).toBe(3);
    expect(none.stderr).toContain(`Nothing found for ${nobody} (any capitalisation, any +tag)`);
    expect(none.stderr).toContain('Nothing was written.');

    const noAddress = await dataExport([]);
    expect(noAddress).toMatchObject({ code: 2, stdout: '' });
    expect(noAddress.stderr).toContain('Usage: npm run data:export -- <email address> [--dry-run] [--out <folder>]');
    const noAt = await dataExport(['not-an-address', '--out', out]);
    expect(noAt.code).toBe(2);
    expect(noAt.stderr).toContain('"not-an-address" is not an e-mail address. Nothing was written.');
    const twoMailboxes = await dataExport(['a1<victim@example.org>', '--out', out]);
    expect(twoMailboxes.code).toBe(2);
    expect(twoMailboxes.stderr).toContain('is not an e-mail address the site would have stored. Nothing was written.');
    const noFolder = await dataExport(['someone@example.com', '--out']);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain('--out needs a folder.');
    const unknownOption = await dataExport(['someone@example.com', '--zip']);
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain('Unknown option --zip.');
    expect(await readdir(out)).toEqual([]);
  });
});
