import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { FORM_ANSWER, uniqueEmail } from './support/visitor';
import { expectOnlyScrollPositionsKept } from './support/browser-storage';

/**
 * The home page against the built site and the real local stack (issue 3): the estimate journey, the API
 * stopped, the free-guide modal, a keyboard-only pass, the hero button and /#contact landing on the contact
 * section, the lazy map, and no horizontal scroll at 360 px.
 */
const phone = process.env.VITE_BUSINESS_PHONE ?? '(856) 555-0100';

const texts = {
  successToast: "Message received! We'll be in touch soon.",
  successDescription: 'Thanks for contacting the company. We typically respond within 1 business day.',
  loadingToast: 'Sending your message...',
  failureToast: 'Submission failed',
  failureDescription: `We couldn't process your request right now. Please call us at ${phone} or try again.`,
  leadToast: 'Success! Your free flooring guide is on its way to your inbox!',
} as const;


function estimateForm(page: Page) {
  const form = page.getByRole('form', { name: 'Get Your Free Estimate' });
  return {
    form,
    name: form.getByLabel('Name'),
    email: form.getByLabel('Email'),
    phone: form.getByLabel('Phone'),
    message: form.getByLabel('Tell us about your project'),
    submit: form.getByRole('button', { name: 'Send My Request' }),
  };
}

/** The OpenStreetMap embed is answered locally, so the test neither depends on nor bothers the map host. */
async function stubMapHost(page: Page) {
  const requests: string[] = [];
  await page.route('https://www.openstreetmap.org/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>map</title><p>map</p>' });
  });
  return requests;
}

test.describe('the home page', () => {
  test('the estimate journey stores one row with trimmed values, shows the success toast and empties the form', async ({
    page,
    database,
  }) => {
    const email = uniqueEmail('contact');
    await page.goto('/');
    const f = estimateForm(page);
    await f.name.fill('  Karen Walsh  ');
    await f.email.fill(`  ${email} `);
    await f.phone.fill(' (856) 555-0142 ');
    await f.message.fill('  Carpet to LVP in two bedrooms and the hall.  ');
    await f.submit.click();

    await expect(page.getByText(texts.successToast)).toBeVisible(FORM_ANSWER);
    await expect(page.getByText(texts.successDescription)).toBeVisible();
    for (const input of [f.name, f.email, f.phone, f.message]) await expect(input).toHaveValue('');

    const rows = await database.rowsWhere('contacts', { email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Karen Walsh',
      email,
      phone: '(856) 555-0142',
      message: 'Carpet to LVP in two bedrooms and the hall.',
    });
    // The privacy notice's "what it keeps in your browser", after a form sent through the data client.
    await expectOnlyScrollPositionsKept(page);
  });

  test('with the API stopped, shows the failure toast with the phone number and keeps the values', async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await page.goto('/');
    await page.route('**/rest/v1/**', (route) => route.abort());
    const f = estimateForm(page);
    await f.name.fill('Karen Walsh');
    await f.email.fill('karen@example.com');
    await f.phone.fill('(856) 555-0142');
    await f.message.fill('Refinish the oak floors upstairs.');
    await f.submit.click();

    await expect(page.getByText(texts.failureToast, { exact: true })).toBeVisible();
    await expect(page.getByText(texts.failureDescription)).toBeVisible();
    await expect(f.submit).toBeEnabled();
    await expect(f.name).toHaveValue('Karen Walsh');
    await expect(f.email).toHaveValue('karen@example.com');
    await expect(f.phone).toHaveValue('(856) 555-0142');
    await expect(f.message).toHaveValue('Refinish the oak floors upstairs.');
    expect(consoleErrors.some((text) => text.includes('Contact request failed'))).toBe(true);
  });

  test('the free-guide modal stores a lead, shows the Thank You panel and closes itself', async ({ page, database }) => {
    const email = uniqueEmail('guide');
    await page.goto('/');
    const opener = page.getByRole('banner').getByRole('button', { name: 'Free Flooring Guide' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Free Flooring Guide' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('5 Pro Tips to Choose the Right Floors (And Save Money Doing It)')).toBeVisible();
    await dialog.getByLabel('Email address').fill(` ${email}  `);
    await dialog.getByRole('button', { name: 'Get My Free Guide' }).click();

    await expect(dialog.getByRole('heading', { name: /thank you/i })).toBeVisible(FORM_ANSWER);
    await expect(page.getByText(texts.leadToast)).toBeVisible(FORM_ANSWER);
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    const rows = await database.rowsWhere('leads', { email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email, lead_source: 'free_flooring_guide', guide_sent: true });
  });

  test('keyboard only: the hero button, the estimate form, then the modal from Get Free Pro Tips', async ({
    page,
    database,
  }) => {
    const email = uniqueEmail('keyboard');
    const guideEmail = uniqueEmail('keyboard-guide');
    await page.goto('/');

    // Tab from the top of the page to the hero's estimate button.
    const heroButton = page.getByRole('button', { name: 'Request Free Estimate' });
    for (let presses = 0; presses < 25 && !(await heroButton.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(heroButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#contact-section')).toBeFocused();

    // The next Tab stops are the form's fields, in order.
    const f = estimateForm(page);
    await page.keyboard.press('Tab');
    await expect(f.name).toBeFocused();
    await page.keyboard.type('Sam Keys');
    await page.keyboard.press('Tab');
    await expect(f.phone).toBeFocused();
    await page.keyboard.type('856-555-0177');
    await page.keyboard.press('Tab');
    await expect(f.email).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(f.message).toBeFocused();
    await page.keyboard.type('Stair treads and risers in oak.');
    await page.keyboard.press('Tab');
    await expect(f.submit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(texts.successToast)).toBeVisible(FORM_ANSWER);
    await expect(f.name).toHaveValue('');
    expect(await database.rowsWhere('contacts', { email })).toHaveLength(1);

    // On to the Get in Touch card's guide button, and the modal, without a mouse.
    const proTips = page.getByRole('button', { name: 'Get Free Pro Tips' });
    for (let presses = 0; presses < 10 && !(await proTips.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(proTips).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Free Flooring Guide' });
    await expect(dialog).toBeVisible();
    const emailField = dialog.getByLabel('Email address');
    await expect(emailField).toBeFocused();

    // Focus stays inside the modal.
    for (let presses = 0; presses < 4; presses++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    // Escape closes it and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(proTips).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(emailField).toBeFocused();
    await page.keyboard.type(guideEmail);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { name: /thank you/i })).toBeVisible(FORM_ANSWER);
    await expect(dialog).toBeHidden();
    await expect(proTips).toBeFocused();
    expect(await database.rowsWhere('leads', { email: guideEmail })).toHaveLength(1);
  });

  test('the hero button lands on the contact section: in view and focused', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Request Free Estimate' }).click();
    const section = page.locator('#contact-section');
    await expect(section).toBeFocused();
    await expect(section.getByRole('heading', { name: 'Ready to Upgrade Your Floors?' })).toBeInViewport();
  });

  test('/#contact lands on the contact section', async ({ page }) => {
    await page.goto('/#contact');
    const section = page.locator('#contact-section');
    await expect(section.getByRole('heading', { name: 'Ready to Upgrade Your Floors?' })).toBeInViewport();
    await expect(section).toBeFocused();
  });

  test('the map makes no request until the visitor scrolls near it', async ({ page }) => {
    const mapRequests = await stubMapHost(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(mapRequests).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);

    await page.getByRole('heading', { name: 'Proudly Serving South Jersey' }).scrollIntoViewIfNeeded();
    const map = page.getByTitle(/map of our service area/i);
    await expect(map).toBeVisible();
    await expect(map).toHaveJSProperty('offsetHeight', 400);
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
  });

  test('has no horizontal scroll at 360 px and collapses the header', async ({ page }) => {
    await stubMapHost(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('main *, header *, footer *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .map((el) => `${el.tagName}.${(el as HTMLElement).className}`.slice(0, 120))
        .slice(0, 5),
    );
    expect(wide).toEqual([]);
  });
});
