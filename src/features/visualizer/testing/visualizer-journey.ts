import { screen, waitFor } from '@testing-library/react';
import { renderRoute } from '@/testing/render';
import { imageFile } from './visualizer-calls';

/** The visitor's way through the visualizer's first steps, shared by its component tests. */
export async function openPage(options: Parameters<typeof renderRoute>[1] = {}) {
  const view = renderRoute('/floor-visualizer', options);
  // The route is lazy: the first visit waits for its chunk.
  await screen.findByRole('heading', { level: 1, name: 'Snap & See Wood' });
  return view;
}

export type User = Awaited<ReturnType<typeof openPage>>['user'];

export async function chooseFile(user: User, file = imageFile()) {
  await user.upload(screen.getByLabelText('Choose a photo'), file);
  // The page reads the start of the file before it answers: its answer is the details step or words saying why not.
  await waitFor(
    () => {
      if (!screen.queryByRole('textbox', { name: 'Name' }) && !screen.queryByRole('alert')) {
        throw new Error('The page has not answered the chosen file yet.');
      }
    },
    // A 10 MB file read in jsdom on a loaded runner took longer than waitFor's default second.
    { timeout: 5000 },
  );
}

export async function fillInfo(user: User, name = 'Dana Whitman', email = 'dana@example.com') {
  await user.type(screen.getByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Email'), email);
}

/** Upload -> info -> 'Process Image', with the calls answered by the handlers the test installed. */
export async function startProcessing(options: Parameters<typeof renderRoute>[1] = {}) {
  const view = await openPage(options);
  await chooseFile(view.user);
  await fillInfo(view.user);
  await view.user.click(screen.getByRole('button', { name: 'Process Image' }));
  return view;
}
