import { afterEach, describe, expect, it, vi } from 'vitest';
import { elementDrawn, TOAST_HANG_GUARD_MS } from './render-page';

afterEach(() => vi.useRealTimers());

/** The build's wait for sonner's loading toast (renderSendingToast): the thing itself, however late it comes. */
describe("the build's wait for a drawn element", () => {
  it('ends when the element is drawn, even a minute late on a busy machine', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const container = document.createElement('div');
    document.body.append(container);
    let outcome = 'waiting';
    const drawn = elementDrawn(container, '[data-mounted="true"]', TOAST_HANG_GUARD_MS, 'the toast');
    drawn.then(
      () => (outcome = 'drawn'),
      (error: Error) => (outcome = error.message),
    );

    const toast = document.createElement('li');
    toast.setAttribute('data-mounted', 'false');
    container.append(toast);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(outcome).toBe('waiting');
    // sonner marks its toast drawn by changing the attribute, from the toast's own effect.
    toast.setAttribute('data-mounted', 'true');
    await drawn;
    expect(outcome).toBe('drawn');
    container.remove();
  });

  it('gives up only after the hang guard, naming what it waited for', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const container = document.createElement('div');
    const drawn = elementDrawn(container, '[data-mounted="true"]', TOAST_HANG_GUARD_MS, 'the toast');
    const failed = expect(drawn).rejects.toThrow(`Still no the toast after ${TOAST_HANG_GUARD_MS / 1000} s`);
    await vi.advanceTimersByTimeAsync(TOAST_HANG_GUARD_MS);
    await failed;
  });
});
