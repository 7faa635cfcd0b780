import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { business } from '@/config/business';
import { phoneConsent } from '@/content/phone-consent';
import { pageTexts, toasts } from '@/content/spec-texts';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { restUrl } from '@/testing/test-env';
import { ContactForm } from './contact-form';

// The real sonner, with its toast functions wrapped so a test can read the options (the durations) they got.
vi.mock('sonner', async (importOriginal) => {
  const actual = await importOriginal<typeof import('sonner')>();
  const wrapped = Object.assign(vi.fn(actual.toast), actual.toast, {
    success: vi.fn(actual.toast.success),
    error: vi.fn(actual.toast.error),
  });
  return { ...actual, toast: wrapped };
});

const typed = {
  name: '  Karen Walsh ',
  email: ' karen@example.com  ',
  phone: ' (856) 555-0142 ',
  message: '  Two bedrooms, carpet to LVP.  ',
};
const trimmed = {
  name: 'Karen Walsh',
  email: 'karen@example.com',
  phone: '(856) 555-0142',
  message: 'Two bedrooms, carpet to LVP.',
};

function fields() {
  return {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    phone: screen.getByLabelText('Phone'),
    message: screen.getByLabelText('Tell us about your project'),
  };
}

async function fillAndSubmit(user: ReturnType<typeof renderWithProviders>['user']) {
  const f = fields();
  await user.type(f.name, typed.name);
  await user.type(f.email, typed.email);
  await user.type(f.phone, typed.phone);
  await user.type(f.message, typed.message);
  await user.click(screen.getByRole('button', { name: /send my request/i }));
}

/** A contacts endpoint that holds its answer until the test releases it, recording each body it gets. */
function holdContactsEndpoint(answer: () => Response) {
  const bodies: unknown[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post(restUrl('contacts'), async ({ request }) => {
      bodies.push(await request.json());
      await released;
      return answer();
    }),
  );
  return { bodies, release };
}

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe('the estimate form', () => {
  it('has the four required fields with browser checks and a 120 px message box', () => {
    renderWithProviders(<ContactForm />);
    const f = fields();
    for (const field of Object.values(f)) expect(field).toBeRequired();
    expect(f.email).toHaveAttribute('type', 'email');
    expect(f.phone).toHaveAttribute('type', 'tel');
    expect(f.message.tagName).toBe('TEXTAREA');
    expect(f.message).toHaveClass('min-h-[120px]');
    expect(screen.getByRole('form', { name: pageTexts.home.contactFormTitle })).toBeInTheDocument();
  });

  it('says beside the phone field that we may call or text about the request, not as a condition of buying', () => {
    renderWithProviders(<ContactForm />);
    expect(fields().phone).toHaveAccessibleDescription(phoneConsent.callsAndTexts);
    expect(screen.getByText(phoneConsent.callsAndTexts)).toBeVisible();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('disables everything while sending, sends trimmed values, then shows the success toast and empties the form', async () => {
    const endpoint = holdContactsEndpoint(() => HttpResponse.json([{ id: 'x' }], { status: 201 }));
    const { user } = renderWithProviders(<ContactForm />);
    await fillAndSubmit(user);

    // Pending: every input and the button are disabled, the button reads 'Submitting...', the loading toast shows.
    const button = await screen.findByRole('button', { name: pageTexts.submitting });
    expect(button).toBeDisabled();
    for (const field of Object.values(fields())) expect(field).toBeDisabled();
    expect(await screen.findByText(toasts.contactLoading.title)).toBeInTheDocument();
    expect(screen.getByText(toasts.contactLoading.description)).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(
      toasts.contactLoading.title,
      expect.objectContaining({ description: toasts.contactLoading.description, duration: 2000 }),
    );

    endpoint.release();
    expect(await screen.findByText(toasts.contactSuccess.title)).toBeInTheDocument();
    expect(screen.getByText(toasts.contactSuccess.description)).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(
      toasts.contactSuccess.title,
      expect.objectContaining({ description: toasts.contactSuccess.description, duration: 5000 }),
    );
    expect(toast.error).not.toHaveBeenCalled();

    expect(endpoint.bodies).toHaveLength(1);
    // The spec's four values, and the version of the consent words shown beside the phone field (decision 021).
    expect(endpoint.bodies[0]).toEqual([
      { ...trimmed, phone_consent_version: phoneConsent.version, id: expect.any(String) },
    ]);

    const f = fields();
    for (const field of Object.values(f)) {
      expect(field).toHaveValue('');
      expect(field).toBeEnabled();
    }
    expect(screen.getByRole('button', { name: /send my request/i })).toBeEnabled();
  });

  // Session 21: the answer came well inside the loading toast's 2 s, and "Sending your message..." stood, spinner and
  // all, beside "Message received!" (and beside "Submission failed"), saying the message was still being sent.
  it.each([
    ['Message received!', () => HttpResponse.json([{ id: 'x' }], { status: 201 }), toasts.contactSuccess.title],
    [
      'Submission failed',
      () => HttpResponse.json({ code: 'XX000', message: 'database unavailable' }, { status: 503 }),
      toasts.contactFailure.title,
    ],
  ])("the answer, %s, takes the loading toast's place: the two never show together", async (_, answer, title) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const endpoint = holdContactsEndpoint(answer);
    const { user } = renderWithProviders(<ContactForm />);
    await fillAndSubmit(user);
    expect(await screen.findByText(toasts.contactLoading.title)).toBeInTheDocument();

    endpoint.release();
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.queryByText(toasts.contactLoading.title)).not.toBeInTheDocument();
    expect(screen.queryByText(toasts.contactLoading.description)).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-sonner-toast'))).toHaveLength(1);
    vi.mocked(console.error).mockRestore();
  });

  it('keeps the values, logs the error and shows the failure toast with the phone when both inserts fail', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const endpoint = holdContactsEndpoint(() =>
      HttpResponse.json({ code: 'XX000', message: 'database unavailable' }, { status: 503 }),
    );
    const { user } = renderWithProviders(<ContactForm />);
    await fillAndSubmit(user);
    endpoint.release();

    expect(await screen.findByText(toasts.contactFailure.title)).toBeInTheDocument();
    expect(screen.getByText(toasts.contactFailure.description)).toBeInTheDocument();
    expect(toasts.contactFailure.description).toContain(business.phone);
    expect(toast.error).toHaveBeenCalledWith(
      toasts.contactFailure.title,
      expect.objectContaining({ description: toasts.contactFailure.description, duration: 6000 }),
    );
    expect(toast.success).not.toHaveBeenCalled();

    // Both the client insert and the direct fallback were tried.
    expect(endpoint.bodies).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('button', { name: /send my request/i })).toBeEnabled());
    const f = fields();
    expect(f.name).toHaveValue(typed.name);
    // An email input's value drops surrounding spaces by itself (HTML value sanitisation).
    expect(f.email).toHaveValue(typed.email.trim());
    expect(f.phone).toHaveValue(typed.phone);
    expect(f.message).toHaveValue(typed.message);
    expect(consoleError).toHaveBeenCalledWith('Contact request failed:', expect.any(Error));
  });

  // The form keeps the values so that the visitor can press again: that press must send them (a guard left set
  // after the failure would swallow it, with no toast and no request).
  it('sends the kept values when the visitor presses again after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bodies: unknown[] = [];
    server.use(
      http.post(restUrl('contacts'), async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length <= 2
          ? HttpResponse.json({ code: 'XX000', message: 'database unavailable' }, { status: 503 })
          : HttpResponse.json([{ id: crypto.randomUUID() }], { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ContactForm />);
    await fillAndSubmit(user);
    expect(await screen.findByText(toasts.contactFailure.title)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: /send my request/i });
    await waitFor(() => expect(send).toBeEnabled());

    await user.click(send);
    expect(await screen.findByText(toasts.contactSuccess.title)).toBeInTheDocument();
    expect(bodies).toHaveLength(3);
    expect(fields().name).toHaveValue('');
  });

  it('says under the field what the database would refuse, moves focus there, and sends nothing', async () => {
    // No handler for contacts: a request would be an unhandled MSW request and fail the test.
    const { user } = renderWithProviders(<ContactForm />);
    const f = fields();
    await user.type(f.name, '=HYPERLINK("http://example.com")');
    await user.type(f.email, typed.email);
    await user.type(f.phone, 'call me after 5');
    await user.type(f.message, typed.message);
    // What a screen reader reads as focus arrives: the field's message must already be under it.
    let describedOnFocus: string | null = null;
    f.name.addEventListener('focus', () => (describedOnFocus = f.name.getAttribute('aria-describedby')));
    await user.click(screen.getByRole('button', { name: /send my request/i }));

    expect(describedOnFocus).not.toBeNull();
    expect(f.name).toHaveAccessibleDescription('Please start your name with a letter (not =, +, - or @).');
    expect(f.name).toHaveAttribute('aria-invalid', 'true');
    expect(f.phone).toHaveAccessibleDescription(
      `Please enter a phone number with digits, spaces and ( ) + - . only, like (856) 555-0100. ${phoneConsent.callsAndTexts}`,
    );
    expect(f.name).toHaveFocus();
    expect(toast).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();

    // Working on a field clears its message.
    await user.clear(f.name);
    await user.type(f.name, 'Karen');
    expect(f.name).not.toHaveAttribute('aria-invalid');
  });

  // Phone-shaped, so the browser and the database take them, but nobody can ring them back (session 33's journeys).
  it('says under the phone a number typed a digit short or without its area code, and sends nothing', async () => {
    // No handler for contacts: a request would be an unhandled MSW request and fail the test.
    const { user } = renderWithProviders(<ContactForm />);
    const f = fields();
    await user.type(f.name, typed.name);
    await user.type(f.email, typed.email);
    await user.type(f.message, typed.message);
    for (const short of ['856 555 010', '555-0100 ext. 12345']) {
      await user.clear(f.phone);
      await user.type(f.phone, short);
      await user.click(screen.getByRole('button', { name: /send my request/i }));

      expect(f.phone).toHaveAccessibleDescription(
        `Please enter your whole phone number with its area code, like (856) 555-0100. ${phoneConsent.callsAndTexts}`,
      );
      expect(f.phone).toHaveFocus();
    }
    expect(toast).not.toHaveBeenCalled();
  });

  // Session 34's journeys: a number copied from a web page or a contact card looks exactly like the example in the
  // refusal, so a visitor told "like (856) 555-0100" could not see what to change.
  it.each([
    ['non-breaking hyphens', '(856) 555\u20110142', '(856) 555-0142'],
    ['en dashes', '856\u2013555\u20130142', '856-555-0142'],
    ['non-breaking spaces', '(856)\u00a0555\u00a00142', '(856) 555 0142'],
    ['full-width digits', '（８５６） ５５５-０１４２', '(856) 555-0142'],
  ])('takes a phone number pasted with %s, and sends it as keyboard characters', async (_, pasted, sent) => {
    const endpoint = holdContactsEndpoint(() => HttpResponse.json(null, { status: 201 }));
    const { user } = renderWithProviders(<ContactForm />);
    const f = fields();
    await user.type(f.name, typed.name);
    await user.type(f.email, typed.email);
    await user.click(f.phone);
    await user.paste(pasted);
    await user.type(f.message, typed.message);
    await user.click(screen.getByRole('button', { name: /send my request/i }));
    endpoint.release();

    expect(await screen.findByText(toasts.contactSuccess.title)).toBeInTheDocument();
    expect(endpoint.bodies).toEqual([[expect.objectContaining({ phone: sent })]]);
  });

  // The database refuses these lengths too (tests/integration/database-rules.test.ts): without the form's own check
  // the visitor would get "Submission failed" and no word of which field to shorten.
  it('says which field is longer than the database takes, and sends nothing', async () => {
    // No handler for contacts: a request would be an unhandled MSW request and fail the test.
    const { user } = renderWithProviders(<ContactForm />);
    const f = fields();
    await user.click(f.name);
    await user.paste('N'.repeat(121));
    await user.type(f.email, typed.email);
    await user.click(f.phone);
    await user.paste('5'.repeat(41));
    await user.click(f.message);
    await user.paste('m'.repeat(5001));
    await user.click(screen.getByRole('button', { name: /send my request/i }));

    expect(f.name).toHaveAccessibleDescription('Please enter a name of at most 120 characters.');
    expect(f.phone).toHaveAccessibleDescription(
      `Please enter a phone number of at most 40 characters. ${phoneConsent.callsAndTexts}`,
    );
    expect(f.message).toHaveAccessibleDescription('Please keep your message to 5000 characters.');
    expect(f.name).toHaveFocus();
    expect(toast).not.toHaveBeenCalled();
  });

  // A second tap before the disabled button has rendered (or while the form's code loads on a slow phone) would
  // store the request, and e-mail the office, twice.
  it('sends one request when the button is pressed twice in a row', async () => {
    const endpoint = holdContactsEndpoint(() => HttpResponse.json([{ id: 'x' }], { status: 201 }));
    const { user } = renderWithProviders(<ContactForm />);
    const f = fields();
    await user.type(f.name, typed.name);
    await user.type(f.email, typed.email);
    await user.type(f.phone, typed.phone);
    await user.type(f.message, typed.message);
    await user.dblClick(screen.getByRole('button', { name: /send my request/i }));
    endpoint.release();

    expect(await screen.findByText(toasts.contactSuccess.title)).toBeInTheDocument();
    expect(endpoint.bodies).toHaveLength(1);
  });

  it('treats a name of invisible characters as empty', async () => {
    const { user } = renderWithProviders(<ContactForm />);
    const f = fields();
    await user.type(f.name, '\u200b\u3164\u2800');
    await user.type(f.email, typed.email);
    await user.type(f.phone, typed.phone);
    await user.type(f.message, typed.message);
    await user.click(screen.getByRole('button', { name: /send my request/i }));

    expect(f.name).toHaveAccessibleDescription('Please enter your name.');
    expect(toast).not.toHaveBeenCalled();
  });

  it('sends a message with a NUL byte pasted into it without the NUL', async () => {
    const endpoint = holdContactsEndpoint(() => HttpResponse.json([{ id: 'stored' }], { status: 201 }));
    const { user } = renderWithProviders(<ContactForm />);
    const f = fields();
    await user.type(f.name, typed.name);
    await user.type(f.email, typed.email);
    await user.type(f.phone, '+1 856 555 0100');
    await user.click(f.message);
    await user.paste('Oak\u0000 floors');
    await user.click(screen.getByRole('button', { name: /send my request/i }));
    endpoint.release();

    expect(await screen.findByText(toasts.contactSuccess.title)).toBeInTheDocument();
    expect(endpoint.bodies[0]).toEqual([expect.objectContaining({ phone: '+1 856 555 0100', message: 'Oak floors' })]);
  });
});
