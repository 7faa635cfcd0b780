import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { dataRetention } from '@/config/data-retention';
import {
  completedRow,
  newCalls,
  ORIGINAL_URL,
  PROCESSED_URL,
  readHandler,
  REQUESTS_URL,
  row,
} from '../testing/visualizer-calls';
import { RESULT_PICTURE_SIZES } from './result-picture';

/** A result link from the result e-mail: /floor-visualizer#result=<id>. */
const ID = '5b0f5d0e-8a34-4c2b-9a53-0d3c1c2f7a10';

function openResultLink(answer: Parameters<typeof readHandler>[1]) {
  const calls = newCalls();
  server.use(readHandler(calls, answer));
  window.history.replaceState(null, '', `/floor-visualizer#result=${ID}`);
  return { calls, ...renderRoute(`/floor-visualizer#result=${ID}`) };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a result link', () => {
  it('opened while the other woods are still coming (a reload just after the first picture), shows what is there and gets the rest', async () => {
    const others = ['honey-oak', 'walnut', 'grey-washed-oak', 'hickory'];
    const { calls } = openResultLink((id, attempt) =>
      HttpResponse.json(
        attempt <= 1
          ? {
              ...completedRow(id),
              render_number: 1,
              style_image_urls: { 'natural-white-oak': PROCESSED_URL },
              styles_coming: others,
            }
          : {
              ...completedRow(id),
              render_number: 1,
              style_image_urls: Object.fromEntries(
                ['natural-white-oak', ...others].map((style) => [style, `${PROCESSED_URL}&${style}`]),
              ),
            },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Your room with hardwood floors' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your room with a new hardwood floor' })).toHaveAttribute(
      'src',
      PROCESSED_URL,
    );
    expect(screen.getByRole('radio', { name: 'Walnut (still coming)' })).toBeDisabled();
    expect(await screen.findByRole('radio', { name: 'Walnut' }, { timeout: 30_000 })).toBeEnabled();
    expect(calls.reads.length).toBeGreaterThanOrEqual(2);
  });

  it('shows the wood the visitor had chosen when it is reloaded (the address keeps it), and the default for an unknown one', async () => {
    const styles = ['natural-white-oak', 'walnut', 'hickory'];
    const answer = (id: string) =>
      HttpResponse.json({
        ...completedRow(id),
        style_image_urls: Object.fromEntries(styles.map((style) => [style, `${PROCESSED_URL}&${style}`])),
      });
    const calls = newCalls();
    server.use(readHandler(calls, answer));
    window.history.replaceState(null, '', `/floor-visualizer?wood=walnut#result=${ID}`);
    const { unmount } = renderRoute(`/floor-visualizer?wood=walnut#result=${ID}`);
    await screen.findByRole('heading', { name: 'Your room with hardwood floors' });
    expect(screen.getByRole('radio', { name: 'Walnut' })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Your room with a new hardwood floor' })).toHaveAttribute(
      'src',
      `${PROCESSED_URL}&walnut`,
    );
    unmount();

    window.history.replaceState(null, '', `/floor-visualizer?wood=teak#result=${ID}`);
    const teak = renderRoute(`/floor-visualizer?wood=teak#result=${ID}`);
    await screen.findByRole('heading', { name: 'Your room with hardwood floors' });
    expect(screen.getByRole('radio', { name: 'Natural white oak' })).toBeChecked();
    // The page drops the unknown wood from the address after it renders (an effect), not with the heading.
    await waitFor(() => expect(window.location.search).toBe(''));
    teak.unmount();

    // A wood of the site's that this render does not have (a link from another photo's result): the default too, not
    // a choice with nothing checked.
    window.history.replaceState(null, '', `/floor-visualizer?wood=honey-oak#result=${ID}`);
    renderRoute(`/floor-visualizer?wood=honey-oak#result=${ID}`);
    await screen.findByRole('heading', { name: 'Your room with hardwood floors' });
    expect(screen.getByRole('radio', { name: 'Natural white oak' })).toBeChecked();
  });

  it('shows the result it names, read by its id', async () => {
    const { calls } = openResultLink((id) => HttpResponse.json(completedRow(id)));
    // The first visit loads the route's and the result step's chunks.
    expect(await screen.findByRole('heading', { name: 'Your room with hardwood floors' })).toBeInTheDocument();
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('src'))).toContain(ORIGINAL_URL);
    expect(calls.reads[0]!.headers.get('x-submission-id')).toBe(ID);
    // What the business does, with no install time nobody has promised (decision 040).
    expect(screen.getByText(/^Like what you see\?/)).toHaveTextContent(
      /^Like what you see\? We install hardwood floors across South Jersey\.$/,
    );
    // And what the picture is (the Terms' "The floor visualizer" says the same): a preview, not the floor to come.
    const preview = "A computer's preview: a real floor's colours, boards and edges will differ.";
    expect(screen.getByText(preview)).toBeVisible();
  });

  it('says why it offers no "Fix the floor" and no rug choice: they stay with the page that sent the photo', async () => {
    const fixOnly =
      'Fixing the floor is offered only on the page that sent the photo, until that page is reloaded or left, so nobody else with a link to this result can change it.';
    const { unmount } = openResultLink((id) => HttpResponse.json(completedRow(id)));
    await screen.findByRole('heading', { name: 'Your room with hardwood floors' });
    expect(screen.queryByRole('button', { name: /Fix the floor/ })).not.toBeInTheDocument();
    expect(screen.getByText(fixOnly)).toBeVisible();
    // Nor when the e-mail goes: this page cannot tell the processor the visitor left (decision 046).
    expect(screen.queryByText(/We e-mail this result/)).not.toBeInTheDocument();
    unmount();

    // A photo with rugs: the page that sent it also offered "Keep my rugs" / "Replace carpet and rugs too".
    openResultLink((id) => HttpResponse.json({ ...completedRow(id), rug_choice: 'keep', rug_share: 0.12 }));
    await screen.findByRole('heading', { name: 'Your room with hardwood floors' });
    expect(screen.queryByRole('group', { name: 'Rugs and carpet' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Fixing the floor and the choice to keep or replace the rugs are offered only on the page that sent the photo, until that page is reloaded or left, so nobody else with a link to this result can change it.',
      ),
    ).toBeVisible();
  });

  it('opened while a fix or a rug choice re-renders it (a reload just after asking), says so and shows the new pictures once stored', async () => {
    const REPLACED_URL = 'http://supabase.test/storage/v1/object/sign/floor-visualizer/abc/processed-2.jpg?token=a.b.e';
    let answerFirstRead = () => {};
    const firstReadAnswered = new Promise<void>((resolve) => (answerFirstRead = resolve));
    const { calls } = openResultLink(async (id, attempt) => {
      if (attempt <= 1) await firstReadAnswered;
      return HttpResponse.json(
        attempt <= 1
          ? { ...completedRow(id), render_number: 1, correction_state: 'rendering', rug_choice: 'replace' }
          : {
              ...completedRow(id),
              render_number: 2,
              correction_state: null,
              rug_choice: 'replace',
              processed_image_url: REPLACED_URL,
            },
      );
    });
    // Screen readers announce a change in a live region already in the page, not always one inserted with its words:
    // the status that will say it is there while the result is still loading.
    expect(await screen.findByText('Loading your result...')).toBeInTheDocument();
    const statusesAtLoad = screen.getAllByRole('status');
    answerFirstRead();
    expect(await screen.findByRole('heading', { name: 'Your room with hardwood floors' })).toBeInTheDocument();
    expect(statusesAtLoad).toContain(screen.getByText('Re-rendering your floor...').closest('[role="status"]'));
    expect(screen.getByRole('img', { name: 'Your room with a new hardwood floor' })).toHaveAttribute(
      'src',
      PROCESSED_URL,
    );

    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Your room with a new hardwood floor' })).toHaveAttribute(
        'src',
        REPLACED_URL,
      ),
    );
    expect(screen.queryByText('Re-rendering your floor...')).not.toBeInTheDocument();
    expect(calls.reads.length).toBeGreaterThanOrEqual(2);
  });

  it("says 'Loading your result...' while the read is on its way (three dots, as the spec writes 'Submitting...')", async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(REQUESTS_URL, async () => {
        await answered;
        return HttpResponse.json(completedRow(ID));
      }),
    );
    window.history.replaceState(null, '', `/floor-visualizer#result=${ID}`);
    renderRoute(`/floor-visualizer#result=${ID}`);
    const loading = await screen.findByRole('heading', { name: 'Loading your result...' });
    expect(loading.closest('[role="status"]')).not.toBeNull();

    answer();
    expect(await screen.findByRole('heading', { name: 'Your room with hardwood floors' })).toBeInTheDocument();
  });

  // The read's answer replaces the focused 'Loading your result...' heading, and the focus fell to the page's start:
  // a screen reader heard 'Loading your result...' and then nothing, whether the result, an expired one or none came.
  it.each([
    ['the result', (id: string) => HttpResponse.json(completedRow(id)), 'Your room with hardwood floors'],
    [
      'an expired result',
      (id: string) => HttpResponse.json(row(id, { status: 'completed', images_deleted_at: '2027-02-24T03:17:00Z' })),
      'This result has expired',
    ],
    [
      'no such result',
      () => HttpResponse.json({ code: 'PGRST116', message: 'no rows' }, { status: 406 }),
      "We couldn't find this result",
    ],
    ['an unreachable server', () => HttpResponse.error(), "We couldn't load this result"],
  ])('moves the focus from "Loading your result..." to the heading of what it shows: %s', async (_, answer, shown) => {
    let answerRead = () => {};
    const answered = new Promise<void>((resolve) => (answerRead = resolve));
    openResultLink(async (id) => {
      await answered;
      return answer(id);
    });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Loading your result...' })).toHaveFocus());
    answerRead();
    const heading = await screen.findByRole('heading', { name: shown });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves the focus where the visitor put it while the result was loading', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    openResultLink(async (id) => {
      await answered;
      return HttpResponse.json(completedRow(id));
    });
    // The page focuses the heading in an effect that React runs a moment after it shows the heading; under load that
    // moment came after the line below had moved the focus, and the page then took it (seen once at load ~18). A
    // visitor moves the focus once the page has put it on the heading.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Loading your result...' })).toHaveFocus());
    const home = screen.getByRole('link', { name: 'Back to Home' });
    home.focus();
    answer();
    await screen.findByRole('heading', { name: 'Your room with hardwood floors' });
    expect(home).toHaveFocus();
  });

  it('shows the web-sized copies in WebP with a JPEG fallback, and downloads the full render', async () => {
    const copies = (name: string) => ({
      webp: [
        { width: 720, height: 540, url: `http://supabase.test/${name}-720w.webp?token=t` },
        { width: 1280, height: 960, url: `http://supabase.test/${name}-1280w.webp?token=t` },
      ],
      jpeg: { width: 1040, height: 780, url: `http://supabase.test/${name}-1040w.jpg?token=t` },
    });
    openResultLink((id) =>
      HttpResponse.json({
        ...completedRow(id),
        image_renditions: { original: copies('original'), 'natural-white-oak': copies('oak') },
      }),
    );
    const after = await screen.findByRole('img', { name: 'Your room with a new hardwood floor' });
    expect(after).toHaveAttribute('src', 'http://supabase.test/oak-1040w.jpg?token=t');
    const webp = after.closest('picture')!.querySelector('source')!;
    expect([webp.type, webp.srcset, webp.sizes]).toEqual([
      'image/webp',
      'http://supabase.test/oak-720w.webp?token=t 720w, http://supabase.test/oak-1280w.webp?token=t 1280w',
      RESULT_PICTURE_SIZES,
    ]);
    expect(screen.getByRole('img', { name: 'Your original photo' })).toHaveAttribute(
      'src',
      'http://supabase.test/original-1040w.jpg?token=t',
    );
    expect(screen.getByRole('link', { name: 'Download result' })).toHaveAttribute('href', PROCESSED_URL);
  });

  it('says the result has expired once its images are deleted, with the ways on, and no image', async () => {
    const { user } = openResultLink((id) =>
      HttpResponse.json(row(id, { status: 'completed', images_deleted_at: '2027-02-24T03:17:00Z' })),
    );
    const heading = await screen.findByRole('heading', { name: 'This result has expired' });
    const notice = within(heading.closest('section')!);
    expect(
      notice.getByText(new RegExp(`${dataRetention.visualizerImagesDays} days after they are sent`)),
    ).toBeInTheDocument();
    expect(notice.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(notice.getByRole('link', { name: 'Get Free Quote' })).toHaveAttribute('href', '/#contact');
    expect(screen.queryByRole('img', { name: /before|after|new floor/i })).toBeNull();

    await user.click(notice.getByRole('button', { name: 'Try Another Photo' }));
    expect(await screen.findByRole('heading', { name: 'Upload a photo of your room' })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
  });

  it('says the result has expired once its links have ended, before the retention job has run', async () => {
    const made = new Date(Date.now() - (dataRetention.visualizerImagesDays * 86_400_000 + 60_000)).toISOString();
    openResultLink((id) => HttpResponse.json({ ...completedRow(id), created_at: made }));
    expect(await screen.findByRole('heading', { name: 'This result has expired' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /original photo|new hardwood floor/i })).toBeNull();
  });

  it("shows why the render failed when it failed (a reload in the render's wait), not that there is no such result", async () => {
    const reason = 'The image is damaged or incomplete and cannot be read.';
    const { user } = openResultLink((id) => HttpResponse.json(row(id, { status: 'failed', failure_reason: reason, failure_kind: 'another_photo' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(`We couldn't process this photo${reason}`);
    expect(screen.queryByRole('heading', { name: "We couldn't find this result" })).toBeNull();
    expect(window.location.hash).toBe('');
    await user.click(screen.getByRole('button', { name: 'Choose another photo' }));
    expect(await screen.findByRole('heading', { name: 'Upload a photo of your room' })).toBeInTheDocument();
  });

  it('counts the elapsed time from when the request was made when it follows a render again after a reload', async () => {
    // It restarted at 0:00, as if the photo had only just been sent.
    const made = Date.now() - 95_000;
    openResultLink((id) =>
      HttpResponse.json(row(id, { status: 'processing', created_at: new Date(made).toISOString() })),
    );
    const elapsed = await screen.findByText(/^\d+:\d\d$/, { selector: 'time' });
    expect(elapsed.closest('p')).toHaveTextContent(/^Elapsed time: \d+:\d\d$/);
    // The time since the request was made, however long a busy machine took to get this far (no window to hit).
    const [minutes, seconds] = elapsed.textContent!.split(':').map(Number);
    const shownSeconds = minutes! * 60 + seconds!;
    expect(shownSeconds).toBeGreaterThanOrEqual(95);
    expect(shownSeconds).toBeLessThanOrEqual(Math.ceil((Date.now() - made) / 1000));
  });

  it('says only what it can when the device goes offline while it follows a render again after a reload', async () => {
    // After a reload the page holds neither the photo nor the details (the address names the request): it said
    // "Your photo and details are kept on this page: reconnect to carry on." here too.
    const online = vi.spyOn(navigator, 'onLine', 'get');
    try {
      openResultLink((id) => HttpResponse.json(row(id, { status: 'processing' })));
      expect(await screen.findByRole('heading', { name: 'Laying your new hardwood floor...' })).toBeInTheDocument();
      online.mockReturnValue(false);
      act(() => window.dispatchEvent(new Event('offline')));
      // The step listens for 'offline' from an effect React may run a moment after the heading shows; an event before
      // it is read when it subscribes (failed once in four runs of this file, load ~15, asserted at once).
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent(
          "You're offline. Keep this page open and reconnect to carry on.",
        ),
      );
      expect(screen.getByRole('status')).not.toHaveTextContent(/kept on this page/);
    } finally {
      online.mockRestore();
      // React Query pauses its reads while the browser says it is offline: the next tests' pages would read nothing.
      act(() => window.dispatchEvent(new Event('online')));
    }
  });

  it('does not say the photo was sent when it follows a pending request after a reload', async () => {
    // The address names the request after an upload that failed too (the processor's host refused the connection):
    // the page said "Photo sent. Your render starts in a moment." of a photo that may never have left.
    openResultLink((id) => HttpResponse.json(row(id, { status: 'pending' })));
    expect(await screen.findByRole('heading', { name: 'Laying your new hardwood floor...' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Waiting for our visualizer to answer.'));
    expect(screen.getByRole('status')).not.toHaveTextContent('Photo sent');
  });

  it('says the render is under way, and only that, when it follows a processing request after a reload', async () => {
    // The link's read found the row processing; until the follow's own first read the step said "Waiting for our
    // visualizer to answer." of a render under way, then "Finding the floor ...", and said "Waiting ..." again for a
    // moment when the follow read the render completed: each a new announcement, the "Waiting" ones untrue.
    let answerFollow = () => {};
    const followAnswered = new Promise<void>((resolve) => (answerFollow = resolve));
    openResultLink(async (id, attempt) => {
      if (attempt === 1) return HttpResponse.json(row(id, { status: 'processing' }));
      await followAnswered;
      return HttpResponse.json(completedRow(id));
    });
    const said = new Set<string>();
    const listen = new MutationObserver(() => {
      for (const status of screen.queryAllByRole('status')) said.add(status.textContent ?? '');
    });
    listen.observe(document.body, { subtree: true, childList: true, characterData: true });
    try {
      expect(await screen.findByRole('heading', { name: 'Laying your new hardwood floor...' })).toBeInTheDocument();
      const rendering = 'Finding the floor in your photo and fitting planks to the room.';
      expect(screen.getByRole('status')).toHaveTextContent(rendering);
      answerFollow();
      expect(await screen.findByRole('heading', { name: 'Your room with hardwood floors' })).toBeInTheDocument();
    } finally {
      listen.disconnect();
    }
    expect([...said].filter((text) => text.includes('Waiting for our visualizer'))).toEqual([]);
  });

  it('says so when there is no such result', async () => {
    openResultLink(() => HttpResponse.json({ code: 'PGRST116', message: 'no rows' }, { status: 406 }));
    const heading = await screen.findByRole('heading', { name: "We couldn't find this result" });
    // No row is also what a deleted request leaves (data:forget, or the retention job after its months): the notice
    // said only "The link may be incomplete." (decision 040, session 19).
    expect(heading.closest('section')).toHaveTextContent(
      'The link may be incomplete, or the request has been deleted. Upload a photo of your room to see it with a new floor.',
    );
  });

  // The stepper said "Upload (done)", "Your info (done)" and "Processing (done)" above a link that names no result
  // or could not be read: nothing says this visitor did any of it. The result (and an expired one) did have them.
  it.each([
    [
      'no such result',
      () => HttpResponse.json({ code: 'PGRST116', message: 'no rows' }, { status: 406 }),
      "We couldn't find this result",
      0,
    ],
    ['an unreachable server', () => HttpResponse.error(), "We couldn't load this result", 0],
    ['the result', (id: string) => HttpResponse.json(completedRow(id)), 'Your room with hardwood floors', 3],
    [
      'an expired result',
      (id: string) => HttpResponse.json(row(id, { status: 'completed', images_deleted_at: '2027-02-24T03:17:00Z' })),
      'This result has expired',
      3,
    ],
  ])('marks steps done in the progress only when there was a result: %s', async (_, answer, shown, done) => {
    openResultLink(answer);
    await screen.findByRole('heading', { name: shown });
    const progress = within(screen.getByRole('navigation', { name: 'Progress' }));
    expect(progress.queryAllByText('(done)')).toHaveLength(done);
    expect(progress.queryAllByRole('listitem', { current: 'step' })).toHaveLength(done === 0 ? 0 : 1);
  });

  // A link that is fine but met a server that did not answer (offline, the API down or failing) must not be told
  // that its result does not exist: it is told the truth and can try again.
  it.each([
    [
      'the API answers 503',
      () => HttpResponse.json({ message: 'The service is unavailable right now.' }, { status: 503 }),
    ],
    ['the connection fails', () => HttpResponse.error()],
  ])(
    'when %s, says the result could not be loaded (not that there is none) and loads it on "Try again"',
    async (_, failure) => {
      let reachable = false;
      const { calls, user } = openResultLink((id) => (reachable ? HttpResponse.json(completedRow(id)) : failure()));
      const heading = await screen.findByRole('heading', { name: "We couldn't load this result" });
      expect(screen.queryByRole('heading', { name: "We couldn't find this result" })).toBeNull();
      const notice = within(heading.closest('section')!);
      expect(notice.getByText(/could not reach our server/i)).toBeInTheDocument();

      reachable = true;
      const readsBefore = calls.reads.length;
      await user.click(notice.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { name: 'Your room with hardwood floors' })).toBeInTheDocument();
      expect(calls.reads.length).toBe(readsBefore + 1);
    },
    30_000,
  );
});
