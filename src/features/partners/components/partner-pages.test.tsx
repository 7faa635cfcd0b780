import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import * as sonner from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { business } from '@/config/business';
import { marketingTextsFor, phoneConsent } from '@/content/phone-consent';
import { pageTexts, toasts } from '@/content/spec-texts';
import { server } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { restUrl } from '@/testing/test-env';

/**
 * Both partner pages share their layout and form behaviour, so each behaviour is checked on both, through the
 * real routes, the way a visitor meets them. Each program differs only in its texts, table and fields.
 */
const programs = [
  {
    path: '/realtors',
    table: 'realtors',
    heading: /Refer Your Clients/,
    cardTitle: 'Become a Partner',
    successToast: toasts.realtorSuccess,
    logMessage: 'Realtor application failed:',
    required: [
      {
        label: 'Full Name',
        column: 'name',
        typed: '  Jessica Moore  ',
        stored: 'Jessica Moore',
        error: 'Please enter your full name.',
      },
      {
        label: 'Email',
        column: 'email',
        typed: ' jess@homesnj.com ',
        stored: 'jess@homesnj.com',
        error: 'Please enter your email address.',
      },
      {
        label: 'Phone',
        column: 'phone',
        typed: ' (856) 555-0147 ',
        stored: '(856) 555-0147',
        error: 'Please enter your phone number.',
      },
      {
        label: 'Brokerage',
        column: 'brokerage',
        typed: '\tShore Realty Group  ',
        stored: 'Shore Realty Group',
        error: 'Please enter your brokerage.',
      },
    ],
    optional: { label: /Instagram/, column: 'instagram', typed: '  @jessmoore.homes ', stored: 'jessmoore.homes' },
    /** Beyond the spec's fields: the version of the consent words beside the phone field (decision 021). */
    consent: { phone_consent_version: phoneConsent.version },
  },
  {
    path: '/investors',
    table: 'investors',
    heading: /Better Floors\. Better Margins/,
    cardTitle: 'Become an Investor Partner',
    successToast: toasts.investorSuccess,
    logMessage: 'Investor application failed:',
    required: [
      {
        label: 'Name',
        column: 'name',
        typed: '  Marcus Taylor ',
        stored: 'Marcus Taylor',
        error: 'Please enter your name.',
      },
      {
        label: 'Email',
        column: 'email',
        typed: ' marcus@flipco.com  ',
        stored: 'marcus@flipco.com',
        error: 'Please enter your email address.',
      },
      {
        label: 'Phone',
        column: 'phone',
        typed: '856-555-0199 ',
        stored: '856-555-0199',
        error: 'Please enter your phone number.',
      },
      {
        label: 'Company',
        column: 'company',
        typed: '  FlipCo Properties LLC ',
        stored: 'FlipCo Properties LLC',
        error: 'Please enter your company.',
      },
    ],
    optional: {
      label: /Investment Focus/,
      column: 'investment_focus',
      typed: ' fix-and-flips in Camden County ',
      stored: 'fix-and-flips in Camden County',
    },
    // The program offers deal alerts: the marketing-texts box, unticked unless the visitor ticks it.
    consent: { phone_consent_version: phoneConsent.version, marketing_texts_consent: false },
  },
] as const;

type Program = (typeof programs)[number];

/** What a screen reader reads with a field holding `error`: the message, and under the phone the consent words. */
const describedAs = (entry: { column: string; error: string }) =>
  entry.column === 'phone' ? `${entry.error} ${phoneConsent.callsAndTexts}` : entry.error;

/** Records every insert the page makes into the program's table and answers as `answer` says. */
function recordInserts(table: string, answer: (request: Request) => Promise<Response> | Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(restUrl(table), async ({ request }) => {
      bodies.push(await request.clone().json());
      return answer(request);
    }),
  );
  return bodies;
}

const stored = () => HttpResponse.json([{ id: crypto.randomUUID() }], { status: 201 });

/** Inserts into `table` are recorded and held unanswered until `release()`, then stored. */
function recordHeldInserts(table: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const bodies = recordInserts(table, async () => {
    await held;
    return stored();
  });
  return { bodies, release };
}
const refused = () => HttpResponse.json({ code: 'XX000', message: 'database unavailable' }, { status: 503 });

async function openPage(program: Program) {
  const view = renderRoute(program.path);
  await screen.findByRole('heading', { level: 1, name: program.heading });
  return view;
}

// Fields by role, so the footer's 'Instagram' link never stands in for the Instagram field.
const field = (label: string | RegExp) => screen.getByRole('textbox', { name: label });
const submitButton = () => screen.getByRole('button', { name: 'Submit Application' });

describe.each(programs)('$path', (program) => {
  async function fillIn(user: Awaited<ReturnType<typeof openPage>>['user'], withOptional = false) {
    for (const entry of program.required) await user.type(field(entry.label), entry.typed);
    if (withOptional) await user.type(field(program.optional.label), program.optional.typed);
  }

  it('opens at the top of the page, instantly, whatever the scroll position before', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await openPage(program);
    // On mount, and again once the router has had its turn at restoring a saved position; the last word is the page's.
    const toTop = () =>
      scrollTo.mock.calls.filter(
        ([options]) => JSON.stringify(options) === JSON.stringify({ top: 0, left: 0, behavior: 'instant' }),
      );
    await waitFor(() => expect(toTop()).toHaveLength(2));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('has its own title and description and a back link to the home page', async () => {
    await openPage(program);
    await waitFor(() =>
      expect(document.title).toMatch(
        program.path === '/realtors' ? /^Realtor Referral Program \| / : /^Investor Partner Program \| /,
      ),
    );
    expect(document.title).toContain(business.name);
    const description = document.head.querySelector('meta[name="description"]');
    expect(description?.getAttribute('content')).toMatch(
      program.path === '/realtors' ? /free headshot sessions/ : /10-25% off retail/,
    );

    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  // Decisions 040 and 032 (session 33): the hero lists the spec's "Licensed & Insured" as plain text, with no hint to
  // open, so what it stands on is said beside it: the New Jersey registration (its number, N.J.A.C. 13:45A-17.11(d)2)
  // and the liability insurance registration requires (N.J.S.A. 56:8-142).
  it('says beside "Licensed & Insured" in the hero the registration number and the insurance it requires', async () => {
    await openPage(program);
    const hero = screen.getByRole('heading', { level: 1, name: program.heading }).closest('section')!;
    const trustPoints = within(hero).getByText('Licensed & Insured').closest('ul')!;
    expect(trustPoints.nextElementSibling).toHaveTextContent(
      `NJ Home Improvement Contractor Reg. No. ${business.registrationNumber}. New Jersey registers only contractors with liability insurance.`,
    );
    expect(trustPoints.nextElementSibling).toBeVisible();
  });

  it("'Join the Program' scrolls smoothly to the application card and moves focus there", async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = await openPage(program);
    await user.click(screen.getByRole('button', { name: pageTexts.realtors.heroButton }));

    const card = screen.getByRole('region', { name: program.cardTitle });
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(card);
    expect(card).toHaveFocus();
  });

  it("'Join the Program' jumps without animation when the visitor prefers reduced motion", async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = await openPage(program);
    await user.click(screen.getByRole('button', { name: pageTexts.realtors.heroButton }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('labels every field and marks only the optional one as optional', async () => {
    await openPage(program);
    const card = screen.getByRole('region', { name: program.cardTitle });
    for (const entry of program.required) {
      expect(within(card).getByRole('textbox', { name: entry.label })).toBeRequired();
    }
    expect(within(card).getByRole('textbox', { name: program.optional.label })).not.toBeRequired();
    expect(within(card).getByText('(optional)')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Phone')).toHaveAttribute('type', 'tel');
    // The spec turns the browser's own validation off; the page checks the fields itself.
    expect(submitButton().closest('form')).toHaveAttribute('novalidate');
  });

  it('sends nothing when every field is empty: each required field says what is missing, the summary is announced, focus goes to the first', async () => {
    const bodies = recordInserts(program.table, stored);
    const { user } = await openPage(program);
    // What a screen reader reads as focus arrives: the field's message must already be under it.
    let describedOnFocus: string | null = null;
    const first = field(program.required[0].label);
    first.addEventListener('focus', () => (describedOnFocus = first.getAttribute('aria-describedby')));
    await user.click(submitButton());

    expect(describedOnFocus).not.toBeNull();
    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent(`Please fix ${program.required.length} fields before sending your application:`);
    for (const entry of program.required) {
      const input = field(entry.label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(describedAs(entry));
      expect(summary).toHaveTextContent(entry.error);
    }
    expect(field(program.optional.label)).not.toHaveAttribute('aria-invalid');
    expect(field(program.required[0].label)).toHaveFocus();
    expect(bodies).toHaveLength(0);
  });

  it('treats a field of spaces as empty and moves focus to the first field still missing', async () => {
    const bodies = recordInserts(program.table, stored);
    const { user } = await openPage(program);
    const [first, second, third, fourth] = program.required;
    await user.type(field(first.label), first.typed);
    await user.type(field(second.label), second.typed);
    await user.type(field(third.label), '   ');
    await user.type(field(fourth.label), fourth.typed);
    await user.click(submitButton());

    expect(screen.getByRole('alert')).toHaveTextContent('Please fix 1 field before sending your application:');
    expect(field(third.label)).toHaveAccessibleDescription(describedAs(third));
    expect(field(third.label)).toHaveFocus();
    expect(field(first.label)).not.toHaveAttribute('aria-invalid');
    expect(bodies).toHaveLength(0);
  });

  it('refuses an e-mail address that is not one, and lets the summary link take focus to the field', async () => {
    const bodies = recordInserts(program.table, stored);
    const { user } = await openPage(program);
    for (const entry of program.required) {
      await user.type(field(entry.label), entry.column === 'email' ? 'jess at homes' : entry.typed);
    }
    await user.click(submitButton());

    const message = 'Please enter a valid email address, like name@example.com.';
    expect(field('Email')).toHaveAccessibleDescription(message);
    expect(field('Email')).toHaveFocus();
    expect(bodies).toHaveLength(0);

    await user.click(field('Phone'));
    await user.click(within(screen.getByRole('alert')).getByRole('link', { name: `Email: ${message}` }));
    expect(field('Email')).toHaveFocus();
  });

  // The notice at the point of collection: what the details are for, that they are not sold or shared, and where
  // the whole policy is (opening beside the form, so nothing typed is lost).
  it('says under the button what the details are used for, with the privacy policy a tap away', async () => {
    await openPage(program);
    const card = within(screen.getByRole('region', { name: program.cardTitle }));
    expect(
      card.getByText(
        /^We only use your details to contact you about the program\. We never sell them or share them for anyone else's use\./,
      ),
    ).toBeInTheDocument();
    const link = card.getByRole('link', { name: 'Privacy Policy' });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('says beside the phone field that we may call or text about the request, not as a condition of buying', async () => {
    await openPage(program);
    const card = within(screen.getByRole('region', { name: program.cardTitle }));
    expect(card.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(phoneConsent.callsAndTexts);
    expect(phoneConsent.callsAndTexts).toMatch(
      /call or text you at that number about this request\. Agreeing is not a condition of buying anything\./,
    );
    const box = card.queryByRole('checkbox');
    if (program.path === '/investors') {
      // Deal alerts are marketing: an optional box, unticked, that says what ticking it means.
      expect(box).not.toBeChecked();
      expect(box).not.toBeRequired();
      expect(box).toHaveAccessibleName(marketingTextsFor(business.name).label);
      expect(box).toHaveAccessibleDescription(marketingTextsFor(business.name).details);
    } else {
      expect(box).toBeNull();
    }
  });

  it('takes a message away as soon as its field is worked on', async () => {
    recordInserts(program.table, stored);
    const { user } = await openPage(program);
    await user.click(submitButton());
    const first = program.required[0];
    await user.type(field(first.label), 'J');
    expect(field(first.label)).not.toHaveAttribute('aria-invalid');
    expect(
      screen.getByText(`Please fix ${program.required.length - 1} fields before sending your application:`),
    ).toBeVisible();
    // Announced once per refusal: the summary has left the alert region, so its new count is not read out over the
    // visitor's typing (it was, whole, at each field's first keystroke); the next refusal is announced again.
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Please fix ${program.required.length - 1} fields before sending your application:`,
    );
  });

  it('sends every value trimmed and an empty optional field as null; disables the button while submitting; then clears the form with the welcome toast', async () => {
    const success = vi.spyOn(sonner.toast, 'success');
    const { bodies, release } = recordHeldInserts(program.table);
    const { user } = await openPage(program);
    await fillIn(user);
    await user.click(submitButton());

    const busy = await screen.findByRole('button', { name: pageTexts.submitting });
    expect(busy).toBeDisabled();
    // A screen reader hears the form is busy, not only that its button went grey.
    expect(busy.closest('form')).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    release();

    expect(await screen.findByText(program.successToast.title)).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(program.successToast.title, { duration: 5000 });
    expect(bodies).toHaveLength(1);
    const [row] = bodies[0] as [Record<string, unknown>];
    expect(row).toEqual({
      ...Object.fromEntries(program.required.map((entry) => [entry.column, entry.stored])),
      [program.optional.column]: null,
      ...program.consent,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    for (const entry of program.required) expect(field(entry.label)).toHaveValue('');
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByRole('button', { name: pageTexts.submitting })).not.toBeInTheDocument();
  });

  // The database refuses these lengths too: without the form's own check the visitor would read 'Application
  // failed' and not which field to shorten.
  it('says under the name and the phone when they are longer than the database takes, and sends nothing', async () => {
    const bodies = recordInserts(program.table, stored);
    const { user } = await openPage(program);
    await fillIn(user);
    const [name, , phone] = program.required;
    await user.clear(field(name.label));
    await user.click(field(name.label));
    await user.paste('N'.repeat(121));
    await user.clear(field(phone.label));
    await user.click(field(phone.label));
    await user.paste('5'.repeat(41));
    await user.click(submitButton());

    expect(field(name.label)).toHaveAccessibleDescription('Please enter a name of at most 120 characters.');
    expect(field(phone.label)).toHaveAccessibleDescription(
      `Please enter a phone number of at most 40 characters. ${phoneConsent.callsAndTexts}`,
    );
    expect(field(name.label)).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  // A second press before the disabled button has rendered (React Query's isPending turns true only after a
  // render) would store the application, and e-mail the office and the visitor, twice.
  it('stores one application when the button is pressed twice in a row', async () => {
    const { bodies, release } = recordHeldInserts(program.table);
    const { user } = await openPage(program);
    await fillIn(user);
    // Two presses in one go, before React Query's next render: user-event waits between clicks, long enough for it.
    fireEvent.click(submitButton());
    fireEvent.click(submitButton());
    release();

    expect(await screen.findByText(program.successToast.title)).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('sends the optional field trimmed when it is filled in', async () => {
    const bodies = recordInserts(program.table, stored);
    const { user } = await openPage(program);
    await fillIn(user, true);
    await user.click(submitButton());

    await screen.findByText(program.successToast.title);
    const [row] = bodies[0] as [Record<string, unknown>];
    expect(row[program.optional.column]).toBe(program.optional.stored);
    expect(field(program.optional.label)).toHaveValue('');
  });

  it("keeps the values and shows 'Application failed' with the business e-mail when both inserts fail; the error is logged", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = vi.spyOn(sonner.toast, 'error');
    const bodies = recordInserts(program.table, refused);
    const { user } = await openPage(program);
    await fillIn(user, true);
    await user.click(submitButton());

    expect(await screen.findByText('Application failed')).toBeInTheDocument();
    expect(
      screen.getByText(
        `We couldn't process your application right now. Please email us directly at ${business.email} or try again.`,
      ),
    ).toBeInTheDocument();
    expect(failure).toHaveBeenCalledWith('Application failed', {
      description: toasts.partnerFailure.description,
      duration: 6000,
    });
    // The client insert and then the direct fallback: the visitor hears of a failure only when both fail.
    expect(bodies).toHaveLength(2);
    expect(consoleError).toHaveBeenCalledWith(program.logMessage, expect.objectContaining({ name: 'InsertError' }));

    // An email input drops surrounding spaces itself (HTML value sanitisation); every other field shows what was typed.
    for (const entry of program.required) {
      expect(field(entry.label)).toHaveValue(entry.column === 'email' ? entry.typed.trim() : entry.typed);
    }
    expect(field(program.optional.label)).toHaveValue(program.optional.typed);
    expect(submitButton()).toBeEnabled();
  });

  // The form keeps the values so that the visitor can press again: that press must send them (a guard left set
  // after the failure would swallow it, with no toast and no row).
  it('sends the kept values when the visitor presses again after a failure, and stores them then', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const bodies = recordInserts(program.table, () => (++calls <= 2 ? refused() : stored()));
    const { user } = await openPage(program);
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByText('Application failed')).toBeInTheDocument();

    await user.click(submitButton());
    expect(await screen.findByText(program.successToast.title)).toBeInTheDocument();
    expect(bodies).toHaveLength(3);
    for (const entry of program.required) expect(field(entry.label)).toHaveValue('');
  });

  it('succeeds through the fallback when only the client insert fails', async () => {
    let calls = 0;
    const bodies = recordInserts(program.table, () => (++calls === 1 ? refused() : stored()));
    const { user } = await openPage(program);
    await fillIn(user);
    await user.click(submitButton());

    expect(await screen.findByText(program.successToast.title)).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({
      [program.required[0].column]: program.required[0].stored,
      [program.optional.column]: null,
    });
  });
});

describe('/investors marketing texts', () => {
  // Session 23 (decision 021): prior express written consent authorises "the seller" to send automated marketing
  // texts to a number, and says it is no condition of purchase (47 CFR 64.1200(f)(9), law); the carriers' rules
  // (CTIA) ask a sign-up for the brand, how often, rates, STOP and HELP. The box of 2026-11-28 named nobody and said
  // nothing of frequency or HELP.
  it("names the business the visitor lets text them, and says what the law and the carriers' rules ask", async () => {
    await openPage(programs[1]);
    const box = screen.getByRole('checkbox', {
      name: `Yes, ${business.name} may text me deal alerts and clearance offers at the number above.`,
    });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'These are marketing texts and may be sent automatically. Ticking this box is optional and is not a condition of buying anything. Message frequency varies. Message and data rates may apply. Reply STOP to any text to stop them, or HELP for help.',
    );
    expect(screen.queryByText(/\{business\}/)).toBeNull();
  });

  it('sends the box ticked only when the visitor ticks it, and unticks it with the rest of the form', async () => {
    const investors = programs[1];
    const bodies = recordInserts(investors.table, stored);
    const { user } = await openPage(investors);
    for (const entry of investors.required) await user.type(field(entry.label), entry.typed);
    const box = screen.getByRole('checkbox', { name: marketingTextsFor(business.name).label });
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(submitButton());

    await screen.findByText(investors.successToast.title);
    expect(bodies[0]).toEqual([
      expect.objectContaining({ phone_consent_version: phoneConsent.version, marketing_texts_consent: true }),
    ]);
    expect(screen.getByRole('checkbox', { name: marketingTextsFor(business.name).label })).not.toBeChecked();
  });
});

describe('/investors marketing texts, changed mind', () => {
  // The row is the record of what the visitor agreed to: a box ticked and then unticked is no consent to deal alerts.
  it('sends the box unticked when the visitor ticks it and unticks it again', async () => {
    const investors = programs[1];
    const bodies = recordInserts(investors.table, stored);
    const { user } = await openPage(investors);
    for (const entry of investors.required) await user.type(field(entry.label), entry.typed);
    const box = screen.getByRole('checkbox', { name: marketingTextsFor(business.name).label });
    await user.click(box);
    await user.click(box);
    expect(box).not.toBeChecked();
    await user.click(submitButton());

    await screen.findByText(investors.successToast.title);
    expect(bodies[0]).toEqual([expect.objectContaining({ marketing_texts_consent: false })]);
  });
});

describe('/realtors content', () => {
  it('carries every line of the spec: why, three benefits, the rewards, a testimonial and the application card', async () => {
    await openPage(programs[0]);
    const why = screen.getByRole('region', { name: 'Why Realtors Love Working With Us' });
    expect(within(why).getAllByRole('listitem')).toHaveLength(3);

    const rewards = screen.getByRole('region', { name: 'Your Referral Rewards' });
    expect(
      within(rewards)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Free headshot sessions', '1 hour in the content creation studio', 'Cooler giveaways and more']);

    const testimonial = screen.getByRole('region', { name: 'A Sample Testimonial' });
    expect(within(testimonial).getByRole('blockquote')).toHaveTextContent(/headshot session/);
    expect(within(testimonial).getByText('Jessica M., Cherry Hill')).toBeInTheDocument();
    expect(within(testimonial).getByText("Sample text, not a real customer's words.")).toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Become a Partner' });
    expect(within(card).getByRole('textbox', { name: 'Full Name' })).toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: /Instagram/ })).toHaveAttribute('placeholder', '@yourhandle');
  });
});

describe('/investors content', () => {
  it('carries every line of the spec: hero, three benefits, the benefits list, a testimonial and the application card', async () => {
    await openPage(programs[1]);
    expect(screen.getByRole('button', { name: 'Join the Program' })).toBeInTheDocument();
    const why = screen.getByRole('region', { name: 'Why Investors Partner With Us' });
    expect(within(why).getAllByRole('listitem')).toHaveLength(3);

    const benefits = screen.getByRole('region', { name: 'Investor Partner Benefits' });
    expect(
      within(benefits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Bulk discount pricing (10-25% off retail)',
      'Exclusive deal alerts and clearance access',
      'Ambassador rewards for referrals',
      'Priority scheduling',
    ]);

    const testimonial = screen.getByRole('region', { name: 'A Sample Testimonial' });
    expect(within(testimonial).getByRole('blockquote')).toHaveTextContent(/investor pricing/);
    expect(within(testimonial).getByText('Marcus T., Glassboro')).toBeInTheDocument();
    expect(within(testimonial).getByText("Sample text, not a real customer's words.")).toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Become an Investor Partner' });
    for (const label of ['Name', 'Email', 'Phone', 'Company', /Investment Focus/]) {
      expect(within(card).getByRole('textbox', { name: label })).toBeInTheDocument();
    }
  });
});

// Both programs reward partners for referrals; a partner who recommends the business without saying so has a connection
// the listener does not expect (16 CFR 255.5), and the advertiser answers for it too: the page that offers the
// rewards tells the partner to say it (decision 032, session 30).
describe.each([
  { path: '/realtors', perks: 'Your Referral Rewards' },
  { path: '/investors', perks: 'Investor Partner Benefits' },
])('$path: the rewards for referrals', ({ path, perks }) => {
  it('come with the words telling a partner to say they are rewarded when they recommend us', async () => {
    await openPage(programs.find((program) => program.path === path)!);
    expect(
      within(screen.getByRole('region', { name: perks })).getByText(
        'When you recommend us to anyone, in person or in a post, tell them we reward you for referrals: the Federal Trade Commission asks anyone rewarded for a recommendation to say so.',
      ),
    ).toBeInTheDocument();
  });
});
