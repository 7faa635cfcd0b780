import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_REFUSAL } from '@contracts/visualizer-webhook';
import { WOOD_STYLES } from '@contracts/wood-styles';
import { business } from '@/config/business';
import { ANSWER_DEADLINE_MS } from '@/lib/answer-deadline';
import { server } from '@/testing/msw-server';
import { TEST_WEBHOOK_URL } from '@/testing/test-env';
import { correctionRefusals } from '../api/request-floor-correction';
import { correctionTexts } from './floor-correction';
import { rugChoiceTexts } from './rug-choice';
import { resultWords } from './result-step';
import { insertHandler, newCalls, ORIGINAL_URL, readHandler, row } from '../testing/visualizer-calls';
import { startProcessing } from '../testing/visualizer-journey';
import { LAZY_ARRIVAL_TIMEOUT_MS } from '@/testing/waits';

/**
 * Issue 8's additions to the result step: the five woods to switch between (and download), and "Not quite right?
 * Fix the floor" for the visitor who made the request, through the page as a visitor meets it; and issue 23's
 * choice between keeping rugs and carpet and replacing them too.
 */
const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop'.slice(0, 43);
const storage = 'http://supabase.test/storage/v1/object/public/floor-visualizer/abc';
const styleUrls = (render: number) =>
  Object.fromEntries(WOOD_STYLES.map((style) => [style.id, `${storage}/render-${render}/${style.id}.jpg`]));
const maskUrl = (render: number) => `${storage}/render-${render}/floor-mask.png`;

function completedRender(id: string, render: number, overrides: Parameters<typeof row>[1] = {}) {
  return row(id, {
    status: 'completed',
    original_image_url: ORIGINAL_URL,
    processed_image_url: `${storage}/render-${render}/natural-white-oak.jpg`,
    style_image_urls: styleUrls(render),
    render_number: render,
    floor_mask_url: maskUrl(render),
    ...overrides,
  });
}

type Reply = () => Response;
const withToken: Reply = () =>
  HttpResponse.json(
    { status: 'processing', requestId: '00000000-0000-4000-8000-000000000000', correctionToken: TOKEN },
    { status: 202 },
  );

/**
 * The webhook: the photo gets `photoReply`; a correction (it carries the token) gets `correctionReply`. Reads
 * get `read(id, attempt)`; attempt 1 is the spec's first poll.
 */
async function reachResult({
  photoReply = withToken,
  correctionReply = () => HttpResponse.json({ status: 'rendering', requestId: '', renderNumber: 2 }, { status: 202 }),
  read = (id: string) => HttpResponse.json(completedRender(id, 1)),
}: { photoReply?: Reply; correctionReply?: Reply; read?: (id: string, attempt: number) => Response } = {}) {
  const calls = newCalls();
  server.use(
    insertHandler(calls),
    http.post(TEST_WEBHOOK_URL, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.webhooks.push(body);
      // The woods picked (decision 046) are recorded, answered at once: no render to follow.
      if ('wood' in body) return HttpResponse.json({ status: 'recorded', requestId: body.requestId });
      return 'correctionToken' in body ? correctionReply() : photoReply();
    }),
    readHandler(calls, read),
  );
  const view = await startProcessing();
  // The result's heading: with a floor, or (little or none found) the result as such.
  await screen.findByRole('heading', { name: /^(Your room with hardwood floors|Your Snap & See Wood result)$/ });
  return { ...view, calls };
}

const afterImage = () => screen.getByRole('img', { name: 'Your room with a new hardwood floor' });
const photo = () => screen.getByRole('application', { name: 'Your photo: place markers' });

/** jsdom lays nothing out: the photo is given a 400 × 300 box so a click has a place on it. */
function layOutPhoto() {
  vi.spyOn(photo(), 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 10, y: 20, width: 400, height: 300 }),
  );
}

function markerList() {
  const heading = screen.getByRole('heading', { name: 'Your markers' });
  return within(heading.parentElement as HTMLElement)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('the wood styles', () => {
  it('offers the five woods by name, the default chosen, and switching shows the chosen one in the slider and the after image', async () => {
    const { user } = await reachResult();
    const group = screen.getByRole('group', { name: 'Wood style' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(WOOD_STYLES.map((style) => style.label));
    expect(within(group).getByRole('radio', { name: 'Natural white oak' })).toBeChecked();
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/natural-white-oak.jpg`);

    await user.click(within(group).getByRole('radio', { name: 'Walnut' }));
    expect(within(group).getByRole('radio', { name: 'Walnut' })).toBeChecked();
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/walnut.jpg`);
    expect(screen.getByText('After: Walnut')).toBeInTheDocument();
    // The slider's "after" layer is the same picture.
    const slider = screen.getByRole('slider', { name: 'Before and after comparison' });
    const layers = [...(slider.parentElement as HTMLElement).querySelectorAll('img')].map((image) =>
      image.getAttribute('src'),
    );
    expect(layers).toEqual([`${storage}/render-1/walnut.jpg`, ORIGINAL_URL]);

    // The arrow keys move through the woods like any radio group.
    await user.keyboard('{ArrowRight}');
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/grey-washed-oak.jpg`);
  });

  it('keeps the wood chosen in the address, replaced so Back does not walk through the woods', async () => {
    // The page writes its address only when it is the visualizer's (the tests' routers leave jsdom's at '/').
    window.history.replaceState(null, '', '/floor-visualizer');
    const { user } = await reachResult();
    expect(window.location.search).toBe('');
    const entries = window.history.length;
    const group = screen.getByRole('group', { name: 'Wood style' });
    await user.click(within(group).getByRole('radio', { name: 'Walnut' }));
    expect(new URLSearchParams(window.location.search).get('wood')).toBe('walnut');
    expect(window.location.hash).toMatch(/^#result=/);
    await user.click(within(group).getByRole('radio', { name: 'Hickory' }));
    expect(new URLSearchParams(window.location.search).get('wood')).toBe('hickory');
    expect(window.history.length).toBe(entries);
    // The default wood needs no word in the address.
    await user.click(within(group).getByRole('radio', { name: 'Natural white oak' }));
    expect(window.location.search).toBe('');
  });

  it('tells the processor, with the token, each wood picked and the one shown when the visitor leaves (decision 046)', async () => {
    const { user, calls } = await reachResult();
    const woodCalls = () => calls.webhooks.filter((body) => 'wood' in body);
    expect(woodCalls()).toEqual([]);
    const group = screen.getByRole('group', { name: 'Wood style' });
    await user.click(within(group).getByRole('radio', { name: 'Walnut' }));
    await user.click(within(group).getByRole('radio', { name: 'Hickory' }));
    await vi.waitFor(() => expect(woodCalls()).toHaveLength(2));
    const requestId = calls.id();
    expect(woodCalls()).toEqual([
      { requestId, correctionToken: TOKEN, wood: 'walnut' },
      { requestId, correctionToken: TOKEN, wood: 'hickory' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Try Another Photo' }));
    await vi.waitFor(() => expect(woodCalls()).toHaveLength(3));
    expect(woodCalls()[2]).toEqual({ requestId, correctionToken: TOKEN, wood: 'hickory', left: true });
  });

  // The info step promised "e-mail it to you"; without a word here the visitor looked in their inbox for an e-mail
  // that waits for them to leave (decision 046, session 29).
  it('says when the result e-mail goes and that it shows the wood on screen then', async () => {
    await reachResult();
    expect(
      screen.getByText(
        'We e-mail this result (one a day per address) when you leave it, or a few minutes after your last pick if you stay (15 minutes at most), with the wood on screen then.',
      ),
    ).toBeVisible();
  });

  // Past MAX_WOOD_PICKS_PER_REQUEST the processor records no more picks and names the wood the e-mail keeps: "with the
  // wood on screen then" would be untrue of the woods picked after it.
  it('says which wood the e-mail shows once the processor records no more picks, and still shows every wood', async () => {
    const { user } = await reachResult();
    server.use(
      http.post(TEST_WEBHOOK_URL, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        if (body.wood !== 'hickory') return HttpResponse.json({ status: 'recorded', requestId: body.requestId });
        return HttpResponse.json({ error: 'This photo has recorded as many wood picks as it can.', wood: 'walnut' }, { status: 429 });
      }),
    );
    const group = screen.getByRole('group', { name: 'Wood style' });
    await user.click(within(group).getByRole('radio', { name: 'Walnut' }));
    expect(screen.getByText(resultWords.emailTiming)).toBeVisible();
    await user.click(within(group).getByRole('radio', { name: 'Hickory' }));
    expect(
      await screen.findByText(
        'You have switched woods more often than we record for one photo, so the e-mail of this result will show Walnut, the last wood we recorded. You can still look at every wood here.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(resultWords.emailTiming)).not.toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Hickory' })).toBeChecked();
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/hickory.jpg`);
  });

  it.each(['Back to Home', 'Get Free Quote'])(
    "tells the processor the visitor left when '%s' takes them to another page of the site (decision 046)",
    async (link) => {
      const { user, calls } = await reachResult();
      const woodCalls = () => calls.webhooks.filter((body) => 'wood' in body);
      await user.click(
        within(screen.getByRole('group', { name: 'Wood style' })).getByRole('radio', { name: 'Walnut' }),
      );
      await vi.waitFor(() => expect(woodCalls()).toHaveLength(1));
      await user.click(screen.getByRole('link', { name: link }));
      await screen.findByRole('heading', { level: 1, name: business.tagline }, { timeout: LAZY_ARRIVAL_TIMEOUT_MS });
      await vi.waitFor(() => expect(woodCalls()).toHaveLength(2));
      expect(woodCalls()[1]).toEqual({ requestId: calls.id(), correctionToken: TOKEN, wood: 'walnut', left: true });
      // Told once: the link itself says nothing more.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(woodCalls()).toHaveLength(2);
    },
  );

  it('tells nothing of the woods picked on a result without the token', async () => {
    const { user, calls } = await reachResult({
      photoReply: () => HttpResponse.json({ status: 'processing' }, { status: 202 }),
    });
    await user.click(within(screen.getByRole('group', { name: 'Wood style' })).getByRole('radio', { name: 'Walnut' }));
    window.dispatchEvent(new Event('pagehide'));
    await user.click(screen.getByRole('button', { name: 'Try Another Photo' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.webhooks.filter((body) => 'wood' in body)).toEqual([]);
  });

  it('comes under the picture, so the picture is what a phone shows first after the wait', async () => {
    await reachResult();
    const heading = screen.getByRole('heading', { name: 'Your room with hardwood floors' });
    const slider = screen.getByRole('slider', { name: 'Before and after comparison' });
    const group = screen.getByRole('group', { name: 'Wood style' });
    // In document order: the heading, then the picture, then the woods.
    expect(heading.compareDocumentPosition(slider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(slider.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('downloads the wood shown, under its own name', async () => {
    const fetched: string[] = [];
    server.use(
      http.get(`${storage}/render-1/:file`, ({ request }) => {
        fetched.push(request.url);
        return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), {
          headers: { 'content-type': 'image/jpeg' },
        });
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    // The page makes an object URL of the fetched file and hands it to a temporary link.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/saved');
    const { user } = await reachResult();

    await user.click(screen.getByRole('radio', { name: 'Hickory' }));
    const download = screen.getByRole('link', { name: 'Download result' });
    expect(download).toHaveAttribute('href', `${storage}/render-1/hickory.jpg`);
    await user.click(download);

    await vi.waitFor(() => expect(saved).toEqual(['hardwood-hickory.jpg']), { timeout: LAZY_ARRIVAL_TIMEOUT_MS });
    expect(fetched).toEqual([`${storage}/render-1/hickory.jpg`]);
  });

  it('shows no switcher for a row with the default style only', async () => {
    await reachResult({ read: (id) => HttpResponse.json(completedRender(id, 1, { style_image_urls: {} })) });
    expect(screen.queryByRole('group', { name: 'Wood style' })).not.toBeInTheDocument();
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/natural-white-oak.jpg`);
  });
});

describe('"Not quite right? Fix the floor"', () => {
  it('is not offered without the token from the webhook reply (another webhook, another device, a reload)', async () => {
    await reachResult({ photoReply: () => HttpResponse.json({ status: 'processing' }, { status: 202 }) });
    expect(screen.getByRole('group', { name: 'Wood style' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fix the floor/ })).not.toBeInTheDocument();
  });

  it("shows the photo's web-sized copy, the one the slider's before picture already fetched, not the full photo", async () => {
    const copy = (width: number, ending: string) => ({
      width,
      height: (width * 3) / 4,
      url: `${storage}/original-${width}w.${ending}`,
    });
    const renditions = { original: { webp: [copy(720, 'webp'), copy(1280, 'webp')], jpeg: copy(1040, 'jpg') } };
    const { user } = await reachResult({
      read: (id) => HttpResponse.json(completedRender(id, 1, { image_renditions: renditions })),
    });
    const before = screen.getByRole('img', { name: 'Your original photo' });
    expect(before).toHaveAttribute('src', `${storage}/original-1040w.jpg`);
    // The page that sent the photo holds the fix's token: nothing says fixing is only offered elsewhere.
    expect(screen.queryByText(/Fixing the floor is offered only/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Not quite right? Fix the floor' }));
    const shown = photo().querySelector('img')!;
    expect(shown).toHaveAttribute('src', `${storage}/original-1040w.jpg`);
    expect(shown.closest('picture')!.querySelector('source')).toHaveAttribute(
      'srcset',
      `${storage}/original-720w.webp 720w, ${storage}/original-1280w.webp 1280w`,
    );
  });

  it('outlines the floor, takes markers by tap and by keyboard, removes and undoes them, and shows the new render', async () => {
    let sent = false;
    let corrected = false;
    const { user, calls } = await reachResult({
      read: (id) =>
        HttpResponse.json(
          corrected ? completedRender(id, 2) : completedRender(id, 1, { correction_state: sent ? 'rendering' : null }),
        ),
      correctionReply: () => {
        sent = true;
        setTimeout(() => (corrected = true), 100);
        return HttpResponse.json(
          { status: 'rendering', requestId: '00000000-0000-4000-8000-000000000000', renderNumber: 2 },
          { status: 202 },
        );
      },
    });
    await user.click(screen.getByRole('radio', { name: 'Walnut' }));
    await user.click(screen.getByRole('button', { name: 'Not quite right? Fix the floor' }));

    expect(screen.getByRole('heading', { name: 'Fix the floor' })).toHaveFocus();
    expect(screen.getByText(/The gold line shows the floor we found/)).toBeInTheDocument();
    expect(screen.getByTestId('floor-outline').querySelector('image')).toHaveAttribute('href', maskUrl(1));
    expect(screen.getByText('No markers yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-render my floor' })).toBeDisabled();

    // A tap: "not wood here" at a quarter across, half way down.
    layOutPhoto();
    await user.click(screen.getByRole('radio', { name: 'Not wood here' }));
    fireEvent.click(photo(), { clientX: 110, clientY: 170 });
    expect(screen.getByText('Marker 1 placed: not wood here, 25% across, 50% down.')).toBeInTheDocument();

    // The keyboard: the crosshair starts in the middle, arrows move it, Enter places a marker.
    await user.click(screen.getByRole('radio', { name: 'Wood here' }));
    photo().focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Shift>}{ArrowDown}{/Shift}{Enter}');
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(markerList()).toEqual(['1. Not wood here', '2. Wood here', '3. Wood here']);

    await user.click(screen.getByRole('button', { name: 'Undo last marker' }));
    expect(markerList()).toEqual(['1. Not wood here', '2. Wood here']);
    await user.click(screen.getByRole('button', { name: 'Remove marker 1 (not wood here)' }));
    expect(markerList()).toEqual(['1. Wood here']);
    await user.click(screen.getByRole('radio', { name: 'Not wood here' }));
    fireEvent.click(photo(), { clientX: 410, clientY: 320 });

    // The status that says how the fix went is in the page, empty, before it says it (a status inserted or shown with
    // its words is not announced by every screen reader); jsdom applies no stylesheet, so its class is what would hide it.
    const statusesBefore = screen.getAllByRole('status');
    await user.click(screen.getByRole('button', { name: 'Re-render my floor' }));
    expect(await screen.findByText('Re-rendering your floor with your markers...')).toBeInTheDocument();
    expect(calls.webhooks.at(-1)).toEqual({
      requestId: calls.id(),
      correctionToken: TOKEN,
      taps: [
        { x: 0.5, y: 0.64, floor: true },
        { x: 1, y: 1, floor: false },
      ],
    });

    const outcome = await screen.findByText('Your floor was re-rendered with your markers.');
    expect(statusesBefore).toContain(outcome);
    expect(outcome.className).not.toMatch(/(^|\s)(hidden|empty:hidden)(\s|$)/);
    expect(screen.queryByRole('heading', { name: 'Fix the floor' })).not.toBeInTheDocument();
    // The new render, in the wood that was chosen, and its download.
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-2/walnut.jpg`);
    expect(screen.getByRole('link', { name: 'Download result' })).toHaveAttribute(
      'href',
      `${storage}/render-2/walnut.jpg`,
    );
    // The new picture is what the visitor sees next (focused, so scrolled to): on a phone the Fix button lies a
    // screen below it.
    expect(screen.getByRole('slider', { name: 'Before and after comparison' })).toHaveFocus();
    expect(screen.getByText('You can fix this photo 4 more times.')).toBeInTheDocument();

    // The markers stay for a second fix, which starts from the new render's outline.
    await user.click(screen.getByRole('button', { name: 'Not quite right? Fix the floor' }));
    expect(markerList()).toEqual(['1. Wood here', '2. Not wood here']);
    expect(screen.getByTestId('floor-outline').querySelector('image')).toHaveAttribute('href', maskUrl(2));
    // Closed without a render, the focus goes back to the button that opened it.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Not quite right? Fix the floor' })).toHaveFocus();
  });

  it('keeps the focus in the panel when markers are removed with the keyboard', async () => {
    const { user } = await reachResult({ read: (id) => HttpResponse.json(completedRender(id, 1)) });
    await user.click(screen.getByRole('button', { name: 'Not quite right? Fix the floor' }));
    photo().focus();
    await user.keyboard('{Enter}{ArrowUp}{Enter}');
    expect(markerList()).toEqual(['1. Wood here', '2. Wood here']);

    // The last marker's button goes with it: the focus goes to the button of the marker before it, not the page's start.
    screen.getByRole('button', { name: 'Remove marker 2 (wood here)' }).focus();
    await user.keyboard('{Enter}');
    expect(markerList()).toEqual(['1. Wood here']);
    expect(screen.getByRole('button', { name: 'Remove marker 1 (wood here)' })).toHaveFocus();

    // "Undo last marker" is disabled once no marker is left: the focus goes to the photo, where the next one goes.
    screen.getByRole('button', { name: 'Undo last marker' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('No markers yet.')).toBeInTheDocument();
    expect(photo()).toHaveFocus();
  });

  it('shows the photo without an outline when the row has no floor mask', async () => {
    const { user } = await reachResult({
      read: (id) => HttpResponse.json(completedRender(id, 1, { floor_mask_url: null })),
    });
    await user.click(screen.getByRole('button', { name: 'Not quite right? Fix the floor' }));
    expect(photo()).toBeInTheDocument();
    expect(screen.queryByText(/The gold line shows the floor we found/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('floor-outline')).not.toBeInTheDocument();
  });

  async function markAndSend(user: Awaited<ReturnType<typeof reachResult>>['user']) {
    await user.click(screen.getByRole('button', { name: 'Not quite right? Fix the floor' }));
    photo().focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Re-render my floor' }));
  }

  it.each([
    ['a wrong token', WEBHOOK_REFUSAL.status, WEBHOOK_REFUSAL.error, correctionRefusals.notYours],
    [
      'the limit reached',
      429,
      'This photo has had all its corrections. Please start a new request.',
      'This photo has had all its corrections. Please start a new request.',
    ],
    [
      'the result expired',
      410,
      'This result has expired and its photo has been deleted. Please start a new request.',
      'This result has expired and its photo has been deleted. Please start a new request.',
    ],
    [
      'a correction still rendering',
      409,
      'A correction of this photo is still rendering. Please wait for it.',
      'A correction of this photo is still rendering. Please wait for it.',
    ],
    ['a server error', 500, 'Failed to process the image. Please try again.', correctionRefusals.unreachable],
  ])(
    'says so clearly when the processor refuses (%s), and keeps the markers and the result',
    async (_case, status, error, shown) => {
      const { user } = await reachResult({ correctionReply: () => HttpResponse.json({ error }, { status }) });
      await markAndSend(user);

      expect(await screen.findByRole('alert')).toHaveTextContent(shown);
      expect(markerList()).toEqual(['1. Wood here']);
      expect(screen.getByRole('button', { name: 'Re-render my floor' })).toBeEnabled();
      expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/natural-white-oak.jpg`);
    },
  );

  it('says so when the webhook cannot be reached', async () => {
    const { user } = await reachResult({ correctionReply: () => HttpResponse.error() });
    await markAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(correctionRefusals.unreachable);
    expect(markerList()).toEqual(['1. Wood here']);
  });

  it('says so when the webhook takes the fix and never answers (a stalled proxy), instead of rendering for ever', async () => {
    const { user } = await reachResult({
      correctionReply: () => new Promise<Response>(() => undefined) as unknown as Response,
    });
    await user.click(screen.getByRole('button', { name: 'Not quite right? Fix the floor' }));
    photo().focus();
    await user.keyboard('{Enter}');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Re-render my floor' }));
    await act(() => vi.advanceTimersByTimeAsync(ANSWER_DEADLINE_MS));

    expect(await screen.findByRole('alert')).toHaveTextContent(correctionRefusals.unreachable);
    expect(markerList()).toEqual(['1. Wood here']);
    expect(screen.getByRole('button', { name: 'Re-render my floor' })).toBeEnabled();
  });

  // As for the photo (issue 27): a 5xx or a dropped connection is no answer; the row tells whether the fix was taken.
  it.each([
    [
      'a 502',
      () => HttpResponse.json({ error: 'The local service behind the gateway is not answering' }, { status: 502 }),
    ],
    ['a dropped connection', () => HttpResponse.error()],
  ])('follows the new render when the answer is %s but the processor took the fix', async (_case, unanswered) => {
    let sent = false;
    let corrected = false;
    const { user } = await reachResult({
      read: (id) =>
        HttpResponse.json(
          corrected ? completedRender(id, 2) : completedRender(id, 1, { correction_state: sent ? 'rendering' : null }),
        ),
      correctionReply: () => {
        sent = true;
        setTimeout(() => (corrected = true), 100);
        return unanswered();
      },
    });
    await markAndSend(user);
    expect(await screen.findByText('Your floor was re-rendered with your markers.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-2/natural-white-oak.jpg`);
    expect(screen.getByText('You can fix this photo 4 more times.')).toBeInTheDocument();
  });

  /** A fix whose render 2 lays wood on `after` of the photo where render 1 laid it on `before`. */
  async function fixWithShares(
    before: number,
    after: number,
    rugs: Parameters<typeof row>[1] = {},
    mark = markAndSend,
  ) {
    let sent = false;
    let corrected = false;
    const view = await reachResult({
      read: (id) =>
        HttpResponse.json(
          corrected
            ? completedRender(id, 2, { floor_share: after, ...rugs })
            : completedRender(id, 1, { floor_share: before, ...rugs, correction_state: sent ? 'rendering' : null }),
        ),
      correctionReply: () => {
        sent = true;
        setTimeout(() => (corrected = true), 100);
        return HttpResponse.json(
          { status: 'rendering', requestId: '00000000-0000-4000-8000-000000000000', renderNumber: 2 },
          { status: 202 },
        );
      },
    });
    await mark(view.user);
    // The new picture (under 1 % of floor it is called the photo from the visualizer, not a room with a new floor).
    await screen.findByRole('img', {
      name: /^(Your room with a new hardwood floor|Your room photo from our floor visualizer)$/,
    });
    return view;
  }

  // Session 19's walk: a "Wood here" tap on the jute rug the visitor keeps took the floor from 0.00876 to 0.00878 of
  // the photo, and the page said the floor was re-rendered with the markers.
  it('says when the markers barely changed the floor, and points to "Replace carpet and rugs too" when the rugs are kept', async () => {
    await fixWithShares(0.00876, 0.00878, { rug_choice: 'keep', rug_share: 0.3 });
    expect(
      await screen.findByText(
        'Your floor was re-rendered, but your markers barely changed it. If a “Wood here” marker is on a rug or carpet, choose “Replace carpet and rugs too” to lay wood there.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your floor was re-rendered with your markers.')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Replace carpet and rugs too' })).toBeEnabled();
  });

  it('says the markers barely changed the floor, without the rug choice when there is none to make', async () => {
    await fixWithShares(0.2, 0.2004);
    expect(
      await screen.findByText('Your floor was re-rendered, but your markers barely changed it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Replace carpet and rugs too/)).not.toBeInTheDocument();
  });

  it('does not say the markers barely changed the floor when they were of both kinds (what one adds the other can take away)', async () => {
    await fixWithShares(0.2, 0.2, {}, async (user) => {
      await user.click(screen.getByRole('button', { name: 'Not quite right? Fix the floor' }));
      photo().focus();
      await user.keyboard('{Enter}');
      await user.click(screen.getByRole('radio', { name: 'Not wood here' }));
      photo().focus();
      await user.keyboard('{ArrowUp}{Enter}');
      expect(markerList()).toEqual(['1. Wood here', '2. Not wood here']);
      await user.click(screen.getByRole('button', { name: 'Re-render my floor' }));
    });
    expect(await screen.findByText('Your floor was re-rendered with your markers.')).toBeInTheDocument();
  });

  it('says the floor was re-rendered with the markers when they changed it', async () => {
    await fixWithShares(0.00876, 0.04, { rug_choice: 'keep', rug_share: 0.3 });
    expect(await screen.findByText('Your floor was re-rendered with your markers.')).toBeInTheDocument();
    expect(screen.queryByText(/barely changed/)).not.toBeInTheDocument();
  });

  it('says so when the new render fails, keeps the previous result and the markers, and can try again', async () => {
    let failed = false;
    const { user, calls } = await reachResult({
      read: (id) => HttpResponse.json(completedRender(id, 1, { correction_state: failed ? 'failed' : null })),
      correctionReply: () => {
        failed = true;
        return HttpResponse.json({ status: 'rendering', requestId: calls.id(), renderNumber: 2 }, { status: 202 });
      },
    });
    await markAndSend(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(correctionTexts.renderFailed);
    expect(markerList()).toEqual(['1. Wood here']);
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/natural-white-oak.jpg`);
    await user.click(screen.getByRole('button', { name: 'Re-render my floor' }));
    expect(calls.webhooks.filter((body) => 'correctionToken' in body)).toHaveLength(2);
  });
});

describe('a render that found little or no floor', () => {
  const littleFloor = /We found little or no floor in this photo, so it barely changed\./;

  it('says so, and points the visitor who made the request to "Fix the floor"', async () => {
    await reachResult({ read: (id) => HttpResponse.json(completedRender(id, 1, { floor_share: 0.002 })) });
    expect(screen.getByText(littleFloor)).toHaveTextContent(
      'Use “Not quite right? Fix the floor” to show us where the floor is',
    );
    expect(screen.getByRole('button', { name: 'Not quite right? Fix the floor' })).toBeEnabled();
  });

  it('without the token, suggests another photo only', async () => {
    await reachResult({
      photoReply: () => HttpResponse.json({ status: 'processing' }, { status: 202 }),
      read: (id) => HttpResponse.json(completedRender(id, 1, { floor_share: 0 })),
    });
    expect(screen.getByText(littleFloor)).toHaveTextContent(
      'Try a photo that shows more of the floor, taken from standing height.',
    );
    expect(screen.queryByText(/Fix the floor/)).not.toBeInTheDocument();
  });

  // Session 24: the heading said "Your room with hardwood floors" and the picture "Your room with a new hardwood
  // floor" over a photo that barely changed, as the result e-mail no longer did (session 20).
  it('does not call the picture a room with hardwood floors', async () => {
    await reachResult({ read: (id) => HttpResponse.json(completedRender(id, 1, { floor_share: 0.002 })) });
    expect(screen.getByRole('heading', { level: 2, name: 'Your Snap & See Wood result' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Your room photo from our floor visualizer' })).toBeInTheDocument();
    const result = screen.getByRole('region', { name: 'Your Snap & See Wood result' });
    expect(within(result).queryByText(/with (a new )?hardwood floors?/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /hardwood floor/ })).not.toBeInTheDocument();
  });

  // Session 25: "Like what you see?" stood over a picture that barely changed, asking about a floor it does not show.
  it('does not ask whether the visitor likes a new floor it does not show', async () => {
    await reachResult({ read: (id) => HttpResponse.json(completedRender(id, 1, { floor_share: 0.002 })) });
    const result = screen.getByRole('region', { name: 'Your Snap & See Wood result' });
    expect(within(result).queryByText(/Like what you see/)).not.toBeInTheDocument();
    expect(within(result).getByText('We install hardwood floors across South Jersey.')).toBeVisible();
  });

  it('says nothing when the render found a floor', async () => {
    await reachResult({ read: (id) => HttpResponse.json(completedRender(id, 1, { floor_share: 0.31 })) });
    expect(screen.queryByText(littleFloor)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your room with hardwood floors' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Your room with a new hardwood floor' })).toBeInTheDocument();
    expect(screen.getByText('Like what you see? We install hardwood floors across South Jersey.')).toBeVisible();
  });

  it('says nothing for a row from before the share was kept', async () => {
    await reachResult({ read: (id) => HttpResponse.json(completedRender(id, 1, { floor_share: null })) });
    expect(screen.queryByText(littleFloor)).not.toBeInTheDocument();
  });
});

describe('carpet and rugs: "Keep my rugs" or "Replace carpet and rugs too"', () => {
  const withRugs = { rug_choice: 'keep' as const, rug_share: 0.12 };
  const rugGroup = () => screen.getByRole('group', { name: 'Rugs and carpet' });

  /**
   * A result with rugs where the processor takes the visitor's choice: the row says `rendering` once asked and,
   * 100 ms later, shows render 2 with the rugs replaced. `reply` is what the page gets back from the webhook.
   */
  function reachResultWhereTheChoiceIsTaken(reply: () => Response) {
    let asked = false;
    let rendered = false;
    return reachResult({
      read: (id) =>
        HttpResponse.json(
          rendered
            ? completedRender(id, 2, { rug_choice: 'replace', rug_share: 0.12 })
            : completedRender(id, 1, { ...withRugs, correction_state: asked ? 'rendering' : null }),
        ),
      correctionReply: () => {
        asked = true;
        setTimeout(() => (rendered = true), 100);
        return reply();
      },
    });
  }

  it('offers the two choices, the render’s own checked; the other is the next render, shown in the wood chosen and downloaded', async () => {
    const { user, calls } = await reachResultWhereTheChoiceIsTaken(() =>
      HttpResponse.json({ status: 'rendering', requestId: calls.id(), renderNumber: 2 }, { status: 202 }),
    );
    const group = rugGroup();
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Keep my rugs', 'Replace carpet and rugs too']);
    expect(within(group).getByRole('radio', { name: 'Keep my rugs' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Hickory' }));

    await user.click(within(group).getByRole('radio', { name: 'Replace carpet and rugs too' }));
    expect(calls.webhooks.at(-1)).toEqual({ requestId: calls.id(), correctionToken: TOKEN, rugs: 'replace' });
    expect(await screen.findByText('Re-rendering your floor...')).toBeInTheDocument();
    // The images shown stay until the new render is there; nothing else starts meanwhile.
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/hickory.jpg`);
    expect(within(group).getByRole('radio', { name: 'Replace carpet and rugs too' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Keep my rugs' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Walnut' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Not quite right? Fix the floor' })).not.toBeInTheDocument();

    expect(
      await screen.findByText('Your floor was re-rendered with the carpet and rugs replaced by wood.'),
    ).toBeInTheDocument();
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-2/hickory.jpg`);
    expect(screen.getByRole('link', { name: 'Download result' })).toHaveAttribute(
      'href',
      `${storage}/render-2/hickory.jpg`,
    );
    expect(within(rugGroup()).getByRole('radio', { name: 'Replace carpet and rugs too' })).toBeChecked();
    expect(within(rugGroup()).getByRole('radio', { name: 'Keep my rugs' })).toBeEnabled();
    // The new picture is focused, so scrolled to (the choice, disabled while it rendered, had lost the focus).
    expect(screen.getByRole('slider', { name: 'Before and after comparison' })).toHaveFocus();
    // A fix is still there, and not used up by the choice.
    expect(screen.getByText('You can fix this photo 5 more times.')).toBeInTheDocument();
  });

  it.each([
    [
      'without the token (another device, a reload)',
      { photoReply: () => HttpResponse.json({ status: 'processing' }, { status: 202 }) },
      withRugs,
    ],
    ['when the photo has next to no rug or carpet', {}, { rug_choice: 'keep' as const, rug_share: 0.001 }],
    ['for a row from an engine that gives no choice', {}, { rug_choice: null, rug_share: null }],
  ])('is not offered %s', async (_case, replies, rugs) => {
    await reachResult({ ...replies, read: (id) => HttpResponse.json(completedRender(id, 1, rugs)) });
    expect(screen.getByRole('group', { name: 'Wood style' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Rugs and carpet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Replace carpet and rugs too' })).not.toBeInTheDocument();
  });

  it('says so when the processor refuses, and goes back to the choice shown', async () => {
    const busy = 'Your floor is still rendering. Please wait for it.';
    const { user } = await reachResult({
      read: (id) => HttpResponse.json(completedRender(id, 1, withRugs)),
      correctionReply: () => HttpResponse.json({ error: busy }, { status: 409 }),
    });
    await user.click(screen.getByRole('radio', { name: 'Replace carpet and rugs too' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(busy);
    expect(screen.getByRole('radio', { name: 'Keep my rugs' })).toBeChecked();
    // The focus is on the choice shown again, with the problem said under it (not at the page's start).
    expect(screen.getByRole('radio', { name: 'Keep my rugs' })).toHaveFocus();
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/natural-white-oak.jpg`);
  });

  // Issue 27's rule for the photo holds for the choice too: a 5xx or a dropped connection is no answer, and the
  // processor may have queued the render (the row says so), which the e-mails would then show.
  it.each([
    [
      'a 502',
      () => HttpResponse.json({ error: 'The local service behind the gateway is not answering' }, { status: 502 }),
    ],
    ['a dropped connection', () => HttpResponse.error()],
  ])('follows the new render when the answer is %s but the processor took the choice', async (_case, unanswered) => {
    const { user } = await reachResultWhereTheChoiceIsTaken(unanswered);
    await user.click(screen.getByRole('radio', { name: 'Replace carpet and rugs too' }));
    expect(
      await screen.findByText('Your floor was re-rendered with the carpet and rugs replaced by wood.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-2/natural-white-oak.jpg`);
    expect(within(rugGroup()).getByRole('radio', { name: 'Replace carpet and rugs too' })).toBeChecked();
  });

  it('says the visualizer could not be reached when the answer is a 502 and the row shows nothing was taken', async () => {
    const { user } = await reachResult({
      read: (id) => HttpResponse.json(completedRender(id, 1, withRugs)),
      correctionReply: () =>
        HttpResponse.json({ error: 'The local service behind the gateway is not answering' }, { status: 502 }),
    });
    await user.click(screen.getByRole('radio', { name: 'Replace carpet and rugs too' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(correctionRefusals.unreachable);
    expect(screen.getByRole('radio', { name: 'Keep my rugs' })).toBeChecked();
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/natural-white-oak.jpg`);
  });

  it('says so when the new render fails, keeps the result and its choice, and can try again', async () => {
    let failed = false;
    const { user, calls } = await reachResult({
      read: (id) =>
        HttpResponse.json(completedRender(id, 1, { ...withRugs, correction_state: failed ? 'failed' : null })),
      correctionReply: () => {
        failed = true;
        return HttpResponse.json({ status: 'rendering', requestId: calls.id(), renderNumber: 2 }, { status: 202 });
      },
    });
    await user.click(screen.getByRole('radio', { name: 'Replace carpet and rugs too' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(rugChoiceTexts.renderFailed);
    expect(screen.getByRole('radio', { name: 'Keep my rugs' })).toBeChecked();
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/natural-white-oak.jpg`);
    await user.click(screen.getByRole('radio', { name: 'Replace carpet and rugs too' }));
    expect(calls.webhooks.filter((body) => body.rugs === 'replace')).toHaveLength(2);
  });

  it('says it could not check on the new render when the row cannot be read, and "Check again" finds it', async () => {
    let asked = false;
    let readable = true;
    const { user, calls } = await reachResult({
      read: (id) =>
        readable
          ? HttpResponse.json(
              asked
                ? completedRender(id, 2, { rug_choice: 'replace', rug_share: 0.12 })
                : completedRender(id, 1, withRugs),
            )
          : HttpResponse.json({ message: 'The database is not answering' }, { status: 503 }),
      correctionReply: () => {
        asked = true;
        readable = false;
        return HttpResponse.json({ status: 'rendering', requestId: calls.id(), renderNumber: 2 }, { status: 202 });
      },
    });
    await user.click(screen.getByRole('radio', { name: 'Replace carpet and rugs too' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(rugChoiceTexts.lost);
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/natural-white-oak.jpg`);
    readable = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByText('Your floor was re-rendered with the carpet and rugs replaced by wood.'),
    ).toBeInTheDocument();
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-2/natural-white-oak.jpg`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the default wood first, the other woods as they come (decision 025, session 16)', () => {
  const DEFAULT = 'natural-white-oak';
  const others = WOOD_STYLES.map((style) => style.id).filter((style) => style !== DEFAULT);
  const defaultOnly = (id: string, overrides: Parameters<typeof row>[1] = {}) =>
    completedRender(id, 1, {
      style_image_urls: { [DEFAULT]: `${storage}/render-1/${DEFAULT}.jpg` },
      styles_coming: others,
      ...overrides,
    });

  it('shows the default wood at once, names the others as still coming (disabled), and lets them be chosen once the row has them', async () => {
    const { user } = await reachResult({
      read: (id, attempt) => HttpResponse.json(attempt < 3 ? defaultOnly(id) : completedRender(id, 1)),
    });
    const group = screen.getByRole('group', { name: 'Wood style' });
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/${DEFAULT}.jpg`);
    expect(within(group).getByRole('radio', { name: 'Natural white oak' })).toBeChecked();
    for (const style of WOOD_STYLES.filter((wood) => wood.id !== DEFAULT)) {
      expect(within(group).getByRole('radio', { name: `${style.label} (still coming)` })).toBeDisabled();
    }
    expect(within(group).getByRole('status')).toHaveTextContent('The other woods are on their way.');

    // The row is followed until it has them: then they are choices like the first.
    const walnut = await within(group).findByRole('radio', { name: 'Walnut' }, { timeout: LAZY_ARRIVAL_TIMEOUT_MS });
    expect(walnut).toBeEnabled();
    expect(within(group).queryAllByRole('radio', { name: /still coming/ })).toEqual([]);
    // Said in the same line, which keeps its place: nothing under it moves as the visitor may be about to tap it.
    expect(within(group).getByRole('status')).toHaveTextContent('The other woods are ready.');
    await user.click(walnut);
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/walnut.jpg`);
    // How often the row is read, and that the reads stop once nothing is coming, is shown on a fake clock in
    // visualizer-page.test.tsx ('the other woods, read every second while they are coming').
  });

  it('a read of the row that fails once does not make the other woods late: the next read brings them', async () => {
    // A 502 (a gateway's answer): supabase-js tries a GET again itself only after a network error, a 503 or a 520.
    await reachResult({
      read: (id, attempt) =>
        attempt === 2
          ? HttpResponse.json({ message: 'bad gateway' }, { status: 502 })
          : HttpResponse.json(attempt < 2 ? defaultOnly(id) : completedRender(id, 1)),
    });
    const group = screen.getByRole('group', { name: 'Wood style' });
    expect(within(group).getByRole('radio', { name: 'Walnut (still coming)' })).toBeDisabled();
    expect(
      await within(group).findByRole('radio', { name: 'Walnut' }, { timeout: LAZY_ARRIVAL_TIMEOUT_MS }),
    ).toBeEnabled();
    expect(within(group).getByRole('status')).toHaveTextContent('The other woods are ready.');
  });

  // The row says "not made" both when the later woods failed and when they passed the processor's bound, whose work
  // goes on and may add them to the row after all (render-floor-task.ts, layLaterStyles): the words hold in both.
  it('says truthfully that the other woods were not made in time, and the default picture stays', async () => {
    await reachResult({
      read: (id) => HttpResponse.json(defaultOnly(id, { styles_coming: [], styles_not_made: others })),
    });
    const group = screen.getByRole('group', { name: 'Wood style' });
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-1/${DEFAULT}.jpg`);
    expect(within(group).getByRole('radio', { name: 'Walnut (not made in time)' })).toBeDisabled();
    expect(within(group).getByRole('status')).toHaveTextContent(
      "We couldn't make the other woods in time. The one shown is ready.",
    );
  });

  it('a fix started while the other woods are coming shows its own render, every wood of it choosable', async () => {
    let fixed = false;
    const { user } = await reachResult({
      read: (id) => HttpResponse.json(fixed ? completedRender(id, 2) : defaultOnly(id)),
      correctionReply: () => {
        fixed = true;
        return HttpResponse.json(
          { status: 'rendering', requestId: '00000000-0000-4000-8000-000000000000', renderNumber: 2 },
          { status: 202 },
        );
      },
    });
    await user.click(screen.getByRole('button', { name: 'Not quite right? Fix the floor' }));
    photo().focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Re-render my floor' }));
    expect(
      await screen.findByText(
        'Your floor was re-rendered with your markers.',
        {},
        { timeout: LAZY_ARRIVAL_TIMEOUT_MS },
      ),
    ).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Wood style' });
    expect(
      within(group)
        .getAllByRole('radio')
        .filter((radio) => !(radio as HTMLInputElement).disabled),
    ).toHaveLength(5);
    await user.click(within(group).getByRole('radio', { name: 'Walnut' }));
    expect(afterImage()).toHaveAttribute('src', `${storage}/render-2/walnut.jpg`);
  });
});
