import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoPreview } from './photo-preview';

describe('the chosen photo, when it cannot be shown', () => {
  // A ".jpg" that is not one (a download cut short) was said to be something this browser cannot show, as if it were
  // an iPhone's HEIC: the visitor went on, and learned only after the upload that the file was damaged.
  it('says a JPEG, PNG or WebP that does not show may be damaged, with the way back', () => {
    render(<PhotoPreview file={new File(['not a jpeg'], 'room.jpg', { type: 'image/jpeg' })} />);
    fireEvent.error(screen.getByRole('img', { name: 'Your photo: room.jpg' }));
    expect(screen.getByRole('img', { name: 'Your photo: room.jpg' })).toHaveTextContent(
      "We can't show this photo: the file may be damaged. You can send it anyway, or go Back and choose another.",
    );
  });

  it("says a format this browser does not show (an iPhone HEIC) is this browser's, not the photo's", () => {
    render(<PhotoPreview file={new File(['heic'], 'room.heic', { type: 'image/heic' })} />);
    fireEvent.error(screen.getByRole('img', { name: 'Your photo: room.heic' }));
    expect(screen.getByRole('img', { name: 'Your photo: room.heic' })).toHaveTextContent(
      'This browser cannot show a preview of this photo.',
    );
  });
});
