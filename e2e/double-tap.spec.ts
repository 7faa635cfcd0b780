import { FORM_ANSWER, openAsVisitor as open, uniqueEmail } from './support/visitor';
import { expect, test } from './support/test';

/**
 * A double tap on a form's send button, on a phone: one request is stored (and e-mailed), not two. The second
 * tap comes before the disabled button has rendered, or, on a slow phone, while the form's code is still loading.
 */
test.use({ viewport: { width: 360, height: 800 }, hasTouch: true });

test('the estimate form stores one request', async ({ page, database }) => {
  const email = uniqueEmail('estimate');
  await open(page, '/');
  const form = page.getByRole('form', { name: 'Get Your Free Estimate' });
  await form.getByLabel('Name').fill('Dee Bull');
  await form.getByLabel('Phone').fill('856-555-0100');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Tell us about your project').fill('Two rooms of oak.');
  await form.getByRole('button', { name: 'Send My Request' }).dblclick();

  await expect(page.getByText("Message received! We'll be in touch soon.")).toBeVisible(FORM_ANSWER);
  await expect(form.getByRole('button', { name: 'Send My Request' })).toBeEnabled();
  expect(await database.rowsWhere('contacts', { email })).toHaveLength(1);
});

test('the free-guide modal stores one lead', async ({ page, database }) => {
  const email = uniqueEmail('guide');
  await open(page, '/');
  await page.getByRole('button', { name: 'Get Free Pro Tips' }).click();
  const dialog = page.getByRole('dialog', { name: 'Free Flooring Guide' });
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Get My Free Guide' }).dblclick();

  await expect(page.getByText('Success! Your free flooring guide is on its way to your inbox!')).toBeVisible(
    FORM_ANSWER,
  );
  expect(await database.rowsWhere('leads', { email })).toHaveLength(1);
});

for (const program of [
  { path: '/realtors', table: 'realtors', toast: /^Welcome to the team!/, name: 'Full Name', business: 'Brokerage' },
  {
    path: '/investors',
    table: 'investors',
    toast: /^Welcome to the investor program!/,
    name: 'Name',
    business: 'Company',
  },
]) {
  test(`the ${program.path} form stores one application`, async ({ page, database }) => {
    const email = uniqueEmail(program.table);
    await open(page, program.path);
    // By label, as a visitor finds them (the fields' order on the page is no part of this test).
    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    await field(program.name).fill('Dee Bull');
    await field('Email').fill(email);
    await field('Phone').fill('856-555-0100');
    await field(program.business).fill('Acme');
    await page.getByRole('button', { name: 'Submit Application' }).dblclick();

    await expect(page.getByText(program.toast)).toBeVisible(FORM_ANSWER);
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
    expect(await database.rowsWhere(program.table, { email })).toHaveLength(1);
  });
}
