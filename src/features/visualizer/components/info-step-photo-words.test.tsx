import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { imageFile } from '../testing/visualizer-calls';
import { chooseFile, openPage } from '../testing/visualizer-journey';
import { preparePhotoAhead } from '../utils/prepare-photo-ahead';

// jsdom opens no photo at all; what the browser made of each file is said here instead (prepare-photo.test.ts and
// e2e/visualizer-upload.spec.ts check the preparation itself).
vi.mock('../utils/prepare-photo-ahead', () => ({ preparePhotoAhead: vi.fn() }));

const opened = imageFile(2048, 'living-room.jpg');
const notOpened = imageFile(2048, 'IMG_0042.HEIC', 'image/heic');
vi.mocked(preparePhotoAhead).mockImplementation(async (file) => ({
  dataUrl: 'data:image/jpeg;base64,AAAA',
  gzippedDataUrl: null,
  reencoded: file !== notOpened,
}));

describe('the info step says what leaves with the photo', () => {
  // A photo the browser cannot open is sent as chosen, its GPS position blanked but its time and camera kept
  // (prepare-photo.ts, the privacy page's "One exception"): "we strip the camera details" was untrue of it.
  it('says the camera details are stripped only from a photo the browser could open, and says what goes otherwise', async () => {
    const { user } = await openPage();
    await chooseFile(user, opened);
    expect(
      await screen.findByText(
        /We strip the location and camera details from your photo and delete the pictures after 90 days\./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/can't open this photo/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await chooseFile(user, notOpened);
    expect(
      await screen.findByText(
        "Your browser can't open this photo, so it goes to us as it is: without the place it was taken, but with its other details, such as the time and the camera. We delete that file once your picture is made (after 1 day if it cannot be), and the pictures after 90 days.",
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/We strip the location and camera details/)).not.toBeInTheDocument();
  });
});
