import { act, screen, within } from '@testing-library/react';
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
});
