import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/accessibility';
import { APP_START, appIsUp } from './support/app-ready';
import { FORM_ANSWER } from './support/visitor';
import { expect, test } from './support/test';

/**
 * Issue 24: the first tap on each control does its job, whether it comes before the app is up (the page is
 * still its prerendered HTML; the tap is held, or answered at once, and React takes over) or after. Behaviour
 * only: how fast the answer paints is `npm run bench -- first-tap`'s business.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

type Moment = 'before the app is up' | 'once the app is up';
const MOMENTS: Moment[] = ['before the app is up', 'once the app is up'];

/** Holds the app's chunk back until the returned function is called. */
async function holdTheAppBack(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-app-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Opens `path` and, before the app is up, holds the app's chunk back until the visitor's tap has been made;
 * `tapped()` then lets it through. Once the app is up: waits for it first.
 */
async function open(page: Page, path: string, moment: Moment): Promise<{ tapped(): Promise<void> }> {
  if (moment === 'once the app is up') {
    await page.goto(path);
    await expect.poll(() => appIsUp(page), APP_START).toBe(true);
    return { tapped: async () => {} };
  }
  const release = await holdTheAppBack(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return {
    async tapped() {
      expect(await appIsUp(page), 'the tap came before the app was up').toBe(false);
      release();
    },
  };
}

for (const moment of MOMENTS) {
  test.describe(`tapped ${moment}`, () => {
    test('"Get Free Pro Tips" opens the free-guide dialog', async ({ page }) => {
      const { tapped } = await open(page, '/', moment);
      await page.getByRole('button', { name: 'Get Free Pro Tips' }).tap();
      await tapped();
      const dialog = page.getByRole('dialog', { name: 'Free Flooring Guide' });
      await expect(dialog).toBeVisible(APP_START);
      await expect(dialog.getByText('5 Pro Tips to Choose the Right Floors (And Save Money Doing It)')).toBeVisible();
      await expect(dialog.getByLabel('Email address')).toBeVisible();
    });

    test('the menu button opens the menu', async ({ page }) => {
      const { tapped } = await open(page, '/', moment);
      const menuButton = page.getByRole('button', { name: 'Menu' });
      await menuButton.tap();
      await tapped();
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible(APP_START);
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Realtors' })).toBeVisible();
    });

    test('the estimate form sends what was typed and says so', async ({ page, database }) => {
      const email = `e2e-first-tap-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const { tapped } = await open(page, '/', moment);
      const form = page.getByRole('form', { name: 'Get Your Free Estimate' });
      await form.getByLabel('Name').fill('Tapping Visitor');
      await form.getByLabel('Phone').fill('(856) 555-0177');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Tell us about your project').fill('Oak in the hallway.');
      await form.getByRole('button', { name: 'Send My Request' }).tap();
      await tapped();
      // Before the app is up, the page's own toast and then React's, the same, one over the other for a moment.
      await expect(page.getByText('Sending your message...').first()).toBeVisible();
      await expect(page.getByText("Message received! We'll be in touch soon.")).toBeVisible(FORM_ANSWER);
      await expect(form.getByLabel('Name')).toHaveValue('');
      await expect.poll(async () => (await database.rowsWhere('contacts', { email })).length).toBe(1);
    });

    test('the estimate form sent empty is not sent: the browser asks for the first field', async ({ page }) => {
      const { tapped } = await open(page, '/', moment);
      const form = page.getByRole('form', { name: 'Get Your Free Estimate' });
      await form.getByRole('button', { name: 'Send My Request' }).tap();
      await tapped();
      const name = form.getByLabel('Name');
      await expect(name).toBeFocused();
      await expect(name).not.toHaveJSProperty('validationMessage', '');
      await expect.poll(() => appIsUp(page), APP_START).toBe(true);
      await expect(page.getByText('Sending your message...')).toHaveCount(0);
    });

    test('"Next testimonial" shows the second testimonial', async ({ page }) => {
      const { tapped } = await open(page, '/', moment);
      const carousel = page.getByRole('region', { name: /testimonial/i }).first();
      await expect(carousel.getByRole('group', { name: /^1 of \d+$/ })).toBeVisible();
      await carousel.getByRole('button', { name: 'Next testimonial' }).tap();
      await tapped();
      await expect(carousel.getByRole('group', { name: /^2 of \d+$/ })).toBeVisible(APP_START);
    });

    test('an empty partner application is not sent: the fields to fix are listed', async ({ page }) => {
      const { tapped } = await open(page, '/realtors', moment);
      await page.getByRole('button', { name: 'Submit Application' }).tap();
      await tapped();
      await expect(page.getByRole('alert').filter({ hasText: /Please fix \d+ fields before sending your application:/ })).toBeVisible(APP_START);
      await expect(page.getByRole('textbox').first()).toHaveAttribute('aria-invalid', 'true');
    });

    test('"Choose a photo" opens the file picker, and the chosen photo is shown', async ({ page }) => {
      const { tapped } = await open(page, '/floor-visualizer', moment);
      const picker = page.waitForEvent('filechooser');
      await page.getByText('Choose a photo', { exact: true }).tap();
      const chooser = await picker;
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 150, g: 120, b: 90 } } })
        .jpeg()
        .toBuffer();
      await chooser.setFiles({ name: 'first-tap-room.jpg', mimeType: 'image/jpeg', buffer: photo });
      await tapped();
      await expect(page.getByRole('img', { name: 'Your photo: first-tap-room.jpg' })).toBeVisible(APP_START);
    });
  });
}

/**
 * Decision 013, session 2: before the app is up, the guide dialog and the menu answer a tap at once, from the
 * page's answers file (no React), and React's own answer then takes over, with what the visitor typed.
 * The app's chunk is held back until the test says so, so each answer is seen while the app is surely not up.
 */
test.describe('answered at once before the app is up', () => {
  /** Opens `path` with the app held back; resolves once the page's answers are in. */
  async function openWithoutTheApp(page: Page, path: string): Promise<{ letTheAppIn(): Promise<void> }> {
    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
    });
    const release = await holdTheAppBack(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('first-answers-ready', 'mark').length), APP_START)
      .toBe(1);
    return {
      async letTheAppIn() {
        expect(await appIsUp(page), 'the answer came before the app was up').toBe(false);
        release();
        await expect.poll(() => appIsUp(page), APP_START).toBe(true);
        expect(hydrationErrors, 'React hydrated the page as prerendered').toEqual([]);
      },
    };
  }

  test('the guide dialog opens at once; React\'s takes over with the e-mail typed and sends it', async ({ page, database }) => {
    const email = `e2e-first-answer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { letTheAppIn } = await openWithoutTheApp(page, '/');
    await page.getByRole('button', { name: 'Get Free Pro Tips' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Free Flooring Guide' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('5 Pro Tips to Choose the Right Floors (And Save Money Doing It)')).toBeVisible();
    await expect(dialog.getByLabel('Email address')).toBeFocused();
    await expectAccessible(page, 'the guide dialog answered before the app is up');
    await page.keyboard.type(email);

    await letTheAppIn();
    await expect(dialog).toHaveCount(1);
    await expect(dialog.getByLabel('Email address')).toHaveValue(email);
    await expect(dialog.getByLabel('Email address')).toBeFocused();
    // React's dialog: its form sends the sign-up, once.
    await dialog.getByRole('button', { name: 'Get My Free Guide' }).tap();
    await expect(page.getByText('Success! Your free flooring guide is on its way to your inbox!')).toBeVisible(FORM_ANSWER);
    await expect.poll(async () => (await database.rowsWhere('leads', { email })).length).toBe(1);
  });

  test("React's dialog, once it has taken over, closes with Escape and gives focus back to the opener", async ({ page }) => {
    const { letTheAppIn } = await openWithoutTheApp(page, '/');
    const opener = page.getByRole('button', { name: 'Get Free Pro Tips' });
    await opener.tap();
    const dialog = page.getByRole('dialog', { name: 'Free Flooring Guide' });
    await expect(dialog).toBeVisible();

    await letTheAppIn();
    await expect(dialog.getByLabel('Email address')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  /** React's guide dialog is a chunk of its own (routes/home.tsx): held back, the app is up while it is not. */
  async function holdReactsDialogBack(page: Page): Promise<() => void> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/lead-magnet-dialog-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  /** Taps the guide's opener before the app is up, with React's dialog held back; the first answer is open. */
  async function tapTheGuideWithReactsDialogHeldBack(page: Page) {
    const releaseTheDialog = await holdReactsDialogBack(page);
    const { letTheAppIn } = await openWithoutTheApp(page, '/');
    const opener = page.getByRole('button', { name: 'Get Free Pro Tips' });
    await opener.tap();
    const dialog = page.getByRole('dialog', { name: 'Free Flooring Guide' });
    await expect(dialog.getByLabel('Email address')).toBeFocused();
    return { opener, dialog, letTheAppIn, releaseTheDialog };
  }

  test("the guide dialog takes typing and sending while React's is still on its way, and focus goes back to the opener", async ({
    page,
    database,
  }) => {
    const email = `e2e-first-answer-gap-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { opener, dialog, letTheAppIn, releaseTheDialog } = await tapTheGuideWithReactsDialogHeldBack(page);

    await letTheAppIn();
    // The held tap has been replayed into the app, whose dialog cannot show yet: the first one is still in use.
    await expect(dialog.getByLabel('Email address')).toBeFocused();
    await page.keyboard.type(email);
    await dialog.getByRole('button', { name: 'Get My Free Guide' }).tap();

    releaseTheDialog();
    await expect(page.getByText('Success! Your free flooring guide is on its way to your inbox!')).toBeVisible(FORM_ANSWER);
    await expect.poll(async () => (await database.rowsWhere('leads', { email })).length).toBe(1);
    // The modal closes itself after the Thank You panel; focus goes back to the control it was opened from.
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("a tap on the guide's opener once React is up but its dialog's chunk is not is answered at once too", async ({ page }) => {
    const releaseTheDialog = await holdReactsDialogBack(page);
    await page.goto('/');
    await expect.poll(() => appIsUp(page), APP_START).toBe(true);
    const opener = page.getByRole('button', { name: 'Get Free Pro Tips' });
    await opener.tap();
    const dialog = page.getByRole('dialog', { name: 'Free Flooring Guide' });
    await expect(dialog.getByLabel('Email address')).toBeFocused();
    await page.keyboard.type('pat@example.com');

    releaseTheDialog();
    // React's dialog takes over, with what was typed, and closes with Escape, giving focus back to the opener.
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('dialog[data-first-answer]').length)).toBe(0);
    await expect(dialog.getByLabel('Email address')).toHaveValue('pat@example.com');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("the guide dialog closed with Escape while React's is on its way stays closed", async ({ page }) => {
    const { opener, dialog, letTheAppIn, releaseTheDialog } = await tapTheGuideWithReactsDialogHeldBack(page);
    await letTheAppIn();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    releaseTheDialog();
    // React's dialog, asked for by the replayed tap, comes in and closes again at once.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('lead-magnet-dialog')))).toBe(true);
    await page.waitForTimeout(300);
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await opener.tap();
    await expect(dialog).toBeVisible();
  });

  test('the guide dialog closed with Escape before the app is up stays closed', async ({ page }) => {
    const { letTheAppIn } = await openWithoutTheApp(page, '/');
    const opener = page.getByRole('button', { name: 'Get Free Pro Tips' });
    await opener.tap();
    const dialog = page.getByRole('dialog', { name: 'Free Flooring Guide' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    await letTheAppIn();
    await expect(dialog).toHaveCount(0);
    // The app is up and its dialog still opens (React's state was never left open).
    await opener.tap();
    await expect(dialog).toBeVisible();
  });

  test('the menu opens at once; React\'s menu takes over and closes', async ({ page }) => {
    const { letTheAppIn } = await openWithoutTheApp(page, '/realtors');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menuButton.tap();
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Investors' })).toBeVisible();
    await expectAccessible(page, 'the menu answered before the app is up');

    await letTheAppIn();
    await expect(menu).toBeVisible();
    await menuButton.tap();
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  // Decision 013, session 30: the menu's open state is all in the page's own markup, so it does not wait for the
  // answers file, which on a slow phone shares the line with the app's chunks.
  test("the menu opens and closes at once while the page's answers are still on their way; React's menu takes over", async ({
    page,
  }) => {
    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
    });
    const releaseTheApp = await holdTheAppBack(page);
    let releaseTheAnswers = () => {};
    const answersReleased = new Promise<void>((resolve) => (releaseTheAnswers = resolve));
    await page.route(/\/first-answers\//, async (route) => {
      await answersReleased;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const [menuIcon, closeIcon] = [menuButton.locator('svg').first(), menuButton.locator('svg').last()];
    await menuButton.tap();
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(closeIcon).toBeVisible();
    await expect(menuIcon).toBeHidden();
    await expect(menu.getByRole('link', { name: 'Floor Visualizer' })).toBeVisible();
    await expectAccessible(page, 'the menu answered before the answers file is in');
    await menuButton.tap();
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuIcon).toBeVisible();
    await expect(closeIcon).toBeHidden();
    await menuButton.tap();
    await expect(menu).toBeVisible();
    expect(
      await page.evaluate(() => performance.getEntriesByName('first-answers-ready', 'mark').length),
      "the page's answers were held back",
    ).toBe(0);
    expect(await appIsUp(page), 'the menu answered before the app was up').toBe(false);

    // Three taps held: React's menu ends open, as this one is, and then closes on a tap of its own.
    releaseTheAnswers();
    releaseTheApp();
    await expect.poll(() => appIsUp(page), APP_START).toBe(true);
    expect(hydrationErrors, 'React hydrated the page as prerendered').toEqual([]);
    await expect(menu).toBeVisible();
    await expect(closeIcon).toBeVisible();
    await menuButton.tap();
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuIcon).toBeVisible();
    await expect(closeIcon).toBeHidden();
  });

  // Decision 013, session 30: under load the entry itself can come a second after the first tap; the page's
  // bootstrap holds that tap, and it is answered as soon as the entry is in, not once the app is.
  test('a tap made before the entry is in is answered once the entry is, before the app is up', async ({ page }) => {
    const releaseTheApp = await holdTheAppBack(page);
    let releaseTheEntry = () => {};
    const entryReleased = new Promise<void>((resolve) => (releaseTheEntry = resolve));
    let entryAskedFor = false;
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      entryAskedFor = true;
      await entryReleased;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menuButton.tap();
    await expect.poll(() => entryAskedFor, APP_START).toBe(true);
    await expect(menu).toBeHidden();

    releaseTheEntry();
    await expect(menu).toBeVisible(APP_START);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(await appIsUp(page), 'the menu answered before the app was up').toBe(false);

    releaseTheApp();
    await expect.poll(() => appIsUp(page), APP_START).toBe(true);
    await expect(menu).toBeVisible();
    await menuButton.tap();
    await expect(menu).toBeHidden();
  });

  test('"Next testimonial" shows the second testimonial at once; React\'s carousel takes over on that slide', async ({ page }) => {
    const { letTheAppIn } = await openWithoutTheApp(page, '/');
    const carousel = page.getByRole('region', { name: 'Testimonial samples' });
    await carousel.getByRole('button', { name: 'Next testimonial' }).tap();
    await expect(carousel.getByRole('group', { name: /^2 of 3$/ })).toBeVisible();
    await expect(carousel.getByRole('button', { name: 'Show testimonial 2 of 3' })).toHaveAttribute('aria-current', 'true');
    // The overlay's buttons move it on too.
    await carousel.getByRole('button', { name: 'Next testimonial' }).tap();
    await expect(carousel.getByRole('group', { name: /^3 of 3$/ })).toBeVisible();
    await expectAccessible(page, 'the carousel answered before the app is up');

    await letTheAppIn();
    await expect(carousel).toHaveCount(1);
    await expect(carousel.getByRole('group', { name: /^3 of 3$/ })).toBeVisible();
    // React's carousel, on the same slide: next wraps to the first.
    await carousel.getByRole('button', { name: 'Next testimonial' }).tap();
    await expect(carousel.getByRole('group', { name: /^1 of 3$/ })).toBeVisible();
  });

  test("the estimate form sent shows the loading toast at once; React's form takes over and sends it once", async ({ page, database }) => {
    const email = `e2e-first-answer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { letTheAppIn } = await openWithoutTheApp(page, '/');
    const form = page.getByRole('form', { name: 'Get Your Free Estimate' });
    await form.getByLabel('Name').fill('  Early Visitor ');
    await form.getByLabel('Phone').fill('(856) 555-0178');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Tell us about your project').fill('Oak on the stairs.');
    const send = form.getByRole('button', { name: 'Send My Request' });
    await send.tap();
    const sending = page.getByRole('listitem').filter({ hasText: 'Sending your message...' });
    await expect(sending).toBeVisible();
    await expect(sending.getByText('Please wait while we process your request.')).toBeVisible();
    // As while React's form sends: nothing in it can be changed or sent again, and the button reads 'Submitting...'.
    const submitting = form.getByRole('button', { name: 'Submitting...' });
    await expect(submitting).toBeDisabled();
    await expect(send).toHaveCount(0);
    expect(await submitting.evaluate((button) => getComputedStyle(button, '::after').content)).toBe('"Submitting..."');
    await expect(form.getByLabel('Name')).toBeDisabled();
    await expectAccessible(page, 'the loading toast answered before the app is up');
    // A second tap sends nothing more.
    await submitting.tap({ force: true });

    await letTheAppIn();
    await expect(page.getByText("Message received! We'll be in touch soon.")).toBeVisible(FORM_ANSWER);
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(send).toBeEnabled();
    await expect.poll(async () => (await database.rowsWhere('contacts', { email })).length).toBe(1);
    expect((await database.rowsWhere('contacts', { email }))[0]).toMatchObject({ name: 'Early Visitor', phone: '(856) 555-0178' });
    // Only the toasts React's form showed are left (the loading one goes after its 2 s).
    await expect(page.getByText('Sending your message...')).toHaveCount(0);
  });

  test('the estimate form sent empty before the app is up shows the browser\'s own check at once, and sends nothing', async ({ page }) => {
    const { letTheAppIn } = await openWithoutTheApp(page, '/');
    const form = page.getByRole('form', { name: 'Get Your Free Estimate' });
    await form.getByRole('button', { name: 'Send My Request' }).tap();
    const name = form.getByLabel('Name');
    await expect(name).toBeFocused();
    await expect(name).not.toHaveJSProperty('validationMessage', '');
    await expect(page.getByText('Sending your message...')).toHaveCount(0);
    await page.keyboard.type('Pat Visitor');

    await letTheAppIn();
    await expect(name).toHaveValue('Pat Visitor');
    await expect(page.getByText('Sending your message...')).toHaveCount(0);
    // React's form holds the typed name: sent now, the browser asks for the next empty field.
    await form.getByRole('button', { name: 'Send My Request' }).tap();
    await expect(form.getByLabel('Phone')).toBeFocused();
  });

  test("an estimate request whose name is spaces only passes the browser's check, not the form's: React's form says so, the toast goes", async ({ page }) => {
    const { letTheAppIn } = await openWithoutTheApp(page, '/');
    const form = page.getByRole('form', { name: 'Get Your Free Estimate' });
    await form.getByLabel('Name').fill('   ');
    await form.getByLabel('Phone').fill('(856) 555-0179');
    await form.getByLabel('Email').fill('spaces-only@example.com');
    await form.getByLabel('Tell us about your project').fill('Tile in the bath.');
    await form.getByRole('button', { name: 'Send My Request' }).tap();
    await expect(page.getByText('Sending your message...')).toBeVisible();

    await letTheAppIn();
    await expect(form.getByText('Please enter your name.')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Name')).toBeFocused();
    await expect(page.getByText('Sending your message...')).toHaveCount(0);
    await expect(form.getByLabel('Email')).toHaveValue('spaces-only@example.com');
    await expect(form.getByRole('button', { name: 'Send My Request' })).toBeEnabled();
  });

  test("an empty partner application shows what is missing at once; React's form takes over with what was typed", async ({ page }) => {
    const { letTheAppIn } = await openWithoutTheApp(page, '/realtors');
    await page.getByRole('button', { name: 'Submit Application' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fix 4 fields before sending your application:' })).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Full Name' });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await expectAccessible(page, 'the partner form answered before the app is up');
    await page.keyboard.type('Pat Realtor');

    await letTheAppIn();
    await expect(name).toHaveValue('Pat Realtor');
    await expect(name).toBeFocused();
    // React's form holds the typed name: its problem is gone from the list, which is not read out again (it has left
    // the alert region, as after any field worked on).
    await expect(page.getByText('Please fix 3 fields before sending your application:')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fix' })).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  });
  test("an empty investor application, its marketing-texts box unticked, shows what is missing at once", async ({ page }) => {
    const { letTheAppIn } = await openWithoutTheApp(page, '/investors');
    const texts = page.getByRole('checkbox');
    await expect(texts).not.toBeChecked();
    await page.getByRole('button', { name: 'Submit Application' }).tap();
    // An unticked box's value is "on": the page's own answer once took it for a filled-in form and waited for the app.
    await expect(page.getByRole('alert').filter({ hasText: /Please fix \d+ fields before sending your application:/ })).toBeVisible();

    await letTheAppIn();
    await expect(page.getByRole('alert').filter({ hasText: /Please fix \d+ fields before sending your application:/ })).toBeVisible();
    await expect(texts).not.toBeChecked();
  });
  test('a field filled before the app is up keeps its text when the visitor types on just as React takes the page over', async ({
    page,
  }) => {
    const { letTheAppIn } = await openWithoutTheApp(page, '/investors');
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await name.fill('Marcus Taylor');
    // The next keystroke lands in the same task as React's hydration, right after it: React sets every field's
    // default value as it hydrates, and a keystroke then is the earliest one React itself handles.
    await email.evaluate((field: HTMLInputElement) => {
      const typeAfterHydration = new MutationObserver(() => {
        typeAfterHydration.disconnect();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, 'marcus@example.com');
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
      typeAfterHydration.observe(field, { attributes: true, attributeFilter: ['value'] });
    });

    await letTheAppIn();
    await expect(email).toHaveValue('marcus@example.com');
    await expect(name).toHaveValue('Marcus Taylor');
    // React holds both: sent with two fields empty, only those two are listed.
    await page.getByRole('button', { name: 'Submit Application' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fix 2 fields before sending your application:' })).toBeVisible();
  });
});
