import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { TEST_WEBHOOK_URL } from '@/testing/test-env';
import {
  completedRow,
  imageFile,
  insertHandler,
  newCalls,
  readHandler,
  row,
  webhookHandler,
} from '../testing/visualizer-calls';
import { chooseFile, fillInfo, openPage } from '../testing/visualizer-journey';

// The phone's Back and Forward move between the visualizer's steps (session 33, journeys: Back on "Your info" left the
// page, and the photo and the name typed were lost). The memory router's history stands for the browser's.

function expectStep(label: string) {
  const progress = screen.getByRole('navigation', { name: 'Progress' });
  expect(within(progress).getByRole('listitem', { current: 'step' })).toHaveTextContent(label);
}

const INFO_HEADING = 'Where should we send your result?';
const RESULT_HEADING = 'Your room with hardwood floors';

describe("the browser's Back and Forward on the visualizer", () => {
  it('Back on the info step goes to the upload step with the photo still chosen, Forward back to the name typed', async () => {
    const { user, router } = await openPage();
    await chooseFile(user, imageFile(2048, 'den.jpg'));
    await screen.findByRole('heading', { name: INFO_HEADING });
    await user.type(screen.getByLabelText('Name'), 'Dana Whitman');

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/floor-visualizer');
    expectStep('Upload');
    expect(screen.getByText('den.jpg')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with this photo' })).toBeInTheDocument();

    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { name: INFO_HEADING })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Dana Whitman');
    expect(screen.getByRole('img', { name: 'Your photo: den.jpg' })).toBeInTheDocument();
  });

  it("the page's own Back goes back in the history, so the phone's Back then leaves and Forward returns to the details", async () => {
    const { user, router } = await openPage();
    await chooseFile(user, imageFile(2048, 'den.jpg'));
    await fillInfo(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expectStep('Upload');
    await user.click(screen.getByRole('button', { name: 'Continue with this photo' }));
    expect(await screen.findByRole('heading', { name: INFO_HEADING })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com');

    await act(() => router.navigate(-1));
    expectStep('Upload');
    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { name: INFO_HEADING })).toBeInTheDocument();
  });

  it('Back from the result goes to the details with the photo, name and e-mail kept; Forward shows the result again', async () => {
    const calls = newCalls();
    server.use(
      insertHandler(calls),
      webhookHandler(calls),
      readHandler(calls, (id) => HttpResponse.json(completedRow(id))),
    );
    const { user, router } = await openPage();
    await chooseFile(user, imageFile(2048, 'den.jpg'));
    await fillInfo(user);
    await user.click(screen.getByRole('button', { name: 'Process Image' }));
    expect(await screen.findByRole('heading', { name: RESULT_HEADING })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: INFO_HEADING })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Dana Whitman');
    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com');
    expect(router.state.location.hash).toBe('');

    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { name: RESULT_HEADING })).toBeInTheDocument();
    expect(calls.webhooks).toHaveLength(1);
  });

  it('Back while the floor is laid goes to the details, everything kept, and says the render was stopped (decision 056)', async () => {
    const calls = newCalls();
    // The processor holds its answer while it renders: the page is on the processing step.
    server.use(
      insertHandler(calls),
      http.post(TEST_WEBHOOK_URL, async ({ request }) => {
        calls.webhooks.push((await request.json()) as Record<string, unknown>);
        return new Promise<Response>(() => undefined);
      }),
    );
    const { user, router } = await openPage();
    await chooseFile(user, imageFile(2048, 'den.jpg'));
    await fillInfo(user);
    await user.click(screen.getByRole('button', { name: 'Process Image' }));
    expectStep('Processing');

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: INFO_HEADING })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Dana Whitman');
    expect(screen.getByRole('img', { name: 'Your photo: den.jpg' })).toBeInTheDocument();
    expect(await screen.findByText('Back to your details')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Process Image' })).toBeEnabled();
  });

  // Session 34: Back while the floor is laid, then "Process Image" again, made a second request: a second row, render
  // and e-mail, the first still rendered and e-mailed. The same details resume it; changed ones withdraw it.
  describe('"Process Image" after Back while the floor is laid', () => {
    /** The first photo's answer is held (the floor is being laid); later calls answer at once. */
    function holdFirstPhoto(calls: ReturnType<typeof newCalls>) {
      return http.post(TEST_WEBHOOK_URL, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.webhooks.push(body);
        if (calls.webhooks.length === 1) return new Promise<Response>(() => undefined);
        if (body.withdraw) return HttpResponse.json({ status: 'withdrawn', requestId: body.requestId });
        return HttpResponse.json({ status: 'processing', requestId: body.requestId }, { status: 202 });
      });
    }

    async function backWhileLaying(calls: ReturnType<typeof newCalls>, user: Awaited<ReturnType<typeof openPage>>['user'], router: Awaited<ReturnType<typeof openPage>>['router']) {
      await chooseFile(user, imageFile(2048, 'den.jpg'));
      await fillInfo(user);
      await user.click(screen.getByRole('button', { name: 'Process Image' }));
      expectStep('Processing');
      // The row is stored (the photo's first bytes out, or a second on): the request is out.
      await waitFor(() => expect(calls.inserts).toHaveLength(1), { timeout: 3_000 });
      await act(() => router.navigate(-1));
      expect(await screen.findByRole('heading', { name: INFO_HEADING })).toBeInTheDocument();
    }

    it('with the same photo, name and e-mail follows the request already out: one row, one photo sent, its result', async () => {
      const calls = newCalls();
      server.use(
        insertHandler(calls),
        holdFirstPhoto(calls),
        // The photo reached the processor before Back: its floor is being laid, then laid.
        readHandler(calls, (id, attempt) => HttpResponse.json(attempt < 2 ? row(id) : completedRow(id))),
      );
      const { user, router } = await openPage();
      await backWhileLaying(calls, user, router);
      const first = calls.id();

      await user.click(await screen.findByRole('button', { name: 'Process Image' }));
      expect(await screen.findByRole('heading', { name: RESULT_HEADING }, { timeout: 15_000 })).toBeInTheDocument();
      expect(calls.inserts).toHaveLength(1);
      expect(calls.webhooks).toHaveLength(1);
      expect(calls.reads.every((read) => new URL(read.url).searchParams.get('id') === `eq.${first}`)).toBe(true);
    }, 20_000);

    it('takes away "Back to your details ... press Process Image" once it is pressed: it lay over the result\'s heading', async () => {
      // Journeys3, session 34: at 360 px the toast (5 s) still covered the result's heading, focused at the top, and
      // told a visitor who had done so to press Process Image.
      const calls = newCalls();
      server.use(
        insertHandler(calls),
        holdFirstPhoto(calls),
        readHandler(calls, (id) => HttpResponse.json(row(id))),
      );
      const { user, router } = await openPage();
      await backWhileLaying(calls, user, router);
      expect(await screen.findByText('Back to your details')).toBeInTheDocument();

      await user.click(await screen.findByRole('button', { name: 'Process Image' }));
      expectStep('Processing');
      // Well inside the toast's own 5 s, so it is the press that took it away (sonner unmounts it 200 ms after).
      await waitFor(() => expect(screen.queryByText('Back to your details')).not.toBeInTheDocument(), { timeout: 1_500 });
    }, 20_000);

    it('with the same details, a row still pending (its photo stopped on the way) gets the photo again under its id', async () => {
      const calls = newCalls();
      server.use(
        insertHandler(calls),
        holdFirstPhoto(calls),
        readHandler(calls, (id) => HttpResponse.json(calls.webhooks.length < 2 ? row(id, { status: 'pending' }) : completedRow(id))),
      );
      const { user, router } = await openPage();
      await backWhileLaying(calls, user, router);
      const first = calls.id();

      await user.click(await screen.findByRole('button', { name: 'Process Image' }));
      expect(await screen.findByRole('heading', { name: RESULT_HEADING }, { timeout: 15_000 })).toBeInTheDocument();
      expect(calls.inserts).toHaveLength(1);
      expect(calls.webhooks.map((call) => call.requestId)).toEqual([first, first]);
    }, 20_000);

    it('with the name corrected withdraws the request out under the old name, and makes one new request', async () => {
      const calls = newCalls();
      server.use(
        insertHandler(calls),
        holdFirstPhoto(calls),
        readHandler(calls, (id) => HttpResponse.json(completedRow(id))),
      );
      const { user, router } = await openPage();
      await backWhileLaying(calls, user, router);
      const first = calls.id();
      await user.clear(screen.getByLabelText('Name'));
      await user.type(screen.getByLabelText('Name'), 'Dana Whitmore');

      await user.click(await screen.findByRole('button', { name: 'Process Image' }));
      expect(await screen.findByRole('heading', { name: RESULT_HEADING }, { timeout: 15_000 })).toBeInTheDocument();
      expect(calls.webhooks.filter((call) => call.withdraw)).toEqual([
        { requestId: first, name: 'Dana Whitman', email: 'dana@example.com', withdraw: true },
      ]);
      expect(calls.inserts).toHaveLength(2);
      const photos = calls.webhooks.filter((call) => !call.withdraw);
      expect(photos).toHaveLength(2);
      expect(photos[1]).toMatchObject({ name: 'Dana Whitmore' });
      expect(photos[1]?.requestId).not.toBe(first);
    }, 20_000);
  });

  // Session 34's Left: a withdrawal that got no answer (offline, the processor down) was not sent again, so the request
  // out under the old details still rendered and e-mailed its result.
  describe('a withdrawal that gets no answer', () => {
    /** The first photo is held; the first withdrawal gets no answer (a network error), later ones are answered. */
    function loseFirstWithdrawal(calls: ReturnType<typeof newCalls>, { holdNewPhoto = false } = {}) {
      let withdrawals = 0;
      return http.post(TEST_WEBHOOK_URL, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        calls.webhooks.push(body);
        if (body.withdraw) {
          withdrawals += 1;
          return withdrawals === 1 ? HttpResponse.error() : HttpResponse.json({ status: 'withdrawn', requestId: body.requestId });
        }
        if (calls.webhooks.length === 1 || holdNewPhoto) return new Promise<Response>(() => undefined);
        return HttpResponse.json({ status: 'processing', requestId: body.requestId }, { status: 202 });
      });
    }
    const withdrawalsOf = (calls: ReturnType<typeof newCalls>) => calls.webhooks.filter((call) => call.withdraw);

    async function correctNameAfterBack(calls: ReturnType<typeof newCalls>) {
      const { user, router } = await openPage();
      await chooseFile(user, imageFile(2048, 'den.jpg'));
      await fillInfo(user);
      await user.click(screen.getByRole('button', { name: 'Process Image' }));
      await waitFor(() => expect(calls.inserts).toHaveLength(1), { timeout: 3_000 });
      await act(() => router.navigate(-1));
      await user.clear(await screen.findByLabelText('Name'));
      await user.type(screen.getByLabelText('Name'), 'Dana Whitmore');
      const first = calls.id();
      await user.click(screen.getByRole('button', { name: 'Process Image' }));
      return first;
    }

    it('is sent again once the new request\'s photo is answered: the processor is back', async () => {
      const calls = newCalls();
      server.use(insertHandler(calls), loseFirstWithdrawal(calls), readHandler(calls, (id) => HttpResponse.json(completedRow(id))));
      const first = await correctNameAfterBack(calls);
      expect(await screen.findByRole('heading', { name: RESULT_HEADING }, { timeout: 15_000 })).toBeInTheDocument();
      await waitFor(() => expect(withdrawalsOf(calls)).toHaveLength(2), { timeout: 5_000 });
      const withdrawal = { requestId: first, name: 'Dana Whitman', email: 'dana@example.com', withdraw: true };
      expect(withdrawalsOf(calls)).toEqual([withdrawal, withdrawal]);
      expect(calls.inserts).toHaveLength(2);
    }, 20_000);

    it('is sent again when the connection comes back', async () => {
      const calls = newCalls();
      server.use(
        insertHandler(calls),
        loseFirstWithdrawal(calls, { holdNewPhoto: true }),
        readHandler(calls, (id) => HttpResponse.json(row(id))),
      );
      const first = await correctNameAfterBack(calls);
      await waitFor(() => expect(withdrawalsOf(calls)).toHaveLength(1));
      expectStep('Processing');

      act(() => void window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(withdrawalsOf(calls)).toHaveLength(2), { timeout: 5_000 });
      expect(withdrawalsOf(calls)[1]).toEqual({ requestId: first, name: 'Dana Whitman', email: 'dana@example.com', withdraw: true });
      // Answered: nothing more is owed, so the next time the connection comes back nothing is sent.
      act(() => void window.dispatchEvent(new Event('online')));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(withdrawalsOf(calls)).toHaveLength(2);
    }, 20_000);
  });

  // Session 33's Left: a reload on the details, or "Try Another Photo", left entries on which Back changed nothing on
  // screen. The page goes back to its first entry (the upload step) instead, so the next Back leaves it.
  describe('every Back shows something', () => {
    const UPLOAD_HEADING = 'Upload a photo of your room';

    it('a reload on the details (the photo gone): one Back leaves for the page before', async () => {
      const { router } = await openPage({
        entries: [
          '/',
          '/floor-visualizer',
          { pathname: '/floor-visualizer', state: { visualizerStep: 'info', behind: 'upload', depth: 1 } },
        ],
      });
      expect(await screen.findByRole('heading', { name: UPLOAD_HEADING })).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.state).toBeNull());

      await act(() => router.navigate(-1));
      expect(router.state.location.pathname).toBe('/');
    });

    it('"Try Another Photo": one Back leaves for the page before, not to details with no photo', async () => {
      const calls = newCalls();
      server.use(insertHandler(calls), webhookHandler(calls), readHandler(calls, (id) => HttpResponse.json(completedRow(id))));
      const { user, router } = await openPage({ entries: ['/', '/floor-visualizer'] });
      await chooseFile(user, imageFile(2048, 'den.jpg'));
      await fillInfo(user);
      await user.click(screen.getByRole('button', { name: 'Process Image' }));
      await user.click(await screen.findByRole('button', { name: 'Try Another Photo' }));
      expect(await screen.findByRole('heading', { name: UPLOAD_HEADING })).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.state).toBeNull());

      await act(() => router.navigate(-1));
      expect(router.state.location.pathname).toBe('/');
    });
  });
});
