import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrapPage } from './page-bootstrap';

const ENTRY = '/assets/index-test.js';
const entryScript = () => document.head.querySelector<HTMLScriptElement>(`script[src="${ENTRY}"]`);
/** Lets two animation frames and the task after them run. */
const afterNextPaint = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));

/**
 * A prerendered page: a hero image, a button and a form. jsdom decodes no images: `decoded()` says when the
 * hero is ready to paint.
 */
function prerenderedPage({ imageLoaded }: { imageLoaded: boolean }) {
  document.body.innerHTML = `
    <div id="root">
      <img fetchpriority="high" alt="A room" />
      <button type="button">Free Flooring Guide</button>
      <form><input name="email" /><button type="submit">Send</button></form>
    </div>`;
  const image = document.querySelector('img')!;
  let decoded = () => {};
  const decoding = imageLoaded ? Promise.resolve() : new Promise<void>((resolve) => (decoded = resolve));
  image.decode = () => decoding;
  return { decoded: () => decoded(), button: document.querySelector('button')!, form: document.querySelector('form')! };
}

afterEach(() => {
  window.pageBootstrap?.takeOver();
  delete window.pageBootstrap;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  document.body.innerHTML = '';
});

describe('the inlined page bootstrap', () => {
  it('fetches the entry only once the main image has been decoded and painted', async () => {
    const { decoded } = prerenderedPage({ imageLoaded: false });
    bootstrapPage(ENTRY);
    await afterNextPaint();
    expect(entryScript(), 'before the image is ready').toBeNull();

    decoded();
    await Promise.resolve();
    await afterNextPaint();
    expect(entryScript()?.type).toBe('module');
  });

  it('on a page without a main image, waits for its first frame to be on the screen, not just drawn', async () => {
    // Chromium reports a paint entry once its frame is presented, which can come long after two animation frames;
    // jsdom has no paint timing, so the browser's is played by hand.
    let present: (() => void) | undefined;
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(private readonly callback: () => void) {}
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: 'paint', buffered: true });
        present = () => this.callback();
      }
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    try {
      document.body.innerHTML = '<div id="root"><h1>Terms of Service</h1><p>This website belongs to us.</p></div>';
      bootstrapPage(ENTRY);
      await afterNextPaint();
      await afterNextPaint();
      expect(entryScript(), 'drawn twice, not yet presented').toBeNull();

      present!();
      await afterNextPaint();
      expect(entryScript()).not.toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('on a page without a main image, in a browser without paint timing, fetches the entry after the next paint', async () => {
    document.body.innerHTML = '<div id="root"><h1>Terms of Service</h1></div>';
    bootstrapPage(ENTRY);
    await afterNextPaint();
    expect(entryScript()).not.toBeNull();
  });

  it("hands the app's chunks to the entry, which fetches them once the page's first answers are in", () => {
    prerenderedPage({ imageLoaded: false });
    const chunks = ['/assets/start-app-test.js', '/assets/page-head-test.js'];
    bootstrapPage(ENTRY, chunks);
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    expect(window.pageBootstrap?.takeOver().appChunks).toEqual(chunks);
  });

  it('fetches the entry after the next paint when the image is already there', async () => {
    prerenderedPage({ imageLoaded: true });
    bootstrapPage(ENTRY);
    expect(entryScript()).toBeNull();
    await Promise.resolve();
    await afterNextPaint();
    expect(entryScript()).not.toBeNull();
  });

  it('on a page that opens at the top, tells the browser not to put an old scroll position back, at once', () => {
    prerenderedPage({ imageLoaded: false });
    window.history.scrollRestoration = 'auto';
    bootstrapPage(ENTRY);
    expect(window.history.scrollRestoration, 'a page that keeps its position').toBe('auto');

    window.pageBootstrap?.takeOver();
    document.getElementById('root')!.dataset.opensAtTop = '';
    bootstrapPage(ENTRY);
    expect(window.history.scrollRestoration).toBe('manual');
    window.history.scrollRestoration = 'auto';
  });

  it('fetches the entry at once, once only, when a button is pressed before the first screen has painted', () => {
    const { button } = prerenderedPage({ imageLoaded: false });
    bootstrapPage(ENTRY);
    window.dispatchEvent(new Event('scroll'));
    expect(entryScript(), 'a scroll waits for the first paint').toBeNull();
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(document.head.querySelectorAll(`script[src="${ENTRY}"]`)).toHaveLength(1);
    expect(window.pageBootstrap!.takeOver().interacted).toBe(true);
  });

  it('holds a button click and a submission, and hands them to the entry, which then has the page to itself', () => {
    const { button, form } = prerenderedPage({ imageLoaded: false });
    bootstrapPage(ENTRY);
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);

    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    button.dispatchEvent(click);
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(click.defaultPrevented).toBe(true);
    expect(submit.defaultPrevented).toBe(true);
    expect(entryScript()).not.toBeNull();

    const held = window.pageBootstrap!.takeOver();
    expect(held.interacted).toBe(true);
    expect(held.replays).toHaveLength(2);
    clicks.mockClear();
    submitted.mockClear();
    held.replays.forEach((replay) => replay());
    expect(clicks).toHaveBeenCalledOnce();
    expect(submitted).toHaveBeenCalledOnce();

    // Taken over: the bootstrap no longer holds anything.
    const later = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    button.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('leaves a click that opens a new tab or window alone', () => {
    const { button } = prerenderedPage({ imageLoaded: false });
    bootstrapPage(ENTRY);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    button.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it('lets what it held go ahead when the entry cannot load', () => {
    const { button } = prerenderedPage({ imageLoaded: false });
    bootstrapPage(ENTRY);
    const clicks = vi.fn();
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    button.addEventListener('click', clicks);
    entryScript()!.dispatchEvent(new Event('error'));
    expect(clicks).toHaveBeenCalledOnce();
  });
});
