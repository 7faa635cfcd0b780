import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { FORM_ANSWER, openAsVisitor, uniqueEmail } from './support/visitor';

/**
 * A visitor whose phone number is cut short ("856-55": a thumb slipped, or the field was sent half typed) is told
 * to finish it, and nothing is stored: staff could neither call nor text it back, and the visitor would wait for
 * a call that never comes (decision 044). Once the number is whole, the form goes through. At a phone's width,
 * where the thumb slips.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const CUT_SHORT = '856-55';
const WHOLE = '(856) 555-0142';
const TOO_SHORT_MESSAGE = 'Please enter your whole phone number with its area code, like (856) 555-0100.';

const forms = [
  {
    path: '/',
    table: 'contacts',
    scope: (page: Page) => page.getByRole('form', { name: 'Get Your Free Estimate' }),
    fill: async (page: Page, email: string) => {
      const form = page.getByRole('form', { name: 'Get Your Free Estimate' });
      await form.getByLabel('Name').fill('Kay Board');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Tell us about your project').fill('Oak in the hall, about 300 sq ft.');
    },
    send: 'Send My Request',
    success: "Message received! We'll be in touch soon.",
  },
  {
    path: '/realtors',
    table: 'realtors',
    scope: (page: Page) => page.getByRole('main'),
    fill: async (page: Page, email: string) => {
      await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Pat Partner');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await page.getByRole('textbox', { name: 'Brokerage', exact: true }).fill('Shore Realty');
    },
    send: 'Submit Application',
    success: /^Welcome to the team!/,
  },
  {
    path: '/investors',
    table: 'investors',
    scope: (page: Page) => page.getByRole('main'),
    fill: async (page: Page, email: string) => {
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ivy Investor');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await page.getByRole('textbox', { name: 'Company', exact: true }).fill('FlipCo LLC');
    },
    send: 'Submit Application',
    success: /^Welcome to the investor program!/,
  },
] as const;

for (const form of forms) {
  test(`${form.path}: a phone number cut short is not sent; the visitor is asked for the whole number`, async ({
    page,
    database,
  }) => {
    const email = uniqueEmail(`short-phone-${form.table}`);
    await openAsVisitor(page, form.path);
    const scope = form.scope(page);
    await form.fill(page, email);
    const phone = scope.getByRole('textbox', { name: 'Phone', exact: true });
    await phone.fill(CUT_SHORT);
    await scope.getByRole('button', { name: form.send }).tap();

    await expect(scope.getByText(TOO_SHORT_MESSAGE).first()).toBeVisible();
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveValue(CUT_SHORT);
    // Give a stray insert every chance to arrive before looking.
    await page.waitForTimeout(500);
    expect(await database.rowsWhere(form.table, { email })).toHaveLength(0);

    await phone.fill(WHOLE);
    await scope.getByRole('button', { name: form.send }).tap();
    await expect(page.getByText(form.success)).toBeVisible(FORM_ANSWER);
    const rows = await database.rowsWhere(form.table, { email });
    expect(rows.map((row) => row.phone)).toEqual([WHOLE]);
  });
}
