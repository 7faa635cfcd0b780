import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { FORM_ANSWER, uniqueEmail } from './support/visitor';
import { phoneConsent } from '../src/content/phone-consent';

/**
 * The partner forms against the built site and the real local stack (issue 4): a stored row with trimmed values
 * and a null optional, the failure toast with a stopped API, nothing sent while a required field is empty, the
 * hero button landing on the form, and the page opening at the top.
 */
const programs = [
  {
    path: '/realtors',
    navLink: 'Realtors',
    title: /^Realtor Referral Program \| /,
    description: /free headshot sessions/,
    table: 'realtors',
    cardTitle: 'Become a Partner',
    successToast:
      "Welcome to the team! We'll be in touch soon with program details and your welcome kit. Get ready to start earning rewards!",
    fields: (email: string) => [
      { label: 'Full Name', column: 'name', typed: '  Jessica Moore  ', stored: 'Jessica Moore' },
      { label: 'Email', column: 'email', typed: `  ${email} `, stored: email },
      { label: 'Phone', column: 'phone', typed: ' (856) 555-0147 ', stored: '(856) 555-0147' },
      { label: 'Brokerage', column: 'brokerage', typed: '  Shore Realty Group ', stored: 'Shore Realty Group' },
    ],
    optional: { label: /^Instagram/, column: 'instagram' },
  },
  {
    path: '/investors',
    navLink: 'Investors',
    title: /^Investor Partner Program \| /,
    description: /10-25% off retail/,
    table: 'investors',
    cardTitle: 'Become an Investor Partner',
    successToast:
      "Welcome to the investor program! We'll be in touch soon with exclusive deals and ambassador program details. Get ready to save and earn!",
    fields: (email: string) => [
      { label: 'Name', column: 'name', typed: '  Marcus Taylor ', stored: 'Marcus Taylor' },
      { label: 'Email', column: 'email', typed: ` ${email}  `, stored: email },
      { label: 'Phone', column: 'phone', typed: '856-555-0199  ', stored: '856-555-0199' },
      { label: 'Company', column: 'company', typed: '  FlipCo Properties LLC ', stored: 'FlipCo Properties LLC' },
    ],
    optional: { label: /^Investment Focus/, column: 'investment_focus' },
  },
] as const;

const field = (page: Page, label: string | RegExp) => page.getByRole('textbox', { name: label, exact: true });

/** Counts the inserts the page tries to make into `table` (whether or not they get through). */
function countInserts(page: Page, table: string) {
  const inserts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/rest/v1/${table}`)
      inserts.push(request.url());
  });
  return inserts;
}

for (const program of programs) {
  test.describe(program.path, () => {
    test('stores one row with trimmed values and a null optional field, then clears the form', async ({
      page,
      database,
    }) => {
      const email = uniqueEmail(program.table);
      const fields = program.fields(email);
      await page.goto(program.path);
      for (const entry of fields) await field(page, entry.label).fill(entry.typed);
      await field(page, program.optional.label).fill('   ');
      await page.getByRole('button', { name: 'Submit Application' }).click();

      await expect(page.getByText(program.successToast)).toBeVisible(FORM_ANSWER);
      for (const entry of fields) await expect(field(page, entry.label)).toHaveValue('');

      const rows = await database.rowsWhere(program.table, { email });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        ...Object.fromEntries(fields.map((entry) => [entry.column, entry.stored])),
        [program.optional.column]: null,
        // The consent words under the phone field: their version, and the database's time (decision 021).
        phone_consent_version: phoneConsent.version,
        phone_consent_at: rows[0]!.created_at,
        ...(program.table === 'investors' ? { marketing_texts_consent: false } : {}),
      });
    });

    test('with the API stopped, shows the failure toast with the business e-mail and keeps the values', async ({
      page,
      database,
    }) => {
      const email = uniqueEmail(`${program.table}-down`);
      const fields = program.fields(email);
      await page.route('**/rest/v1/**', (route) => route.abort());
      await page.goto(program.path);
      for (const entry of fields) await field(page, entry.label).fill(entry.typed);
      await page.getByRole('button', { name: 'Submit Application' }).click();

      await expect(page.getByText('Application failed', { exact: true })).toBeVisible();
      await expect(
        page.getByText(
          /^We couldn't process your application right now\. Please email us directly at \S+@\S+ or try again\.$/,
        ),
      ).toBeVisible();
      for (const entry of fields) {
        // Chromium trims an email input's value itself; the other fields keep exactly what was typed.
        await expect(field(page, entry.label)).toHaveValue(entry.column === 'email' ? entry.typed.trim() : entry.typed);
      }
      await expect(page.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
      expect(await database.rowsWhere(program.table, { email })).toHaveLength(0);
    });

    test('never sends an application with an empty required field', async ({ page, database }) => {
      const email = uniqueEmail(`${program.table}-empty`);
      const fields = program.fields(email);
      const inserts = countInserts(page, program.table);
      await page.goto(program.path);
      const last = fields[3]!;
      for (const entry of fields) if (entry !== last) await field(page, entry.label).fill(entry.typed);
      await field(page, last.label).fill('   ');
      await page.getByRole('button', { name: 'Submit Application' }).click();

      await expect(page.getByRole('alert').filter({ hasText: 'Please fix 1 field' })).toBeVisible();
      await expect(field(page, last.label)).toBeFocused();
      await expect(field(page, last.label)).toHaveAttribute('aria-invalid', 'true');
      // Give a stray request every chance to show up before counting.
      await page.waitForTimeout(500);
      expect(inserts).toHaveLength(0);
      expect(await database.rowsWhere(program.table, { email })).toHaveLength(0);
    });

    test("has its own title and description; the hero's 'Join the Program' button lands on the application card", async ({
      page,
    }) => {
      await page.goto(program.path);
      await expect(page).toHaveTitle(program.title);
      await expect(page.locator('head meta[name="description"]').last()).toHaveAttribute(
        'content',
        program.description,
      );
      const card = page.getByRole('region', { name: program.cardTitle });
      await expect(card).not.toBeInViewport();
      await page.getByRole('button', { name: 'Join the Program' }).click();
      await expect(card).toBeInViewport();
      await expect(card).toBeFocused();
      await expect(page.getByRole('heading', { name: program.cardTitle })).toBeInViewport();
    });

    // Focus alone would scroll the first field just under the sticky header, and the summary of what to fix above
    // it, under the header, where it can be neither read nor tapped.
    test('a refused application shows its summary below the sticky header at a phone width', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(program.path);
      await page.getByRole('button', { name: 'Submit Application' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'Please fix 4 fields' });
      await expect(summary).toBeInViewport();
      await expect(field(page, program.fields('x@example.com')[0]!.label)).toBeFocused();
      // Measured until it holds: the boxes are read a moment apart, and once in a full run (load 3) the summary had no
      // box at that moment (boundingBox null) though it was in view just before; a summary that stays under the header
      // still fails when the retries run out.
      await expect(async () => {
        const header = await page.getByRole('banner').boundingBox();
        const box = await summary.boundingBox();
        expect(header).not.toBeNull();
        expect(box).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
      }).toPass({ timeout: 5_000 });
    });

    // The words are what the visitor agrees to by giving a number (decision 021): on screen under the field, not
    // only read out to a screen reader (a jsdom test cannot tell; it loads no stylesheet).
    test('shows the consent words under the phone field, on screen at a phone width', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(program.path);
      const card = page.getByRole('region', { name: program.cardTitle });
      const words = card.getByText(phoneConsent.callsAndTexts, { exact: true });
      await words.scrollIntoViewIfNeeded();
      const box = (await words.boundingBox())!;
      const phone = (await field(page, 'Phone').boundingBox())!;
      expect(box.width).toBeGreaterThan(phone.width * 0.8);
      expect(box.height).toBeGreaterThan(30);
      expect(box.y).toBeGreaterThan(phone.y + phone.height - 1);
    });

    test('opens at the top, after a reload from further down and when arriving from a scrolled page', async ({
      page,
    }) => {
      await page.goto(program.path);
      await page.getByRole('region', { name: program.cardTitle }).scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

      await page.goto('/');
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      // A client-side navigation through the site's own header (it stays on screen while scrolled).
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: program.navLink, exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`${program.path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });
  });
}
