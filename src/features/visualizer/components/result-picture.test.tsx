import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESULT_PICTURE_RETRY_MS, RESULT_PICTURE_TRIES, ResultPicture } from './result-picture';

const copies = {
  webp: [
    {
      width: 720,
      height: 540,
      url: 'http://supabase.test/storage/v1/object/sign/floor-visualizer/abc/oak-720w.webp?token=t',
    },
    {
      width: 1280,
      height: 960,
      url: 'http://supabase.test/storage/v1/object/sign/floor-visualizer/abc/oak-1280w.webp?token=t',
    },
  ],
  jpeg: {
    width: 1040,
    height: 780,
    url: 'http://supabase.test/storage/v1/object/sign/floor-visualizer/abc/oak-1040w.jpg?token=t',
  },
};
const ALT = 'Your room with a new hardwood floor';

// Decision 058: a phone that lost its connection while the picture was asked for kept a dark box for good.
describe('a result picture whose load failed', () => {
  let online = true;
  beforeEach(() => {
    vi.useFakeTimers();
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is asked for again once the phone is back online, not before', () => {
    render(<ResultPicture fullUrl="http://supabase.test/full.jpg" renditions={copies} alt={ALT} />);
    const first = screen.getByAltText(ALT);
    online = false;
    fireEvent.error(first);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByAltText(ALT)).toBe(first);

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    const again = screen.getByAltText(ALT);
    expect(again).not.toBe(first);
    expect(again).toHaveAttribute('src', copies.jpeg.url);
    expect(again.closest('picture')?.querySelector('source')).toHaveAttribute(
      'srcset',
      `${copies.webp[0]!.url} 720w, ${copies.webp[1]!.url} 1280w`,
    );
  });

  it('is asked for again after a pause while online, a few times in all, and keeps its own error handler', () => {
    const onError = vi.fn();
    render(
      <ResultPicture fullUrl="http://supabase.test/full.jpg" renditions={undefined} alt={ALT} onError={onError} />,
    );
    const elements = [screen.getByAltText(ALT)];
    for (let failure = 1; failure < RESULT_PICTURE_TRIES; failure++) {
      fireEvent.error(elements.at(-1)!);
      act(() => vi.advanceTimersByTime(RESULT_PICTURE_RETRY_MS - 1));
      expect(screen.getByAltText(ALT)).toBe(elements.at(-1));
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByAltText(ALT)).not.toBe(elements.at(-1));
      elements.push(screen.getByAltText(ALT));
    }
    fireEvent.error(elements.at(-1)!);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByAltText(ALT)).toBe(elements.at(-1));
    expect(onError).toHaveBeenCalledTimes(RESULT_PICTURE_TRIES);
  });
});
