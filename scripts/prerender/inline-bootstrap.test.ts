import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineBootstrap } from './inline-bootstrap';

const root = path.resolve(__dirname, '../..');
const page = (img: string) =>
  `<html><head><script type="module" crossorigin src="/assets/index-test.js"></script></head><body><div id="root">${img}<p>Words</p></div></body></html>`;

describe("each page's inlined bootstrap", () => {
  it('on a page without a main image waits for its first paint to be presented; a page with one carries none of that', async () => {
    const text = await inlineBootstrap(page(''), root);
    expect(text).toContain('PerformanceObserver');
    // As React writes it: the home page has no byte to spare in its first round trip (decision 011).
    const withImage = await inlineBootstrap(page('<img src="/hero.avif" alt="A room" fetchPriority="high"/>'), root);
    expect(withImage).toContain('.decode()');
    expect(withImage).not.toContain('PerformanceObserver');
  });
});
